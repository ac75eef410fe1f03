/**
 * Leaderboard speed: 100,000 battles among 20 planners (simulated, with query ids): the ratings, and
 * 1,000 bootstrap replicates, resampling queries (TripJudge's unit) and resampling battles (FastChat's
 * unit, the same statistics as its bootstrap). Baselines on the same battles in the same run:
 * - FastChat's current leaderboard code, `compute_bt` / `compute_bootstrap_bt` of
 *   fastchat/serve/monitor/rating_systems.py (scipy L-BFGS-B on unique rows, multinomial resampling, a pool of
 *   os.cpu_count() processes), run by bench/fastchat-rating-systems.py from a FastChat checkout you name with
 *   --fastchat-dir DIR or FASTCHAT_DIR (not part of this project: `git clone https://github.com/lm-sys/FastChat`,
 *   or a folder holding its rating_systems.py; needs python3 with numpy, scipy and pandas);
 * - FastChat's older pandas + scikit-learn construction (bench/fastchat-baseline.py), PY_REPLICATES replicates
 *   extrapolated to 1,000 (0 skips it).
 * Every TripJudge and FastChat time is the best of --repeat runs (default 3: the machine is shared).
 * --style: style control instead (four whole-number covariates per plan, shared by a pair's three judgments),
 * against FastChat's `compute_style_control` / `compute_bootstrap_style_control` (L-BFGS-B over every battle,
 * regularized, so the ratings differ a little; resampling battles) on the same battles with the covariates as
 * `conv_metadata`; TripJudge's times are its whole leaderboard with style, resampling battles as FastChat does.
 * Usage: npm run bench:leaderboard -- [BATTLES [REPLICATES [PY_REPLICATES]]] [--planners N] [--repeat K]
 *        [--fastchat-dir DIR] [--style]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gapInterval, leaderboard, simulateBattles, type BattleSet } from "../lib/results/leaderboard";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    planners: { type: "string" },
    repeat: { type: "string" },
    "fastchat-dir": { type: "string" },
    style: { type: "boolean" },
  },
});
const battles = Number(positionals[0] ?? 100_000);
const replicates = Number(positionals[1] ?? 1000);
const pyReplicates = Number(positionals[2] ?? 50);
const planners = Number(values.planners ?? 20);
const repeat = Math.max(1, Number(values.repeat ?? 3));
const fastchatDir = values["fastchat-dir"] ?? process.env.FASTCHAT_DIR;
const ratings = Array.from({ length: planners }, (_, i) => ((i - (planners - 1) / 2) * 300) / planners);
const set = simulateBattles({
  ratings,
  queries: Math.ceil(battles / 9),
  pairsPerQuery: 3,
  ratersPerPair: 3,
  copy: 0.5,
  seed: 2026,
  style: values.style,
});
// The same battles, each its own resampling unit: FastChat's bootstrap.
const perBattle: BattleSet = { ...set, unit: Int32Array.from({ length: set.size }, (_, i) => i), units: set.size };

/** The result and the best wall time of `repeat` runs. */
function timed<T>(f: () => T): [T, number] {
  let best = Infinity;
  let out!: T;
  for (let k = 0; k < repeat; k++) {
    const t = performance.now();
    out = f();
    best = Math.min(best, performance.now() - t);
  }
  return [out, best];
}
if (values.style) {
  styleBench();
  process.exit(0);
}
const [once, ratingsMs] = timed(() => leaderboard(set, { bootstrap: 0 }));
const [, queryTotalMs] = timed(() => leaderboard(set, { bootstrap: replicates, seed: 1 }));
const [, battleRatingsMs] = timed(() => leaderboard(perBattle, { bootstrap: 0 }));
const [byBattle, battleTotalMs] = timed(() => leaderboard(perBattle, { bootstrap: replicates, seed: 1 }));
// The bootstrap alone, as compute_bootstrap_bt does it (its preparation, the full fit it starts from, every
// replicate; no win table): the interval of one rating gap.
const [, battleCoreMs] = timed(() => gapInterval(perBattle, 0, 1, replicates, 1));

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
const py = "/usr/bin/python3";
const ratingOf = new Map(once.models.map((m) => [m.model, m.rating]));
const maxDiff = (other: Record<string, number>) => Math.max(...[...ratingOf].map(([m, r]) => Math.abs(r - other[m])));

