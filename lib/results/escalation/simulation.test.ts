import assert from "node:assert/strict";
import { test } from "node:test";
import { seededRandom } from "../../kernel";
import { guaranteeStudy, simulateItems, type SimulatedJudge } from ".";

// A judge whose disagreement with the experts falls smoothly as its confidence rises (5 % at certainty, 75 % at
// 0.5), most items near certainty: its disagreement over all items (≈ 22 %) is above α = 0.2, so the threshold binds.
const judge: SimulatedJudge = { name: "judge", easy: { lowest: 0.5, shape: 3, floor: 0.05, slope: 1.4 } };
const population = simulateItems({ seed: 11, items: 5000, judges: [judge] });

test("one judge: over 1,000 calibrations of 250 items the guarantee holds in ≥ 1 − δ of them; a plug-in threshold's does not", () => {
  const options = { alpha: 0.2, delta: 0.1 };
  const s = guaranteeStudy(population, { ...options, judges: ["judge"], calibrationSize: 250, runs: 1000, seed: 5 });
  assert.ok(s.held >= 1 - options.delta, `held in ${s.held}`);
  assert.ok(s.medianCoverage > 0.5, `median coverage ${s.medianCoverage}`);
  // The same draws with the lowest threshold whose calibration disagreement is at most α (no test): the promise
  // then fails about half the time, so the study can tell a guarantee from none.
  const rng = seededRandom(5);
  const index = Int32Array.from(population.keys());
  const confidence = population.map((it) => it.judges.get("judge")!.confidence);
  const wrong = population.map((it) => it.judges.get("judge")!.verdict !== it.human);
  let held = 0;
  for (let r = 0; r < 1000; r++) {
    for (let i = 0; i < 250; i++) {
      const j = i + Math.floor(rng() * (population.length - i));
      [index[i], index[j]] = [index[j], index[i]];
    }
    const draw = Array.from(index.subarray(0, 250)).sort((a, b) => confidence[b] - confidence[a]);
    let t = Infinity;
    for (let n = 1, k = 0; n <= draw.length; n++) {
      if (wrong[draw[n - 1]]) k++;
      if (n >= 30 && k <= options.alpha * n) t = confidence[draw[n - 1]];
    }
    let decided = 0,
      disagreed = 0;
    for (let i = 0; i < population.length; i++)
      if (confidence[i] >= t) {
        decided++;
        if (wrong[i]) disagreed++;
      }
    if (disagreed <= options.alpha * decided) held++;
  }
  assert.ok(held / 1000 < 0.75, `plug-in held in ${held / 1000}`);
  console.log(
    `one judge, α 0.2, δ 0.1, 250 calibration items: held in ${s.held} of calibrations (plug-in threshold: ${held / 1000}), median coverage ${s.medianCoverage.toFixed(3)}, decided nothing in ${s.decidedNothing}`,
  );
});

test("a cascade: sequential calibration keeps the guarantee; calibrating every judge on all items breaks it", () => {
  // The cheap judge is sure and right on easy items, unsure on hard ones; the strong judge is sure of everything,
  // nearly always right on easy items and a coin on hard ones. On all items the strong judge passes (its
  // disagreement ≈ 7 %), but the items the cheap judge leaves are the hard ones, where it disagrees half the time.
  const judges: SimulatedJudge[] = [
    {
      name: "cheap",
      easy: { lowest: 0.7, shape: 1, floor: 0, slope: 0.6 },
      hard: { lowest: 0.5, shape: 0.5, floor: 0.3, slope: 0.3 },
    },
    {
      name: "strong",
      easy: { lowest: 0.92, shape: 1, floor: 0, slope: 0.2 },
      hard: { lowest: 0.88, shape: 0.3, floor: 0.5, slope: 0 },
    },
  ];
  const items = simulateItems({ seed: 7, items: 4000, hardShare: 0.12, judges });
  const options = { alpha: 0.1, delta: 0.1, judges: ["cheap", "strong"], calibrationSize: 1000, runs: 400, seed: 3 };
  const sequential = guaranteeStudy(items, options);
  const all = guaranteeStudy(items, { ...options, calibration: "all" });
  assert.ok(sequential.held >= 1 - options.delta, `sequential held in ${sequential.held}`);
  assert.ok(all.held < 0.5, `all-items calibration held in ${all.held}`);
  // Calibrated on everything, the strong judge decides the hard items too: more coverage, bought with the promise.
  assert.ok(all.medianCoverage > sequential.medianCoverage);
  console.log(
    `cascade, α 0.1, δ 0.1, 1,000 calibration items: sequential held in ${sequential.held} (median coverage ${sequential.medianCoverage.toFixed(3)}), all-items in ${all.held} (${all.medianCoverage.toFixed(3)})`,
  );
});
