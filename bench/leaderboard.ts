/**
 * Leaderboard speed: 100,000 battles among 20 planners (simulated, with query ids): the ratings, and
 * 1,000 bootstrap replicates (resampling queries); then FastChat's pandas + scikit-learn construction
 * on the same battles in the same run (bench/fastchat-baseline.py, Debian's python3-sklearn and
 * python3-pandas) as the ratio to beat. Usage: npm run bench:leaderboard [-- BATTLES REPLICATES PY_REPLICATES]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { leaderboard } from "../lib/leaderboard/leaderboard";
import { simulateBattles } from "../lib/leaderboard/simulate";

const battles = Number(process.argv[2] ?? 100_000);
const replicates = Number(process.argv[3] ?? 1000);
const pyReplicates = Number(process.argv[4] ?? 50);
const ratings = Array.from({ length: 20 }, (_, i) => (i - 9.5) * 15);
const set = simulateBattles({
  ratings,
  queries: Math.ceil(battles / 9),
  pairsPerQuery: 3,
  ratersPerPair: 3,
  copy: 0.5,
  seed: 2026,
});

const t0 = performance.now();
const once = leaderboard(set, { bootstrap: 1 });
const ratingsMs = performance.now() - t0;
const t1 = performance.now();
const full = leaderboard(set, { bootstrap: replicates, seed: 1 });
const bootstrapMs = performance.now() - t1 - ratingsMs;

const W = ["model_a", "model_b", "tie"];
const dir = mkdtempSync(path.join(tmpdir(), "tj-bench-lb-"));
const file = path.join(dir, "battles.jsonl");
const lines: string[] = [];
for (let r = 0; r < set.size; r++)
  lines.push(
    JSON.stringify({
      model_a: set.models[set.a[r]],
      model_b: set.models[set.b[r]],
      winner: W[set.outcome[r]],
      query_id: `q${set.unit[r]}`,
    }),
  );
writeFileSync(file, lines.join("\n") + "\n");

let baseline: Record<string, unknown> = {
  skipped: "python3-pandas / python3-sklearn not installed (apt-get install python3-pandas python3-sklearn)",
};
const py = "/usr/bin/python3";
if (existsSync(py) && spawnSync(py, ["-c", "import pandas, sklearn"]).status === 0) {
  const r = spawnSync(py, [path.join(import.meta.dirname, "fastchat-baseline.py"), file, String(pyReplicates)], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status === 0) {
    const b = JSON.parse(r.stdout);
    const maxDiff = Math.max(...once.models.map((m) => Math.abs(m.rating - b.ratings[m.model])));
    const perReplicate = b.bootstrap_s / b.replicates;
    baseline = {
      ratings_ms: +(1000 * b.ratings_s).toFixed(1),
      bootstrap_replicates_run: b.replicates,
      bootstrap_ms_per_replicate: +(1000 * perReplicate).toFixed(1),
      bootstrap_1000_ms_extrapolated: Math.round(1000 * perReplicate * 1000),
      ratio_ratings: +((1000 * b.ratings_s) / ratingsMs).toFixed(1),
      ratio_bootstrap_per_replicate: +((1000 * perReplicate) / (bootstrapMs / replicates)).toFixed(1),
      max_rating_difference_elo: +maxDiff.toExponential(2),
    };
  } else baseline = { skipped: `python failed: ${r.stderr.slice(0, 300)}` };
}
console.log(
  JSON.stringify(
    {
      battles: set.size,
      planners: set.models.length,
      queries: set.units,
      ratings_ms: +ratingsMs.toFixed(1),
      bootstrap_replicates: replicates,
      bootstrap_ms: Math.round(bootstrapMs),
      gradient_norm: full.gradientNorm,
      fastchat_baseline: baseline,
    },
    null,
    2,
  ),
);
