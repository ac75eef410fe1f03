/** Kendall's τ-b against scipy.stats.kendalltau (fixtures/kendall-reference.json, written by kendall_reference.py) and the O(n²) definition. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { seededRandom } from "../random";
import { CategoryKendall, kendallTauB } from "./kendall";

const { cases } = JSON.parse(
  readFileSync(path.resolve("lib/kernel/stats/fixtures/kendall-reference.json"), "utf8"),
) as {
  cases: { name: string; x: number[]; y: number[]; tau: number | null; groups?: number[]; weights?: number[] }[];
};

const close = (got: number | null, want: number | null, what: string) => {
  if (want === null) return assert.equal(got, null, what);
  assert.ok(got !== null && Math.abs(got - want) < 1e-12, `${what}: ${got} vs scipy ${want}`);
};

test("τ-b equals scipy's kendalltau to 1e-12: continuous, heavy ties, the three-valued side, constant, two items", () => {
  for (const c of cases.filter((c) => !c.weights)) close(kendallTauB(c.x, c.y), c.tau, c.name);
});

test("by category: equals scipy on the three-valued cases, and with weights equals scipy on the rows repeated", () => {
  for (const c of cases.filter((c) => c.x.every((v) => v === -1 || v === 0 || v === 1))) {
    const k = new CategoryKendall(
      c.x.map((v) => v + 1),
      3,
      c.y,
      c.groups,
    );
    close(k.tauB(c.weights), c.tau, c.name);
  }
  assert.ok(cases.filter((c) => c.weights).length >= 2, "the weighted cases are in the fixture");
});

test("τ-b matches the O(n²) definition, with ties in both variables", () => {
  const brute = (x: number[], y: number[]) => {
    let c = 0,
      d = 0,
      tx = 0,
      ty = 0;
    for (let i = 0; i < x.length; i++)
      for (let j = i + 1; j < x.length; j++) {
        const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
        if (s > 0) c++;
        else if (s < 0) d++;
        else if (x[i] === x[j] && y[i] !== y[j]) tx++;
        else if (y[i] === y[j] && x[i] !== x[j]) ty++;
      }
    return (c - d) / Math.sqrt((c + d + tx) * (c + d + ty));
  };
  const r = seededRandom(17);
  for (let t = 0; t < 20; t++) {
    const x = Array.from({ length: 60 }, () => Math.round(r() * 8));
    const y = Array.from({ length: 60 }, () => Math.round(r() * 2) - 1);
    assert.ok(Math.abs(kendallTauB(x, y)! - brute(x, y)) < 1e-12);
    const k = new CategoryKendall(
      y.map((v) => v + 1),
      3,
      x,
    );
    assert.ok(Math.abs(k.tauB()! - brute(y, x)) < 1e-12);
  }
  assert.equal(kendallTauB([1, 2, 3], [1, 1, 1]), null);
  assert.equal(kendallTauB([1], [1]), null);
  assert.equal(kendallTauB([1, 2, 3, 4], [1, 2, 3, 4]), 1);
  assert.equal(new CategoryKendall([0, 0, 1], 2, [1, 2, 3]).tauB([0, 0, 1]), null, "one row left: undefined");
});

test("a million pairs: both ways agree (in O(n log n): the O(n²) definition would take hours)", (t) => {
  const r = seededRandom(3);
  const n = 1_000_000;
  const h = Int8Array.from({ length: n }, () => Math.floor(r() * 3) - 1);
  const d = Float64Array.from(h, (v) => (r() < 0.2 ? 0 : Math.round((0.4 * v + r() - 0.5) * 100) / 100));
  let started = performance.now();
  const tau = kendallTauB(h, d)!;
  const general = performance.now() - started;
  started = performance.now();
  const k = new CategoryKendall(
    Uint8Array.from(h, (v) => v + 1),
    3,
    d,
  );
  const byCategory = k.tauB()!;
  const pass = performance.now() - started;
  assert.ok(Math.abs(tau - byCategory) < 1e-12, `${tau} vs ${byCategory}`);
  assert.ok(tau > 0.2 && tau < 0.6);
  // Reported, not asserted: a loaded machine may take any time.
  t.diagnostic(`general ${general.toFixed(0)} ms, by category ${pass.toFixed(0)} ms`);
});

test("a value that is not a finite number is refused, with where it is", () => {
  assert.throws(() => kendallTauB([1, NaN], [1, 2]), /x\[1\] is NaN/);
  assert.throws(() => new CategoryKendall([0, 3], 3, [1, 2]), /codes\[1\] is 3/);
});
