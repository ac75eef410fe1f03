import assert from "node:assert/strict";
import { test } from "node:test";
import { datasetCard, type HfCardFacts } from "./hf-dataset";

const facts = (p: Partial<HfCardFacts> = {}): HfCardFacts => ({
  title: 'Rome "spring" plans\n---',
  license: null,
  version: "1.2.3",
  exportedAt: "2026-11-24T10:00:00.000Z",
  filters: { dataset: "ds1", target: "trl" },
  configs: [
    { name: "preference_pairs", folder: "data", splits: { test: 2, train: 8, validation: 1 } },
    { name: "sft", folder: "sft", splits: {} },
    { name: "judgments", folder: "judgments", splits: { train: 30, test: 6 } },
  ],
  protocol: { raters: [3], strength: true, dimensions: ["Feasibility", "Pacing and timing"] },
  requestsPerSplit: { train: 5, test: 1, validation: 1 },
  leftOut: { "pairs labelled Neither": 2 },
  agreement: {
    pairs: 11,
    fleiss: { value: 0.41, ci: { lo: 0.2, hi: 0.6, replicates: 1000 } },
    krippendorff: { value: 0.42, ci: null },
    pairwise: { value: 0.7, ci: null },
    allAgree: { value: 0.5, ci: null },
  },
  dawidSkene: { pairs: 10, differ: 1 },
  target: "trl",
  labelSource: "experts",
  ...p,
});

test("the card's YAML lists each configuration with rows, its splits in train, validation, test order; the title is quoted", () => {
  const card = datasetCard(facts());
  const yaml = card.split("\n---\n")[0];
  assert.ok(yaml.startsWith("---\n"));
  assert.match(yaml, /^pretty_name: "Rome \\"spring\\" plans\\n---"$/m);
  assert.doesNotMatch(yaml, /^license:/m);
  assert.doesNotMatch(yaml, /config_name: sft/);
  assert.match(
    yaml,
    /- config_name: preference_pairs\n  default: true\n  data_files:\n  - split: train\n    path: data\/train-\*\n  - split: validation\n    path: data\/validation-\*\n  - split: test\n    path: data\/test-\*/,
  );
  assert.match(yaml, /size_categories:\n- n<1K/);
  assert.match(card, /A or B verdicts carry a strength/);
  assert.match(card, /on 2 dimensions: Feasibility, Pacing and timing/);
  assert.match(card, /Fleiss' kappa: 0\.410 \(95 % CI 0\.200–0\.600\)/);
  assert.match(card, /differs from the majority on 1 of 10 labelled pairs \(10\.0 %\)/);
  assert.match(card, /\| judgments \| 30 \| 0 \| 6 \|/);
  assert.match(datasetCard(facts({ license: "cc-by-4.0" })), /^license: cc-by-4\.0$/m);
});

test("the card says whose labels it holds: the experts' only, or the judges' decisions too (label_source=all)", () => {
  assert.match(datasetCard(facts()), /Every label is the experts': pairs an automatic judge decided/);
  const all = datasetCard(facts({ labelSource: "all" }));
  assert.match(all, /also hold pairs an automatic judge decided/);
  assert.match(all, /`label_source` "judge", with `label_judge`, `label_threshold` and `label_confidence`/);
  // OpenAI's rows carry no metadata: the card alone says it.
  assert.doesNotMatch(datasetCard(facts({ labelSource: "all", target: "openai" })), /`label_source` "judge"/);
});