let current: Record<string, unknown> = {
  skipped:
    "no FastChat given: git clone https://github.com/lm-sys/FastChat /tmp/FastChat (or put its fastchat/serve/monitor/rating_systems.py in a folder), then --fastchat-dir /tmp/FastChat or FASTCHAT_DIR=/tmp/FastChat; needs python3 with numpy, scipy, pandas",
};
if (fastchatDir) {
  const r = spawnSync(
    py,
    [
      path.join(import.meta.dirname, "fastchat-rating-systems.py"),
      fastchatDir,
      file,
      String(replicates),
      String(repeat),
    ],
    {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    },
  );
  if (r.status === 0) {
    const b = JSON.parse(r.stdout);
    const ci = new Map(byBattle.models.map((m) => [m.model, m.ci95]));
    const ciDiff = Math.max(
      ...Object.entries(b.ci95 as Record<string, [number, number]>).map(([m, [lo, hi]]) =>
        Math.max(Math.abs(lo - ci.get(m)![0]), Math.abs(hi - ci.get(m)![1])),
      ),
    );
    current = {
      file: b.file,
      python_workers: b.workers,
      compute_bt_ms: +(1000 * b.ratings_s).toFixed(1),
      compute_bootstrap_bt_ms: Math.round(1000 * b.bootstrap_s),
      compute_bootstrap_bt_ms_runs: (b.bootstrap_s_all as number[]).map((v) => Math.round(1000 * v)),
      replicates: b.replicates,
      ratio_ratings: +((1000 * b.ratings_s) / ratingsMs).toFixed(1),
      // FastChat's compute_bootstrap_bt (its preparation and pool included) against TripJudge's bootstrap of
      // the same battles resampled one by one (preparation and full fit included), and against the whole
      // leaderboard call (win table, tallies and all).
      ratio_bootstrap: +((1000 * b.bootstrap_s) / battleCoreMs).toFixed(1),
      ratio_whole_leaderboard: +((1000 * b.bootstrap_s) / battleTotalMs).toFixed(1),
      max_rating_difference_elo: +maxDiff(b.ratings).toExponential(2),
      max_ci95_bound_difference_elo: +ciDiff.toFixed(2),
    };
  } else current = { skipped: `python failed: ${r.stderr.slice(-600)}` };
}

let older: Record<string, unknown> = {
  skipped: "python3-pandas / python3-sklearn not installed (apt-get install python3-pandas python3-sklearn)",
};
if (pyReplicates <= 0) older = { skipped: "PY_REPLICATES is 0" };
else if (existsSync(py) && spawnSync(py, ["-c", "import pandas, sklearn"]).status === 0) {
  const r = spawnSync(py, [path.join(import.meta.dirname, "fastchat-baseline.py"), file, String(pyReplicates)], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status === 0) {
    const b = JSON.parse(r.stdout);
    const perReplicate = b.bootstrap_s / b.replicates;
    const ours = (queryTotalMs - ratingsMs) / replicates;
    older = {
      ratings_ms: +(1000 * b.ratings_s).toFixed(1),
      bootstrap_replicates_run: b.replicates,
      bootstrap_ms_per_replicate: +(1000 * perReplicate).toFixed(1),
      bootstrap_1000_ms_extrapolated: Math.round(1000 * perReplicate * 1000),
      ratio_ratings: +((1000 * b.ratings_s) / ratingsMs).toFixed(1),
      ratio_bootstrap_per_replicate: +((1000 * perReplicate) / ours).toFixed(1),
      max_rating_difference_elo: +maxDiff(b.ratings).toExponential(2),
    };
  } else older = { skipped: `python failed: ${r.stderr.slice(0, 300)}` };
}
console.log(
  JSON.stringify(
    {
      battles: set.size,
      planners: set.models.length,
      queries: set.units,
      ratings_ms: +ratingsMs.toFixed(1),
      bootstrap_replicates: replicates,
      by_query: { total_ms: Math.round(queryTotalMs), bootstrap_ms: Math.round(queryTotalMs - ratingsMs) },
      by_battle: {
        total_ms: Math.round(battleTotalMs),
        bootstrap_ms: Math.round(battleTotalMs - battleRatingsMs),
        bootstrap_alone_ms: Math.round(battleCoreMs),
      },
      gradient_norm: once.gradientNorm,
      fastchat_rating_systems: current,
      fastchat_pandas_sklearn: older,
    },
    null,
    2,
  ),
);

