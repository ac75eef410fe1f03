/**
 * Serving orders replayed (lib/results/leaderboard/replay.ts, `tripjudge simulate`): the savings of serving the most
 * informative pair first against the log's own mix, at a budget of votes — the votes each policy needs to reach the
 * widest planner's, the median planner's and the root-mean-square interval half-width that the log's mix has at the
 * budget, the sandwich intervals' coverage of the whole log's ratings, and, with --raters 3, one vote a pair against
 * three (majority labels) by the share of planner pairs ordered as the whole log orders them.
 * The log is FILE (any battle log `tripjudge leaderboard` reads), or without --file an Arena-like simulated one
 * written to a temporary folder: 60 planners entering and leaving over time (each active for 15–60 % of it),
 * Bradley–Terry strengths with an Elo spread of 100, log-normal popularity (σ 1: a Gini of 0.52), a pair drawn
 * among the planners active at the time in proportion to their popularity, 35 % ties (Arena's share), 135,000
 * battles in time order.
 * Usage: npm run bench:replay -- [--file LOG] [--budget 20000] [--warmup 2000] [--seeds 40] [--min-battles 200]
 *        [--refit 100] [--exploration 0.1] [--raters 1|3|both] [--step 500]
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatServingStudy, readReplayLog, servingStudy, type Policy } from "../lib/results/leaderboard";
import { seededRandom } from "../lib/kernel";

const { values: v } = parseArgs({
  options: {
    file: { type: "string" },
    budget: { type: "string", default: "20000" },
    warmup: { type: "string", default: "2000" },
    seeds: { type: "string", default: "40" },
    "min-battles": { type: "string", default: "200" },
    refit: { type: "string", default: "100" },
    exploration: { type: "string", default: "0.1" },
    raters: { type: "string", default: "both" },
    step: { type: "string", default: "500" },
  },
});

/** An Arena-like log (see the header), as FastChat's battle records, one a line. */
function arenaLike(seed: number, planners = 60, battles = 135_000): string {
  const rng = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const rating = Array.from({ length: planners }, () => 1100 + 100 * normal());
  const popularity = Array.from({ length: planners }, () => Math.exp(normal()));
  const enter = Array.from({ length: planners }, () => rng());
  const leave = enter.map((e) => Math.min(1, e + 0.15 + 0.45 * rng()));
  const lines: string[] = [];
  for (let k = 0; k < battles; k++) {
    const time = k / battles;
    const active: number[] = [];
    for (let m = 0; m < planners; m++) if (enter[m] <= time + 0.15 && time <= leave[m]) active.push(m);
    const pick = (exclude: number) => {
      let total = 0;
      for (const m of active) if (m !== exclude) total += popularity[m];
      let u = rng() * total;
      for (const m of active) if (m !== exclude && (u -= popularity[m]) <= 0) return m;
      return active.find((m) => m !== exclude)!;
    };
    const a = pick(-1),
      b = pick(a);
    const pa = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400));
    const winner = rng() < 0.35 ? "tie" : rng() < pa ? "model_a" : "model_b";
    lines.push(
      JSON.stringify({
        model_a: `planner-${String(a + 1).padStart(2, "0")}`,
        model_b: `planner-${String(b + 1).padStart(2, "0")}`,
        winner,
        anony: true,
      }),
    );
  }
  return lines.join("\n") + "\n";
}

let file = v.file;
if (!file) {
  file = path.join(mkdtempSync(path.join(tmpdir(), "tj-replay-")), "arena-like.jsonl");
  writeFileSync(file, arenaLike(2024));
}
const budget = Number(v.budget),
  warmup = Number(v.warmup),
  step = Number(v.step);
const log = await readReplayLog(file, 2 ** 40, { minBattles: Number(v["min-battles"]) });
const pairs = new Set(Array.from(log.a, (a, k) => Math.min(a, log.b[k]) * 10_000 + Math.max(a, log.b[k])));
console.log(
  `${v.file ?? "Arena-like simulated log"}: ${log.read} battles, ${log.a.length} kept among ${log.models.length} planners with ≥ ${v["min-battles"]} battles (${pairs.size} pairs)`,
);
const checkpoints: number[] = [];
for (let c = warmup; c < budget; c += step) checkpoints.push(c);
checkpoints.push(budget);
for (const raters of v.raters === "both" ? ([1, 3] as const) : ([Number(v.raters)] as (1 | 3)[])) {
  const t0 = performance.now();
  const policies: Policy[] = ["as-logged", "balanced", "informative"];
  const study = await servingStudy(log, {
    policies,
    seeds: Number(v.seeds),
    budget,
    warmup,
    checkpoints,
    refit: Number(v.refit),
    exploration: Number(v.exploration),
    raters,
  });
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\n--raters ${raters}: ${budget} votes, warm-up ${warmup}, ${v.seeds} seeds, refit every ${v.refit}, exploration ${v.exploration} — ${seconds.toFixed(0)} s`,
  );
  // The table at every 2,000 votes (and the budget); the savings use every checkpoint.
  const shown = {
    ...study,
    policies: study.policies.map((p) => ({
      ...p,
      checkpoints: p.checkpoints.filter((_, i) => checkpoints[i] % 2000 === 0 || i === p.checkpoints.length - 1),
    })),
  };
  console.log(formatServingStudy(shown, { raters }));
}
