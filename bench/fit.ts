/**
 * Weight fitting on 1,468 synthetic training pairs (TripScore's count) over TripScore's full grid
 * (3,720,087 vectors): one pass on all threads and on one, the plain loop (reward() for every plan and
 * vector, timed on a slice of the grid and scaled up), a factored numpy pass (bench/fit-numpy.py) in the
 * same run, and the whole protocol (5-fold nested CV, 1,000 bootstrap replicates, tau). Usage: npm run bench:fit
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { DEFAULT_WEIGHTS } from "../lib/results/features";
import {
  TRIPSCORE_GRID,
  fitWeights,
  gridSize,
  parallelSearch,
  plainSearch,
  prepare,
  syntheticPairs,
} from "../lib/results/fitting";

const N = Number(process.argv[2] ?? 1468);
const pairs = syntheticPairs({
  pairs: N,
  weights: DEFAULT_WEIGHTS,
  noise: 0.35,
  missing: 0.05,
  failing: 0.08,
  seed: 2026,
});
const size = gridSize(TRIPSCORE_GRID);
const comparisons = size * N;

async function timed<T>(f: () => Promise<T> | T): Promise<[T, number]> {
  const s = performance.now();
  const r = await f();
  return [r, (performance.now() - s) / 1000];
}

const [best, passAll] = await timed(() => parallelSearch(prepare(pairs), TRIPSCORE_GRID));
const [best1, passOne] = await timed(() => parallelSearch(prepare(pairs), TRIPSCORE_GRID, { threads: 1 }));
if (best1.index[0] !== best.index[0]) throw new Error("one thread and all threads disagree");
const SLICE = 3000;
const [, plainSlice] = await timed(() => plainSearch(pairs, TRIPSCORE_GRID, null, 1, SLICE));
const plainPass = (plainSlice * size) / SLICE;
const [report, protocol] = await timed(() => fitWeights(pairs, { folds: 5, bootstrap: 1000, seed: 1 }));

let numpy: { seconds: number; best_correct: number } | { skipped: string } = {
  skipped: "python3 with numpy not found",
};
if (existsSync("/usr/bin/python3") && spawnSync("/usr/bin/python3", ["-c", "import numpy"]).status === 0) {
  mkdirSync(".data/bench", { recursive: true });
  const file = ".data/bench/fit-pairs.jsonl";
  writeFileSync(
    file,
    pairs
      .map((p) =>
        JSON.stringify({ pair_id: p.id, label: p.label, plan_a: { features: p.a }, plan_b: { features: p.b } }),
      )
      .join("\n") + "\n",
  );
  const r = spawnSync("/usr/bin/python3", ["bench/fit-numpy.py", file], { encoding: "utf8" });
  numpy = r.status === 0 ? JSON.parse(r.stdout.trim()) : { skipped: r.stderr.slice(0, 300) };
}

const r2 = (x: number) => +x.toFixed(2);
console.log(
  JSON.stringify(
    {
      pairs: N,
      vectors: size,
      comparisons,
      pass_seconds: r2(passAll),
      pass_seconds_one_thread: r2(passOne),
      comparisons_per_second: Math.round(comparisons / passAll),
      plain_loop_pass_seconds_estimated: r2(plainPass),
      speedup_vs_plain_loop: r2(plainPass / passAll),
      numpy_factored_pass_seconds: "seconds" in numpy ? r2(numpy.seconds) : numpy,
      speedup_vs_numpy: "seconds" in numpy ? r2(numpy.seconds / passAll) : null,
      same_best_as_numpy: "best_correct" in numpy ? numpy.best_correct === best.correct[0] : null,
      protocol_seconds: r2(protocol),
      report: {
        train_accuracy: report.train_accuracy,
        cv: report.cv && { mean: report.cv.mean, std: report.cv.std },
        bootstrap: report.bootstrap,
        kendall_tau: report.kendall_tau,
      },
    },
    null,
    2,
  ),
);
