import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { dawidSkene } from "./dawid-skene";
import { RatingMatrixBuilder, ratingMatrix } from "./ratings";
import { simulateStudy } from "./simulate";
import { softArgmax, softLabelModel, softLabelsOf, softLabelsOfPairs, type RatedPair } from "./soft-labels";
import { VERDICTS } from "../../judging/verdict";

type Row = { item: string; rater: string; label: string };
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The quality page's fit reads judgments by expert, then time; a batch reads its pairs' judgments by pair, then expert,
 * then time, and so does the exports' fit since 2026-11-28 (grouped by pair: RatingMatrixBuilder's itemsInRuns). Rows
 * here come in "time" order, so a stable sort gives each.
 */
function fitOrder(rows: Row[]) {
  return [...rows].sort((a, b) => byText(a.rater, b.rater));
}
function batchOrder(rows: Row[]) {
  return fitOrder(rows).sort((a, b) => byText(a.item, b.item));
}

/** Every item's streamed posterior, a batch of `size` items at a time, against the full fit's: equal bit for bit. */
function assertStreamedEqualsFit(rows: Row[], size: number, fitInBatchOrder = false) {
  let m = ratingMatrix(fitOrder(rows), VERDICTS);
  if (fitInBatchOrder) {
    const b = new RatingMatrixBuilder(VERDICTS, { itemsInRuns: true });
    for (const r of batchOrder(rows)) b.add(r.item, r.rater, VERDICTS.indexOf(r.label as never));
    m = b.build();
    // The same matrix as a builder that maps every item's id.
    assert.deepEqual(m, ratingMatrix(batchOrder(rows), VERDICTS));
  }
  const full = dawidSkene(m);
  const model = softLabelModel(m)!;
  const inBatch = batchOrder(rows);
  const items = [...new Set(inBatch.map((r) => r.item))];
  let compared = 0;
  for (let start = 0; start < items.length; start += size) {
    const batch = new Set(items.slice(start, start + size));
    const labels = softLabelsOf(
      model,
      inBatch
        .filter((r) => batch.has(r.item))
        .map((r) => ({ pairId: r.item, userId: r.rater, verdict: VERDICTS.indexOf(r.label as never) })),
    );
    assert.equal(labels.size, batch.size);
    for (const [item, p] of labels) {
      const i = m.items.indexOf(item);
      VERDICTS.forEach((v, c) => assert.equal(p[v], full.posterior[i * 3 + c], `${item} ${v}`));
      compared++;
    }
  }
  assert.equal(compared, m.items.length);
}

test("soft labels a batch at a time equal the full fit's posteriors bit for bit (a simulated study like the bench's)", () => {
  // 3,000 pairs × 3 judgments by 40 experts, 3 of them random: the shape of lib/testing/history.ts, with real noise.
  const study = simulateStudy({ seed: 7, items: 3000, honest: 37, random: 3, accuracy: 0.8 });
  assertStreamedEqualsFit(study.rows, 500);
  assertStreamedEqualsFit(study.rows, 500, true);
});

test("soft labels a batch at a time equal the full fit's posteriors on the reference ratings (uneven raters per item)", () => {
  const rows = readFileSync("lib/quality/reliability/fixtures/ratings.jsonl", "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Row);
  assertStreamedEqualsFit(rows, 7);
  assertStreamedEqualsFit(rows, 7, true);
});

test("a pair judged by an expert the fit did not see has no soft label; no ratings, no model", () => {
  const m = ratingMatrix(
    [
      { item: "p1", rater: "e1", label: "A" },
      { item: "p1", rater: "e2", label: "A" },
      { item: "p2", rater: "e1", label: "B" },
    ],
    VERDICTS,
  );
  const model = softLabelModel(m)!;
  const labels = softLabelsOf(model, [
    { pairId: "p1", userId: "e1", verdict: 0 },
    { pairId: "p1", userId: "e2", verdict: 0 },
    { pairId: "p2", userId: "e1", verdict: 1 },
    { pairId: "p2", userId: "newcomer", verdict: 1 },
  ]);
  assert.deepEqual([...labels.keys()], ["p1"]);
  assert.equal(softLabelModel(ratingMatrix([], VERDICTS)), null);
});

test("a verdict an expert never gave in the fit carries no information: the pair's label rests on the others", () => {
  // e1 only ever said A in the fit; a later pair where e1 says B must still get a finite posterior (not NaN,
  // which the export wrote as nulls and Parquet refused), and the same one as without e1's rating.
  const m = ratingMatrix(
    [
      { item: "p1", rater: "e1", label: "A" },
      { item: "p1", rater: "e2", label: "A" },
      { item: "p2", rater: "e1", label: "A" },
      { item: "p2", rater: "e2", label: "B" },
      { item: "p3", rater: "e2", label: "B" },
      { item: "p3", rater: "e3", label: "B" },
    ],
    VERDICTS,
  );
  const model = softLabelModel(m)!;
  const labels = softLabelsOf(model, [
    { pairId: "new", userId: "e1", verdict: 1 },
    { pairId: "new", userId: "e2", verdict: 1 },
    { pairId: "same-without-e1", userId: "e2", verdict: 1 },
  ]);
  const p = labels.get("new")!;
  assert.ok(Object.values(p).every(Number.isFinite), JSON.stringify(p));
  assert.ok(Math.abs(p.A + p.B + p.NEITHER - 1) < 1e-12);
  assert.deepEqual(p, labels.get("same-without-e1"));
  assert.equal(softArgmax(p), "B");
});

test("pairs given with their ratings label as their judgments do, and a pair without ratings has none", () => {
  const study = simulateStudy({ seed: 3, items: 400, honest: 9, random: 1, accuracy: 0.75 });
  const model = softLabelModel(ratingMatrix(fitOrder(study.rows), VERDICTS))!;
  const rows = batchOrder(study.rows);
  const pairs: RatedPair[] = [];
  for (const r of rows) {
    if (pairs.at(-1)?.pairId !== r.item) pairs.push({ pairId: r.item, ratings: [] });
    (pairs.at(-1)!.ratings as [string, (typeof VERDICTS)[number]][]).push([r.rater, r.label as never]);
  }
  const want = softLabelsOf(
    model,
    rows.map((r) => ({ pairId: r.item, userId: r.rater, verdict: VERDICTS.indexOf(r.label as never) })),
  );
  assert.equal(want.size, 400);
  assert.deepEqual(softLabelsOfPairs(model, [...pairs, { pairId: "unjudged", ratings: null }]), want);
});
