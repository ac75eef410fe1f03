/**
 * Reliability models at scale: Dawid–Skene and MACE (lib/quality/reliability/) on a simulated study — by default
 * 100,000 pairs × 3 ratings by 200 experts (190 at r = 0.84, 10 random) — and the whole
 * `reliabilityReport` (the models, peer agreement and flags); then the independent numpy implementation
 * of the same definitions (lib/quality/reliability/reference.py, Debian's python3-numpy) on the same ratings in
 * the same run as the baseline. Usage: npm run bench:reliability [-- PAIRS]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dawidSkene, mace, ratingMatrix, reliabilityReport, simulateStudy } from "../lib/quality/reliability";

const pairs = Number(process.argv[2] ?? 100_000);
const LABELS = ["A", "B", "NEITHER"];
const study = simulateStudy({ seed: 2026, items: pairs, honest: 190, random: 10, accuracy: 0.84 });
const m = ratingMatrix(study.rows, LABELS);
const heap0 = process.memoryUsage().heapUsed;
const t0 = performance.now();
const ds = dawidSkene(m);
const t1 = performance.now();
const mc = mace(m);
const t2 = performance.now();
const report = reliabilityReport(study.rows, LABELS);
const t3 = performance.now();
const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
const flaggedRandom = report.raters.filter((r) => r.flagged && study.random.has(r.rater)).length;
const flaggedHonest = report.raters.filter((r) => r.flagged && !study.random.has(r.rater)).length;
console.log(`${study.rows.length.toLocaleString("en")} ratings of ${pairs.toLocaleString("en")} pairs by 200 experts`);
console.log(
  `Dawid–Skene: ${(t1 - t0).toFixed(0)} ms (${ds.iterations} iterations); MACE: ${(t2 - t1).toFixed(0)} ms (${mc.iterations} iterations); whole report: ${(t3 - t2).toFixed(0)} ms; heap growth ${heapMb.toFixed(0)} MB`,
);
console.log(`flagged: ${flaggedRandom} of 10 random experts, ${flaggedHonest} of 190 honest ones`);

const py = "/usr/bin/python3";
if (!existsSync(py) || spawnSync(py, ["-c", "import numpy, scipy"]).status !== 0) {
  console.log(
    "numpy baseline skipped: /usr/bin/python3 with numpy and scipy is not installed (apt-get install python3-numpy python3-scipy)",
  );
} else {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tj-bench-rel-")), "ratings.jsonl");
  writeFileSync(file, study.rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const r = spawnSync(py, ["lib/quality/reliability/reference.py", "--bench", file], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(r.stderr);
  const b = JSON.parse(r.stdout) as {
    ds_seconds: number;
    ds_iterations: number;
    mace_seconds: number;
    mace_iterations: number;
  };
  console.log(
    `numpy reference, same ratings: Dawid–Skene ${(b.ds_seconds * 1000).toFixed(0)} ms (${b.ds_iterations} iterations), MACE ${(b.mace_seconds * 1000).toFixed(0)} ms (${b.mace_iterations} iterations)`,
  );
  console.log(
    `ratio (numpy / TripJudge): Dawid–Skene ${((b.ds_seconds * 1000) / (t1 - t0)).toFixed(1)}×, MACE ${((b.mace_seconds * 1000) / (t2 - t1)).toFixed(1)}×`,
  );
}
