/**
 * Guarantee studies for guaranteed escalation (lib/results/escalation/): calibrate on RUNS random draws of CALIBRATION
 * expert-labelled items from a population and judge each run's decisions on the whole population — the share of
 * runs whose agreement with the experts is at least 1 − α (the promise: at least 1 − δ of them), the median
 * coverage, and the share deciding nothing; each cascade also calibrated the wrong way (every judge on all items)
 * beside it. The population is FILE (`tripjudge escalate`'s format, every line with "human"), or without --file the
 * simulated judge of lib/results/escalation/simulation.test.ts (5,000 items). With Debian's python3 (numpy, scipy) the
 * independent reference (lib/results/escalation/reference.py study) runs the same study on other random draws beside it.
 * Usage: npm run bench:escalation -- [--file FILE] [--judges J1,J2] [--alpha 0.2] [--delta 0.1] [--calibration 250]
 *        [--runs 1000] [--seed 1]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { guaranteeStudy, itemLine, parseEscalationItems, simulateItems } from "../lib/results/escalation";

const { values: v } = parseArgs({
  options: {
    file: { type: "string" },
    judges: { type: "string" },
    alpha: { type: "string", default: "0.2" },
    delta: { type: "string", default: "0.1" },
    calibration: { type: "string", default: "250" },
    runs: { type: "string", default: "1000" },
    seed: { type: "string", default: "1" },
  },
});
const population = v.file
  ? parseEscalationItems(readFileSync(v.file, "utf8"), v.file, { needHuman: true })
  : simulateItems({
      seed: 11,
      items: 5000,
      judges: [{ name: "judge", easy: { lowest: 0.5, shape: 3, floor: 0.05, slope: 1.4 } }],
    });
const judges = v.judges ? v.judges.split(",") : [...population[0].judges.keys()].slice(0, 1);
const opts = {
  judges,
  alpha: Number(v.alpha),
  delta: Number(v.delta),
  calibrationSize: Number(v.calibration),
  runs: Number(v.runs),
  seed: Number(v.seed),
};
const f = (x: number | null) => (x === null ? "—" : x.toFixed(3));
console.log(
  `${v.file ?? "simulated judge"}: ${population.length} items; ${judges.join(" → ")}; α ${opts.alpha}, δ ${opts.delta}; ${opts.runs} calibrations of ${opts.calibrationSize}`,
);
const t0 = performance.now();
const s = guaranteeStudy(population, opts);
const t1 = performance.now();
console.log(
  `held in ${f(s.held)} of calibrations (promise: ≥ ${f(1 - opts.delta)}); median coverage ${f(s.medianCoverage)} (held-out ${f(s.medianHeldOutCoverage)}); decided nothing in ${f(s.decidedNothing)}; median agreement when deciding ${f(s.medianAgreement)} — ${(t1 - t0).toFixed(0)} ms`,
);
if (judges.length > 1) {
  const all = guaranteeStudy(population, { ...opts, calibration: "all" });
  console.log(
    `every judge calibrated on all items (not the method): held in ${f(all.held)}; median coverage ${f(all.medianCoverage)}`,
  );
}

const py = "/usr/bin/python3";
if (!existsSync(py) || spawnSync(py, ["-c", "import numpy, scipy"]).status !== 0) {
  console.log("(no python3 with numpy and scipy: the reference study is skipped)");
} else {
  let file = v.file;
  if (!file) {
    file = path.join(mkdtempSync(path.join(tmpdir(), "tj-esc-bench-")), "population.jsonl");
    writeFileSync(file, population.map((it) => itemLine(it)).join("\n") + "\n");
  }
  const args = [
    "lib/results/escalation/reference.py",
    "study",
    file,
    judges.join(","),
    v.alpha!,
    v.delta!,
    v.calibration!,
  ];
  const r = spawnSync(py, [...args, v.runs!, v.seed!], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  const ref = JSON.parse(r.stdout);
  console.log(
    `reference (numpy/scipy, other draws): held in ${f(ref.held)}; median coverage ${f(ref.median_coverage)} (held-out ${f(ref.median_held_out_coverage)}); decided nothing in ${f(ref.decided_nothing)}`,
  );
}