/** Style control against FastChat's (--style). */
function styleBench() {
  const [once, fitMs] = timed(() => leaderboard(perBattle, { bootstrap: 0, style: true }));
  const [boot, bootMs] = timed(() => leaderboard(perBattle, { bootstrap: replicates, seed: 1, style: true }));
  const names = ["sum_assistant", "header_count", "list_count", "bold_count"];
  const K = names.length;
  const dir = mkdtempSync(path.join(tmpdir(), "tj-bench-lb-style-"));
  const file = path.join(dir, "battles.jsonl");
  const lines: string[] = [];
  for (let r = 0; r < set.size; r++) {
    const meta: Record<string, number> = {};
    names.forEach((n, k) => {
      // FastChat's first element is a sum over turns ("sum_assistant_a_tokens"); the others are counts.
      meta[k === 0 ? `${n}_a_tokens` : `${n}_a`] = set.style![r * 2 * K + k];
      meta[k === 0 ? `${n}_b_tokens` : `${n}_b`] = set.style![r * 2 * K + K + k];
    });
    lines.push(
      JSON.stringify({
        model_a: set.models[set.a[r]],
        model_b: set.models[set.b[r]],
        winner: ["model_a", "model_b", "tie"][set.outcome[r]],
        conv_metadata: meta,
      }),
    );
  }
  writeFileSync(file, lines.join("\n") + "\n");
  let fastchat: Record<string, unknown> = { skipped: "no FastChat given (--fastchat-dir DIR or FASTCHAT_DIR)" };
  if (fastchatDir) {
    const r = spawnSync(
      "/usr/bin/python3",
      [
        path.join(import.meta.dirname, "fastchat-rating-systems.py"),
        fastchatDir,
        file,
        String(replicates),
        String(repeat),
        "style",
      ],
      { encoding: "utf8", maxBuffer: 1 << 26 },
    );
    if (r.status === 0) {
      const b = JSON.parse(r.stdout);
      const ours = new Map(once.style!.ratings.map((m) => [m.model, m.rating]));
      fastchat = {
        file: b.file,
        python_workers: b.workers,
        compute_style_control_ms: Math.round(1000 * b.ratings_s),
        compute_bootstrap_style_control_ms: Math.round(1000 * b.bootstrap_s),
        ratio_fit: +((1000 * b.ratings_s) / fitMs).toFixed(1),
        ratio_bootstrap: +((1000 * b.bootstrap_s) / bootMs).toFixed(1),
        // FastChat's fit is regularized (reg 0.5), TripJudge's is the plain maximum likelihood.
        max_rating_difference_elo: +Math.max(
          ...Object.entries(b.ratings as Record<string, number>).map(([m, v]) => Math.abs(v - ours.get(m)!)),
        ).toFixed(2),
      };
    } else fastchat = { skipped: `python failed: ${r.stderr.slice(-600)}` };
  }
  console.log(
    JSON.stringify(
      {
        battles: set.size,
        planners: set.models.length,
        style: true,
        bootstrap_replicates: replicates,
        tripjudge_fit_ms: Math.round(fitMs),
        tripjudge_leaderboard_with_bootstrap_ms: Math.round(bootMs),
        unconverged: boot.bootstrap.unconverged,
        coefficients: boot.style!.covariates.map((c) => [c.name, c.coefficient]),
        fastchat_style_control: fastchat,
      },
      null,
      2,
    ),
  );
}
