import assert from "node:assert/strict";
import { test } from "node:test";
import { trainerOptions } from "../testing/export-records";
import {
  checkPreferenceOptions,
  DEFAULT_SPLIT,
  MARGIN_RULES,
  PREFERENCE_TARGETS,
  preferenceRows,
  splitOf,
  splitSpec,
  type PreferencePairInput,
} from "./preference";

const o = trainerOptions;
// A ChinaTravel-like record as the dataset published it: the text goes into the assistant turn untouched.
const A = '{"people_number":1,"start_city":"上海","target_city":"北京","itinerary":[{"day":1,"activities":[]}]}';
const B = '{"people_number":1,"start_city":"上海","target_city":"北京","itinerary":[]}';
const pair = (
  verdicts: ("A" | "B" | "NEITHER")[],
  strength: (number | null)[] = verdicts.map(() => null),
): PreferencePairInput => ({
  pairId: "p1",
  queryId: "q1",
  ownSplit: null,
  request: {
    text: "Two days in Beijing, museums please.",
    destination: "Beijing",
    origin: "Shanghai",
    days: 2,
    people: 1,
    startDate: "2026-05-01",
    preferences: { interests: ["museums"] },
  },
  planA: A,
  planB: B,
  judgments: verdicts.map((v, i) => ({ verdict: v, strength: strength[i] })),
  requiredRaters: 3,
  adjudicated: null,
});

test("TRL's conversational preference row: system and user prompt, the chosen and rejected plans as published", () => {
  const { rows, split } = preferenceRows(pair(["B", "B", "A"]), o());
  assert.equal(rows.length, 1);
  const r = rows[0] as { prompt: { role: string; content: string }[]; chosen: unknown; rejected: unknown };
  assert.deepEqual(Object.keys(r), ["prompt", "chosen", "rejected"]);
  assert.deepEqual(
    r.prompt.map((m) => m.role),
    ["system", "user"],
  );
  assert.match(
    r.prompt[1].content,
    /^Two days in Beijing, museums please\.\n\nDestination: Beijing\nFrom: Shanghai\nDays: 2/,
  );
  assert.deepEqual(r.chosen, [{ role: "assistant", content: B }]);
  assert.deepEqual(r.rejected, [{ role: "assistant", content: A }]);
  assert.ok(["train", "validation", "test"].includes(split));
  // OpenRLHF reads the same keys (--prompt_key prompt --chosen_key chosen --rejected_key rejected).
  assert.deepEqual(preferenceRows(pair(["B", "B", "A"]), o({ target: "openrlhf" })).rows, rows);
});

test("margins: the mean strength of the majority's side, or its size minus the rest", () => {
  const p = pair(["A", "A", "B"], [3, 2, 1]);
  assert.equal((preferenceRows(p, o({ margin: "strength" })).rows[0] as { margin: number }).margin, 2.5);
  assert.equal((preferenceRows(p, o({ margin: "votes" })).rows[0] as { margin: number }).margin, 1);
  // Without strengths (strength off) a strength margin is null, said, not made up.
  assert.equal(
    (preferenceRows(pair(["A", "A", "B"]), o({ margin: "strength" })).rows[0] as { margin: null }).margin,
    null,
  );
});

