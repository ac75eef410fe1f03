/** `tripjudge agreement`: ratings files in, the agreed JSON out; checked on the reference values of agreement-oracles.json. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { agreementSummary, parseRatings, RatingsError } from "./ratings";

const oracles = JSON.parse(readFileSync(path.resolve("lib/results/agreement/agreement-oracles.json"), "utf8")) as {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reference cases of several shapes
  cases: Record<string, any>[];
};
const oracle = (id: string) => oracles.cases.find((c) => c.id === id)!;
const dir = mkdtempSync(path.join(tmpdir(), "tj-ratings-"));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "agreement", ...args], { encoding: "utf8" });
const KEYS = [
  "items",
  "raters",
  "labels",
  "pairwise_agreement",
  "all_agree",
  "cohen_kappa_by_slot_pair",
  "light_kappa",
  "fleiss_kappa",
  "krippendorff_alpha",
  "majority",
  "ci95",
  "noise_model",
];
const close = (a: number | null, b: number, tol = 1e-9) =>
  assert.ok(a !== null && Math.abs(a - b) < tol, `${a} vs ${b}`);

// Fleiss (1971), first three columns: items × 3 raters, five categories; rater r rates in slot r.
const three = oracle("three-raters");
const threeRows = (three.ratings as number[][]).flatMap((row, i) =>
  row.map((label, r) => ({ item: `i${i}`, rater: `r${r + 1}`, label: String(label), slot: r + 1 })),
);

test("statsmodels' and scikit-learn's values, through lib/ and the command line", () => {
  const check = (s: ReturnType<typeof agreementSummary>) => {
    assert.deepEqual(Object.keys(s), KEYS);
    close(s.fleiss_kappa, three.expected.fleiss_kappa);
    close(s.light_kappa, three.expected.light_kappa);
    close(s.pairwise_agreement, three.expected.raw_pairwise_agreement);
    close(s.all_agree, three.expected.all_agree);
    for (const [k, v] of Object.entries(three.expected.cohen_by_column_pair as Record<string, number>))
      close(s.cohen_kappa_by_slot_pair[k], v);
    assert.deepEqual([s.items, s.raters, s.labels], [30, 3, 5]);
  };
  const labels = ["1", "2", "3", "4", "5"];
  check(
    agreementSummary(
      threeRows.map((r) => ({ ...r })),
      labels,
      200,
    ),
  );
  const r = cli("--ratings", file("three.jsonl", jsonl(threeRows)), "--labels", labels.join(","), "--json");
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  check(out);
  assert.ok(out.ci95.fleiss_kappa[0] < out.fleiss_kappa && out.fleiss_kappa < out.ci95.fleiss_kappa[1]);
  // Krippendorff's canonical data (missing ratings): coders become slots.
  const kr = oracle("krippendorff-nominal-missing");
  const krRows = (kr.coders as (number | null)[][]).flatMap((c, ci) =>
    c.flatMap((v, u) => (v === null ? [] : [{ item: `u${u}`, rater: `c${ci}`, label: String(v), slot: ci + 1 }])),
  );
  close(agreementSummary(krRows, ["1", "2", "3", "4"], 0).krippendorff_alpha, kr.expected);
});

test("A/B/NEITHER by default: CSV with a header, slots in row order, majority with none, TripScore's noise model", () => {
  const csv =
    "item,rater,label\np1,ann,A\np1,bob,A\np1,cy,B\np2,ann,B\np2,bob,neither\np2,cy,A\np3,ann,B\np3,bob,B\np3,cy,B\np4,ann,A\np4,bob,A\n";
  const r = cli("--ratings", file("r.csv", csv), "--json");
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(s), KEYS);
  assert.deepEqual([s.items, s.raters, s.labels], [4, 3, 3]);
  assert.deepEqual(s.majority, { A: 2, B: 1, NEITHER: 0, none: 1 });
  // Fleiss and all-agree: the three items with the modal 3 ratings; pairwise: all (p4's pair agrees).
  close(s.all_agree, 1 / 3);
  close(s.pairwise_agreement, (1 + 0 + 3 + 1) / (3 + 3 + 3 + 1));
  assert.deepEqual(Object.keys(s.cohen_kappa_by_slot_pair), ["1-2", "1-3", "2-3"]);
  assert.equal(s.noise_model.K, 3);
  const ceiling = oracle("tripscore-noise-model");
  const n = agreementSummary(parseRatings(csv, "r.csv"));
  assert.equal(n.noise_model.K, ceiling.input.K);
  // The closed form on TripScore's own figure (A_pair = 0.7169).
  const r3 = (1 + Math.sqrt(2 * (3 * 0.7169 - 1))) / 3;
  close(r3, ceiling.expected.r);
});

test("degenerate and bad files get clear answers", () => {
  const same = agreementSummary(
    parseRatings(
      jsonl([
        { item: 1, rater: "a", label: "A" },
        { item: 1, rater: "b", label: "A" },
        { item: 2, rater: "a", label: "A" },
        { item: 2, rater: "b", label: "A" },
      ]),
      "f",
    ),
  );
  assert.deepEqual(
    [same.pairwise_agreement, same.all_agree, same.fleiss_kappa, same.krippendorff_alpha],
    [1, 1, null, null],
  );
  const single = agreementSummary(parseRatings(jsonl([{ item: 1, rater: "a", label: "B" }]), "f"));
  assert.deepEqual([single.pairwise_agreement, single.light_kappa, single.majority.none], [null, null, 1]);
  assert.throws(
    () => parseRatings(jsonl([{ item: 1, rater: "a", label: "C" }]), "f.jsonl"),
    (e: Error) =>
      e instanceof RatingsError && /f\.jsonl:1 \$\.label: "C" is not one of the labels A, B, NEITHER/.test(e.message),
  );
  assert.throws(
    () =>
      parseRatings(
        jsonl([
          { item: 1, rater: "a", label: "A" },
          { item: 1, rater: "a", label: "B" },
        ]),
        "f",
      ),
    /rates item "1" twice/,
  );
  assert.throws(() => parseRatings('{"item": 1, "rater": "a", "label": "A", "extra": 1}\n', "f"), /f:1 \$: /);
  assert.throws(() => parseRatings("{bad\n", "f"), /f:1: not valid JSON/);
  const bad = cli("--ratings", file("bad.jsonl", jsonl([{ item: 1, rater: "a", label: "maybe" }])), "--json");
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /bad\.jsonl:1 \$\.label: "maybe" is not one of the labels/);
});

test("--level adds exactly level, alpha under its metric and weighted kappa per slot pair (published values)", () => {
  const ref = JSON.parse(
    readFileSync(path.resolve("lib/results/agreement/fixtures/ordinal-reference.json"), "utf8"),
  ) as {
    name: string;
    coders: (number | null)[][];
    alpha: Record<string, number>;
    weighted_kappa: Record<string, Record<"linear" | "quadratic", number>>;
    weighted_kappa_declared: Record<string, Record<"linear" | "quadratic", number>>;
  }[];
  // Krippendorff (2011)'s example: coder c rates in slot c; values 1..5, some missing.
  const k11 = ref.find((c) => c.name === "krippendorff-2011")!;
  const rows = k11.coders.flatMap((c, r) =>
    c.flatMap((v, u) => (v === null ? [] : [{ item: `u${u + 1}`, rater: `c${r + 1}`, label: v + 1, slot: r + 1 }])),
  );
  const f = file("k2011.jsonl", jsonl(rows));
  const published = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 };
  for (const [level, value] of Object.entries(published)) {
    const r = cli("--ratings", f, "--level", level, "--json");
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(s), [
      ...KEYS,
      "level",
      "krippendorff_alpha_level",
      "weighted_kappa_by_slot_pair",
      "weighted_kappa_scale",
    ]);
    assert.equal(s.weighted_kappa_scale, "observed");
    assert.equal(s.level, level);
    assert.equal(s.krippendorff_alpha_level.toFixed(3), value.toFixed(3));
    close(s.krippendorff_alpha_level, k11.alpha[level]);
    assert.deepEqual(Object.keys(s.weighted_kappa_by_slot_pair), ["1-2", "1-3", "1-4", "2-3", "2-4", "3-4"]);
  }
  // Without --level: today's keys only.
  assert.deepEqual(Object.keys(JSON.parse(cli("--ratings", f, "--labels", "1,2,3,4,5", "--json").stdout)), KEYS);
  // irr's anxiety, raters 1 and 2: squared weights 0.297; labels in the order --labels gives them.
  const anxiety = ref.find((c) => c.name === "irr-anxiety")!;
  const a = file(
    "anxiety.csv",
    "item,rater,label,slot\n" +
      anxiety.coders.flatMap((c, r) => c.map((v, i) => `s${i},r${r + 1},${v! + 1},${r + 1}`)).join("\n"),
  );
  const s = JSON.parse(cli("--ratings", a, "--labels", "1,2,3,4,5,6", "--level", "ordinal", "--json").stdout);
  assert.equal(s.weighted_kappa_by_slot_pair["1-2"].quadratic.toFixed(3), "0.297");
  close(s.krippendorff_alpha_level, anxiety.alpha.ordinal);
  // Declared labels set the scale (scikit-learn's labels=): slot pair 2-3 used no 5, yet 4 vs 6 weighs 2, not 1.
  assert.equal(s.weighted_kappa_scale, "declared");
  assert.equal(s.weighted_kappa_by_slot_pair["2-3"].linear.toFixed(4), "0.1262");
  for (const [pair, want] of Object.entries(anxiety.weighted_kappa_declared))
    for (const w of ["linear", "quadratic"] as const) close(s.weighted_kappa_by_slot_pair[pair][w], want[w]);
  // Without --labels: the levels each slot pair used, as R irr's kappa2 and scikit-learn's default.
  const o = JSON.parse(cli("--ratings", a, "--level", "ordinal", "--json").stdout);
  assert.equal(o.weighted_kappa_scale, "observed");
  assert.equal(o.weighted_kappa_by_slot_pair["2-3"].linear.toFixed(4), "0.1459");
  // The plain text says the scale too.
  assert.match(cli("--ratings", a, "--level", "ordinal").stdout, /on the levels each pair used\): 1-2 /);
  assert.match(cli("--ratings", a, "--labels", "1,2,3,4,5,6", "--level", "ordinal").stdout, /on the declared labels\)/);
  for (const [pair, want] of Object.entries(anxiety.weighted_kappa))
    for (const w of ["linear", "quadratic"] as const) close(o.weighted_kappa_by_slot_pair[pair][w], want[w]);
});

test("--level: a bad level and unordered labels are refused with a clear message", () => {
  const f = file(
    "verdicts.jsonl",
    jsonl([
      { item: "p", rater: "x", label: "A" },
      { item: "p", rater: "y", label: "B" },
    ]),
  );
  const bad = cli("--ratings", f, "--level", "cardinal");
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /--level must be one of nominal, ordinal, interval, ratio/);
  const unordered = cli("--ratings", f, "--level", "ordinal");
  assert.equal(unordered.status, 1);
  assert.match(unordered.stderr, /no order of their own: give it with --labels/);
  // Nominal needs no order; with --labels an order is given (A < NEITHER < B: the signed preference).
  assert.equal(cli("--ratings", f, "--level", "nominal", "--json").status, 0);
  const signed = JSON.parse(cli("--ratings", f, "--labels", "A,NEITHER,B", "--level", "interval", "--json").stdout);
  assert.equal(signed.level, "interval");
});
