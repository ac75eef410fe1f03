/**
 * Agreement statistics on 100,000 pairs × 3 ratings: all statistics (no bootstrap), and 1,000
 * bootstrap replicates of all of them; then the same data through statsmodels' fleiss_kappa plus
 * scikit-learn's cohen_kappa_score for the three slot pairs, and a numpy bootstrap of Fleiss' kappa,
 * in the same run (Debian's python3-statsmodels and python3-sklearn). Usage: npm run bench:agreement
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { bootstrapAll, countPatterns, patterns, statsFromCounts } from "../lib/results/agreement";
import { seededRandom } from "../lib/kernel";

const N = Number(process.argv[2] ?? 100_000);
const rng = seededRandom(2026);
const codes = new Uint8Array(N * 3);
for (let i = 0; i < N; i++) {
  const truth = Math.floor(rng() * 3);
  for (let r = 0; r < 3; r++) codes[3 * i + r] = rng() < 0.72 ? truth : Math.floor(rng() * 3);
}

function median(f: () => void, runs = 7): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

let stats = statsFromCounts(countPatterns(patterns(codes)));
const allMs = median(() => {
  stats = statsFromCounts(countPatterns(patterns(codes)));
});
const pat = patterns(codes);
const s0 = performance.now();
const ci = bootstrapAll(countPatterns(pat), 1000, 7);
const bootMs = performance.now() - s0;

let python: Record<string, number> | { skipped: string } = {
  skipped: "python3-statsmodels / python3-sklearn not installed (apt-get install python3-statsmodels python3-sklearn)",
};
const py = "/usr/bin/python3";
if (existsSync(py) && spawnSync(py, ["-c", "import statsmodels, sklearn"]).status === 0) {
  mkdirSync(".data/bench", { recursive: true });
  writeFileSync(".data/bench/ratings.bin", codes);
  const script = `
import numpy as np, time, json
from statsmodels.stats.inter_rater import fleiss_kappa, aggregate_raters
from sklearn.metrics import cohen_kappa_score
x = np.fromfile(".data/bench/ratings.bin", dtype=np.uint8).reshape(-1, 3).astype(int)
def all_stats():
    t, _ = aggregate_raters(x, n_cat=3)
    f = fleiss_kappa(t)
    c = [cohen_kappa_score(x[:, a], x[:, b]) for a, b in ((0, 1), (0, 2), (1, 2))]
    return f, c
runs = []
for _ in range(5):
    s = time.perf_counter(); f, c = all_stats(); runs.append(time.perf_counter() - s)
# Bootstrap baseline: Fleiss' kappa alone, vectorized numpy over a precomputed count table.
t, _ = aggregate_raters(x, n_cat=3)
t = t.astype(float)
def fleiss_np(tt):
    n = tt.sum(axis=1)[0]
    p = tt.sum(axis=0) / tt.sum()
    P = ((tt * tt).sum(axis=1) - n) / (n * (n - 1))
    pe = (p * p).sum()
    return (P.mean() - pe) / (1 - pe)
assert abs(fleiss_np(t) - f) < 1e-12
rng = np.random.default_rng(7)
s = time.perf_counter()
for _ in range(1000):
    fleiss_np(t[rng.integers(0, len(t), len(t))])
boot = time.perf_counter() - s
print(json.dumps({"fleiss": f, "cohen": c, "allMs": sorted(runs)[2] * 1000, "bootstrapFleissMs": boot * 1000}))
`;
  const r = spawnSync(py, ["-c", script], { encoding: "utf8" });
  python =
    r.status === 0
      ? JSON.parse(r.stdout.trim().split("\n").pop()!)
      : { skipped: `python failed: ${r.stderr.slice(0, 300)}` };
}

const round = (v: number | null) => (v === null ? null : +v.toFixed(6));
const pyAll = "allMs" in python ? (python.allMs as number) : null;
const pyBoot = "bootstrapFleissMs" in python ? (python.bootstrapFleissMs as number) : null;
console.log(
  JSON.stringify(
    {
      items: N,
      ratingsPerItem: 3,
      tripjudge: {
        allStatisticsMs: +allMs.toFixed(2),
        bootstrap1000AllStatisticsMs: Math.round(bootMs),
        values: {
          fleiss: round(stats.fleiss),
          light: round(stats.light),
          cohen: stats.cohen.map(round),
          krippendorff: round(stats.krippendorff),
          pairwise: round(stats.pairwise),
          allAgree: round(stats.allAgree),
        },
        fleissCi95: ci.fleiss && [round(ci.fleiss.lo), round(ci.fleiss.hi)],
      },
      python,
      speedup:
        pyAll && pyBoot
          ? {
              allStatistics: +(pyAll / allMs).toFixed(1),
              bootstrapAllVsPythonFleissOnly: +(pyBoot / bootMs).toFixed(1),
            }
          : null,
    },
    null,
    2,
  ),
);
