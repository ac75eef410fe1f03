import assert from "node:assert/strict";
import { test } from "node:test";
import { simulateStudy } from "../../quality/reliability";
import { isCalibration, pairDraw, ratersAsked, replayAdaptive } from "./adaptive";
import { type Verdict } from "../verdict";

test("the policy asks a third expert only when the first two disagree, and always on calibration pairs", () => {
  assert.equal(ratersAsked(["A", "A", "B"], false), 2);
  assert.equal(ratersAsked(["A", "B", "B"], false), 3);
  assert.equal(ratersAsked(["A", "A", "A"], true), 3);
  assert.equal(ratersAsked(["A", "A"], false), 2);
});

test("replaying a complete three-rater log: wherever two agreeing experts stopped the pair, its majority label is the same", () => {
  // 2,000 pairs at TripScore's single-rater reliability (r = 0.84), every one judged three times.
  const study = simulateStudy({ seed: 17, items: 2000, honest: 30, random: 0, accuracy: 0.84 });
  const byItem = new Map<string, Verdict[]>();
  for (const r of study.rows) byItem.set(r.item, [...(byItem.get(r.item) ?? []), r.label as Verdict]);
  const log = [...byItem].map(([pairId, verdicts]) => ({ pairId, verdicts }));
  const replay = replayAdaptive(log);
  const stopped = replay.pairs.filter((p) => p.asked === 2);
  assert.ok(stopped.length > 1000);
  for (const p of stopped) assert.equal(p.label, p.fullLabel, p.pairId);
  // Where the third was asked, the label is the full log's by construction.
  for (const p of replay.pairs.filter((x) => x.asked === 3)) assert.equal(p.label, p.fullLabel);
  const calibration = replay.pairs.filter((p) => p.calibration).length / replay.pairs.length;
  assert.ok(Math.abs(calibration - 0.15) < 0.025, `calibration share ${calibration}`);
  console.log(
    `adaptive replay: ${stopped.length} of ${log.length} pairs stopped at two agreeing experts; ${replay.judgmentsSaved} of ${replay.judgments} judgments (${((100 * replay.judgmentsSaved) / replay.judgments).toFixed(1)} %) saved; calibration share ${(100 * calibration).toFixed(1)} %`,
  );
});

test("the calibration draw is uniform and stable", () => {
  assert.equal(pairDraw("pair-1"), pairDraw("pair-1"));
  const draws = Array.from({ length: 20000 }, (_, i) => pairDraw(`p${i}`));
  assert.ok(draws.every((d) => d >= 0 && d < 1));
  const share = draws.filter((d) => d < 0.15).length / draws.length;
  assert.ok(Math.abs(share - 0.15) < 0.01);
  assert.equal(isCalibration("p1", 0), false);
  assert.equal(isCalibration("p1", 1), true);
});
