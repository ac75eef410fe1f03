import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../../kernel";
import { LEVELS } from "./ordinal";
import { agreementSummary, labelsByValue, type RatingRow } from "./ratings";
import { scaleCodesOf, scaleCounts, scaleReport, scaleStats } from "./scaled";
import { scalePatternOf } from "../../testing/agreement";

/** Items of three slots: values −3…+3 drawn around a per-item truth, some missing (not applicable). */
function items(n: number, seed: number, missing = 0.1): (number | null)[][] {
  const rng = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const truth = Math.floor(rng() * 7) - 3;
    return [0, 1, 2].map(() => {
      if (rng() < missing) return null;
      const v = truth + Math.round((rng() - 0.5) * 3);
      return Math.max(-3, Math.min(3, v));
    });
  });
}

const close = (a: number | null | undefined, b: number | null | undefined, what: string) => {
  if (a === null || b === null || a === undefined || b === undefined) assert.equal(a ?? null, b ?? null, what);
  else assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);
};

test("patterns hold three slots of −3…+3 or missing", () => {
  assert.deepEqual(scaleCodesOf(scalePatternOf([-3, null, 3])), [0, null, 6]);
  assert.equal(scalePatternOf([null, null, null]), 511);
});

test("figures from pattern counts equal agreementSummary on the same ratings, for every level", () => {
  for (const [seed, missing] of [
    [1, 0.1],
    [2, 0.3],
    [3, 0],
  ] as const) {
    const data = items(300, seed, missing);
    const rows: RatingRow[] = data.flatMap((slots, i) =>
      slots.flatMap((v, s) => (v === null ? [] : [{ item: `p${i}`, rater: `r${s}`, slot: s + 1, label: String(v) }])),
    );
    const counts = scaleCounts(data.map((slots) => ({ pattern: scalePatternOf(slots), pairs: 1 })));
    const mine = scaleStats(counts);
    const rated = data.filter((s) => s.some((v) => v !== null)).length;
    assert.equal(mine.pairs, rated);
    for (const level of LEVELS) {
      const labels = labelsByValue(rows, level);
      const ref = agreementSummary(rows, labels, 0, 1, level);
      close(mine.krippendorff_alpha[level], ref.krippendorff_alpha_level, `alpha ${level} (seed ${seed})`);
      if (level === "nominal") {
        close(mine.krippendorff_alpha.nominal, ref.krippendorff_alpha, "nominal alpha");
        close(mine.fleiss_kappa, ref.fleiss_kappa, `fleiss (seed ${seed})`);
        for (const [k, v] of Object.entries(ref.cohen_kappa_by_slot_pair))
          close(mine.cohen_kappa_by_slot_pair[k], v, `cohen ${k}`);
        // Weighted κ on the declared scale −3…+3, whatever levels the slots used.
        const declared = agreementSummary(rows, ["-3", "-2", "-1", "0", "1", "2", "3"], 0, 1, level);
        for (const [k, v] of Object.entries(declared.weighted_kappa_by_slot_pair!)) {
          close(mine.weighted_kappa_by_slot_pair[k].linear, v.linear, `linear ${k}`);
          close(mine.weighted_kappa_by_slot_pair[k].quadratic, v.quadratic, `quadratic ${k}`);
        }
      }
    }
  }
});

test("intervals are seeded and hold the estimate; too little data gives none", () => {
  const data = items(400, 9);
  const counts = scaleCounts(data.map((slots) => ({ pattern: scalePatternOf(slots), pairs: 1 })));
  const a = scaleReport(counts, 300, 4);
  assert.deepEqual(a, scaleReport(counts, 300, 4));
  for (const l of LEVELS) {
    const ci = a.ci95.krippendorff_alpha[l]!;
    assert.ok(ci.lo <= a.krippendorff_alpha[l]! && a.krippendorff_alpha[l]! <= ci.hi, l);
  }
  assert.ok(a.ci95.fleiss_kappa!.lo <= a.fleiss_kappa! && a.fleiss_kappa! <= a.ci95.fleiss_kappa!.hi);
  // One item rated the same by everyone: nothing to agree on.
  const one = scaleReport(scaleCounts([{ pattern: scalePatternOf([1, 1, 1]), pairs: 1 }]), 50, 1);
  assert.equal(one.fleiss_kappa, null);
  assert.equal(one.ci95.fleiss_kappa, null);
  // All not applicable and a fourth rater: left out.
  assert.equal(
    scaleStats(
      scaleCounts([
        { pattern: 511, pairs: 5 },
        { pattern: -1, pairs: 2 },
      ]),
    ).pairs,
    0,
  );
});

test("weighted κ follows the declared −3…+3 scale when the slots skip levels (−3 vs +2 weighs 5, not 1)", () => {
  // Experts who answer only "decisively A", "clearly B" or "decisively B": levels −2…+1 unused, unevenly spaced.
  const data: (number | null)[][] = [
    [-3, -3, 2],
    [2, 2, 3],
    [3, 3, 3],
    [-3, 2, -3],
    [3, 2, 3],
    [2, -3, 2],
    [-3, 3, 2],
    [3, 3, 2],
  ];
  const mine = scaleStats(scaleCounts(data.map((slots) => ({ pattern: scalePatternOf(slots), pairs: 1 }))));
  const rows: RatingRow[] = data.flatMap((slots, i) =>
    slots.flatMap((v, s) => (v === null ? [] : [{ item: `p${i}`, rater: `r${s}`, slot: s + 1, label: String(v) }])),
  );
  const declared = agreementSummary(rows, ["-3", "-2", "-1", "0", "1", "2", "3"], 0, 1, "ordinal");
  const observed = agreementSummary(rows, ["-3", "2", "3"], 0, 1, "ordinal", "observed");
  for (const k of ["1-2", "1-3", "2-3"])
    for (const w of ["linear", "quadratic"] as const) {
      close(mine.weighted_kappa_by_slot_pair[k][w], declared.weighted_kappa_by_slot_pair![k][w], `${w} ${k}`);
      assert.notEqual(
        mine.weighted_kappa_by_slot_pair[k][w]!.toFixed(6),
        observed.weighted_kappa_by_slot_pair![k][w]!.toFixed(6),
        `${w} ${k}: the declared scale differs from the levels used`,
      );
    }
});
