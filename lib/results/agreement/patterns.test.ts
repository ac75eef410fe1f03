import assert from "node:assert/strict";
import { test } from "node:test";
import { allAgree, fleissKappa, krippendorffAlphaNominal, lightKappa, pairwiseAgreement } from "./kappa";
import { seededRandom } from "../../kernel";
import { countPatterns, MISSING, patterns, statsFromCounts } from "./patterns";

function data(n: number, missingShare: number, seed: number) {
  const rng = seededRandom(seed);
  const rows: (number | null)[][] = [];
  for (let i = 0; i < n; i++) {
    const truth = Math.floor(rng() * 3);
    rows.push([0, 1, 2].map(() => (rng() < missingShare ? null : rng() < 0.7 ? truth : Math.floor(rng() * 3))));
  }
  const codes = new Uint8Array(rows.flat().map((v) => (v === null ? MISSING : v)));
  return { rows, codes };
}

const same = (a: number | null, b: number | null, what: string) => {
  if (a === null || b === null) return assert.equal(a, b, what);
  assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);
};

test("pattern counts give exactly what the general functions give, with and without missing ratings", () => {
  for (const [missing, seed] of [
    [0, 1],
    [0.15, 2],
    [0.4, 3],
  ] as const) {
    const { rows, codes } = data(2000, missing, seed);
    const s = statsFromCounts(countPatterns(patterns(codes)));
    same(s.fleiss, fleissKappa(rows).value, "fleiss");
    same(s.light, lightKappa(rows).value, "light");
    same(s.krippendorff, krippendorffAlphaNominal([0, 1, 2].map((c) => rows.map((r) => r[c]))).value, "krippendorff");
    same(s.pairwise, pairwiseAgreement(rows).value, "pairwise");
    same(s.allAgree, allAgree(rows).value, "all agree");
  }
});