test("a margin is never negative: every target × margin kind on unanimous, 2-1, strength-weighted and adjudicated pairs", () => {
  type J = ("A" | "B" | "NEITHER")[];
  const cases: { name: string; p: PreferencePairInput; votes: number; strength: number | null }[] = [
    { name: "unanimous", p: pair(["A", "A", "A"], [1, 2, 3]), votes: 3, strength: 2 },
    { name: "2-1", p: pair(["B", "A", "B"], [2, 3, 1]), votes: 1, strength: 1.5 },
    { name: "2-1 with Neither", p: pair(["A", "NEITHER", "A"], [3, null, 3]), votes: 1, strength: 3 },
    { name: "2-1 strength off", p: pair(["A", "B", "A"] as J), votes: 1, strength: null },
    // The new user's row: votes A1 B1 N1, adjudicated A, exported "margin": -1 under --margin votes.
    {
      name: "adjudicated 1-1-1",
      p: { ...pair(["A", "B", "NEITHER"], [2, 3, null]), adjudicated: "A" },
      votes: 0,
      strength: 2,
    },
    {
      name: "adjudicated 2-2",
      p: { ...pair(["B", "A", "B", "A"], [1, 3, 3, 1]), adjudicated: "B" },
      votes: 0,
      strength: 2,
    },
    {
      name: "adjudicated, no expert on its side",
      p: { ...pair(["NEITHER", "B", "NEITHER"], [null, 2, null]), adjudicated: "A" },
      votes: 0,
      strength: 0,
    },
  ];
  for (const target of PREFERENCE_TARGETS)
    for (const margin of ["none", "votes", "strength"] as const) {
      const opts = o({ target, margin });
      const refused = checkPreferenceOptions(opts);
      if (margin !== "none" && (target === "openai" || target === "kto")) {
        assert.match(refused!, /a margin is for trl and openrlhf/, `${target} ${margin}`);
        continue;
      }
      assert.equal(refused, null);
      for (const c of cases) {
        const { rows } = preferenceRows(c.p, opts);
        assert.ok(rows.length >= 1, `${target} ${margin} ${c.name}`);
        for (const r of rows) {
          if (margin === "none") {
            assert.ok(!("margin" in r), `${target} ${c.name}: no margin column unless asked`);
            continue;
          }
          const m = (r as { margin: number | null }).margin;
          assert.equal(m, margin === "votes" ? c.votes : c.strength, `${target} ${margin} ${c.name}`);
          assert.ok(m === null || m >= 0, `${target} ${margin} ${c.name}: ${m} ≥ 0`);
        }
      }
    }
  // The card says what each margin measures, adjudicated pairs included.
  assert.match(MARGIN_RULES.votes, /adjudicated pair whose experts split .* 0/);
  assert.match(MARGIN_RULES.strength, /adjudicated/);
});

test("OpenAI's preference rows hold exactly its keys; KTO gives the chosen true and the rejected false", () => {
  const [r] = preferenceRows(pair(["A", "A", "A"]), o({ target: "openai" })).rows;
  assert.deepEqual(Object.keys(r), ["input", "preferred_output", "non_preferred_output"]);
  assert.deepEqual(Object.keys(r.input as object), ["messages", "tools", "parallel_tool_calls"]);
  assert.deepEqual((r.input as { tools: unknown[] }).tools, []);
  const kto = preferenceRows(pair(["A", "A", "A"]), o({ target: "kto" })).rows;
  assert.deepEqual(
    kto.map((k) => [(k.completion as { content: string }[])[0].content, k.label]),
    [
      [A, true],
      [B, false],
    ],
  );
  // A Neither majority: no row, or two false rows with --neither bad.
  assert.equal(preferenceRows(pair(["NEITHER", "NEITHER", "A"]), o({ target: "kto" })).skipped, "neither");
  assert.deepEqual(
    preferenceRows(pair(["NEITHER", "NEITHER", "A"]), o({ target: "kto", neitherBad: true })).rows.map((k) => k.label),
    [false, false],
  );
  assert.match(checkPreferenceOptions(o({ target: "openai", margin: "votes" }))!, /refuses other keys/);
  assert.match(checkPreferenceOptions(o({ neitherBad: true }))!, /for kto/);
  assert.match(checkPreferenceOptions(o({ target: "openai", withMetadata: true }))!, /refuses other keys/);
  // An asked-for split applies to every request, the dataset's own split field notwithstanding.
  const own = { ...pair(["A", "A", "A"]), ownSplit: "test" };
  assert.equal(preferenceRows(own, o()).split, "test");
  assert.equal(preferenceRows(own, o({ ownSplitFirst: false, split: [{ name: "all", share: 1 }] })).split, "all");
});

test("unlabelled and, with --min-agreement 3, not unanimous pairs are left out and say why; metadata when asked", () => {
  assert.equal(preferenceRows(pair(["A", "B", "NEITHER"]), o()).skipped, "unlabelled");
  assert.equal(preferenceRows(pair(["A", "A", "B"]), o({ minAgreement: 3 })).skipped, "not_unanimous");
  assert.equal(preferenceRows(pair(["A", "A", "A"]), o({ minAgreement: 3 })).rows.length, 1);
  const [m] = preferenceRows(pair(["A", "A", "NEITHER"], [2, 3, null]), o({ withMetadata: true })).rows;
  assert.deepEqual(
    { pair_id: m.pair_id, query_id: m.query_id, votes: m.votes, signed_preference: m.signed_preference },
    { pair_id: "p1", query_id: "q1", votes: { A: 2, B: 0, NEITHER: 1 }, signed_preference: -5 / 3 },
  );
  assert.deepEqual(
    [m.label_source, m.label_judge, m.label_threshold, m.label_confidence],
    ["experts", null, null, null],
  );
});

test("a pair a judge decided (label_source=all): its verdict is the label, one vote; the metadata names the judge", () => {
  const decision = { judge: "gpt-judge", verdict: "B" as const, confidence: 0.91, threshold: 0.88 };
  // No expert verdicts, or one that disagrees: the judge's verdict labels the pair either way.
  for (const p of [
    { ...pair([]), decision },
    { ...pair(["A"], [3]), decision },
  ]) {
    const [r] = preferenceRows(p, o({ withMetadata: true, margin: "votes" })).rows;
    assert.deepEqual(r.chosen, [{ role: "assistant", content: B }]);
    assert.equal(r.margin, 1);
    assert.deepEqual(
      [r.label_source, r.label_judge, r.label_threshold, r.label_confidence, r.ds_posterior, r.signed_preference],
      ["judge", "gpt-judge", 0.88, 0.91, null, null],
    );
    // The metadata's keys end with the label's source, as the Parquet columns do.
    assert.deepEqual(Object.keys(r).slice(-4), ["label_source", "label_judge", "label_threshold", "label_confidence"]);
    assert.equal(preferenceRows(p, o({ margin: "strength" })).rows[0].margin, null);
    assert.equal(preferenceRows(p, o({ minAgreement: 3 })).skipped, "not_unanimous");
  }
  // Without metadata a row holds the trainer's keys alone, whatever its label's source.
  assert.deepEqual(Object.keys(preferenceRows({ ...pair([]), decision }, o()).rows[0]), [
    "prompt",
    "chosen",
    "rejected",
  ]);
  assert.match(MARGIN_RULES.votes, /judge decided .* 1/);
});

test("splits by request: seeded, near the shares, the dataset's own split first; bad specifications are refused", () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `query-${i}`);
  const counts: Record<string, number> = {};
  for (const id of ids)
    counts[splitOf(id, null, DEFAULT_SPLIT, 7)] = (counts[splitOf(id, null, DEFAULT_SPLIT, 7)] ?? 0) + 1;
  assert.ok(
    Math.abs(counts.train / 5000 - 0.8) < 0.02 && Math.abs(counts.test / 5000 - 0.1) < 0.02,
    JSON.stringify(counts),
  );
  assert.equal(splitOf("query-1", null, DEFAULT_SPLIT, 7), splitOf("query-1", null, DEFAULT_SPLIT, 7));
  assert.ok(ids.some((id) => splitOf(id, null, DEFAULT_SPLIT, 7) !== splitOf(id, null, DEFAULT_SPLIT, 8)));
  // The bundle's own split where it names one (as the Hub names them); other values are kinds of request, hashed.
  assert.equal(splitOf("query-1", "dev", DEFAULT_SPLIT, 7), "validation");
  assert.equal(splitOf("query-1", " Test ", DEFAULT_SPLIT, 7), "test");
  for (const kind of ["demo", "example", "easy", "human"])
    assert.equal(splitOf("query-1", kind, DEFAULT_SPLIT, 7), splitOf("query-1", null, DEFAULT_SPLIT, 7), kind);
  assert.deepEqual(splitSpec.parse("train,test=0.9,0.1"), [
    { name: "train", share: 0.9 },
    { name: "test", share: 0.1 },
  ]);
  for (const bad of ["train=0.5", "train,test=0.9", "a,a=0.5,0.5", "train;test=1"])
    assert.equal(splitSpec.safeParse(bad).success, false, bad);
});
