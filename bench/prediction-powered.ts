/**
 * What the prediction-powered leaderboard is worth, measured as Boyeau et al. measure it on Chatbot Arena: a
 * population of battles each with an expert's vote and the judge's verdict; in each run, LABELLED of them drawn at
 * random keep the expert's vote (with the judge's), the rest only the judge's. The truth is the experts-only fit on
 * every expert vote of the population; reported: how often the 95 % intervals (prediction-powered, and experts-only
 * from the LABELLED alone) cover it, the mean λ̂ and effective sample ratio, how often a single planner's interval
 * came out wider than its experts-only one, and the judge's agreement with single votes (three ways, ties counting).
 * The population: --battles HUMAN --judge-battles JUDGE (tripjudge's files; only the expert battles the judge also
 * decided, paired by id), or without them a simulated Arena-sized one (lib/results/leaderboard/simulate-judge.ts's model:
 * 26,919 battles among 20 planners, experts tying 30 %, a judge copying the vote with probability --copy else
 * deciding with its own lean).
 * Usage: npm run bench:prediction-powered -- [--battles FILE --judge-battles FILE] [--labelled 1000] [--runs 200]
 *        [--copy 0.3] [--seed 1]
 */
import { parseArgs } from "node:util";
import {
  A_WINS,
  B_WINS,
  BattleSetBuilder,
  PredictionPoweredBuilder,
  TIE,
  leaderboard,
  predictionPoweredLeaderboard,
  readBattleRecords,
} from "../lib/results/leaderboard";
import { seededRandom, shuffle } from "../lib/kernel";

const { values: v } = parseArgs({
  options: {
    battles: { type: "string" },
    "judge-battles": { type: "string" },
    labelled: { type: "string", default: "1000" },
    runs: { type: "string", default: "200" },
    copy: { type: "string", default: "0.3" },
    seed: { type: "string", default: "1" },
  },
});
interface Row {
  a: string;
  b: string;
  expert: number;
  judge: number;
}
const code = (w: string) => (w === "model_a" ? A_WINS : w === "model_b" ? B_WINS : TIE);
const mirror = (o: number) => (o === A_WINS ? B_WINS : o === B_WINS ? A_WINS : TIE);

async function fromFiles(humanPath: string, judgePath: string): Promise<Row[]> {
  // Several expert battles may share an id (a pair's judgments, as `tripjudge export battles` writes them).
  const experts = new Map<string, Row[]>();
  await readBattleRecords(humanPath, Infinity, (b) => {
    if (b.id === null || b.model_a === b.model_b || b.named) return;
    const row = { a: b.model_a, b: b.model_b, expert: code(b.winner), judge: -1 };
    const rows = experts.get(b.id);
    if (rows) rows.push(row);
    else experts.set(b.id, [row]);
  });
  await readBattleRecords(judgePath, Infinity, (b) => {
    for (const e of (b.id !== null && experts.get(b.id)) || []) {
      if (b.model_a === e.a && b.model_b === e.b) e.judge = code(b.winner);
      else if (b.model_a === e.b && b.model_b === e.a) e.judge = mirror(code(b.winner));
    }
  });
  return [...experts.values()].flat().filter((e) => e.judge >= 0);
}

function simulated(seed: number, copy: number): Row[] {
  const rng = seededRandom(seed);
  // 20 planners spread like the Arena's first leaderboards (about 400 Elo from first to last), a judge that leans.
  const ratings = Array.from({ length: 20 }, (_, i) => 1200 - 20 * i - (i > 15 ? 40 : 0));
  const lean = ratings.map(() => Math.round((rng() - 0.5) * 120));
  const rows: Row[] = [];
  for (let k = 0; k < 26_919; k++) {
    const i = Math.floor(rng() * 20);
    let j = Math.floor(rng() * 19);
    if (j >= i) j++;
    const pa = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400));
    const pj = 1 / (1 + 10 ** ((ratings[j] + lean[j] - ratings[i] - lean[i]) / 400));
    const expert = rng() < 0.3 ? TIE : rng() < pa ? A_WINS : B_WINS;
    const judge = rng() < copy ? expert : rng() < 0.25 ? TIE : rng() < pj ? A_WINS : B_WINS;
    rows.push({
      a: `model-${String(i + 1).padStart(2, "0")}`,
      b: `model-${String(j + 1).padStart(2, "0")}`,
      expert,
      judge,
    });
  }
  return rows;
}

const population =
  v.battles && v["judge-battles"]
    ? await fromFiles(v.battles, v["judge-battles"])
    : simulated(Number(v.seed), Number(v.copy));
const labelled = Number(v.labelled);
const runs = Number(v.runs);
const agreement = population.filter((r) => r.expert === r.judge).length / population.length;
const all = new BattleSetBuilder();
for (const r of population) all.add(r.a, r.b, r.expert, null);
const truthBoard = leaderboard(all.build(), { bootstrap: 0 });
const truth = new Map(truthBoard.models.map((m) => [m.model, m.rating]));
console.log(
  `${v.battles ? `${v.battles} with ${v["judge-battles"]}` : `simulated (copy ${v.copy})`}: ${population.length} battles with an expert vote and the judge's verdict among ${truth.size} planners; the judge agrees with single votes on ${(100 * agreement).toFixed(1)} % (ties counting); ${runs} runs of ${labelled} expert-labelled battles`,
);
const rng = seededRandom(Number(v.seed) + 1000);
let covered = 0,
  coveredExperts = 0,
  cases = 0,
  wider = 0,
  worst = 1,
  failed = 0;
const lambdas: number[] = [],
  ratios: number[] = [];
const t0 = performance.now();
for (let run = 0; run < runs; run++) {
  const order = shuffle(
    rng,
    population.map((_, k) => k),
  );
  const builder = new PredictionPoweredBuilder();
  order.forEach((k, at) => {
    const r = population[k];
    if (at < labelled) builder.addLabelled(r.a, r.b, r.expert, r.judge, null);
    else builder.addJudge(r.a, r.b, r.judge, null);
  });
  let lb;
  try {
    lb = predictionPoweredLeaderboard(builder.build());
  } catch {
    failed++; // a draw that misses a planner, or whose planner never won: no experts-only fit to rectify
    continue;
  }
  lambdas.push(lb.lambda);
  ratios.push(lb.effectiveSampleRatio);
  for (const m of lb.models) {
    const t = truth.get(m.model)!;
    if (!Number.isFinite(m.ci95[0]) || lb.unbounded.includes(m.model)) continue;
    cases++;
    if (m.ci95[0] <= t && t <= m.ci95[1]) covered++;
    if (m.expertsOnly.ci95[0] <= t && t <= m.expertsOnly.ci95[1]) coveredExperts++;
    const ratio = (m.ci95[1] - m.ci95[0]) / (m.expertsOnly.ci95[1] - m.expertsOnly.ci95[0]);
    if (ratio > 1) wider++;
    worst = Math.max(worst, ratio);
  }
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sorted = [...ratios].sort((a, b) => a - b);
console.log(
  `coverage: prediction-powered ${(covered / cases).toFixed(3)}, experts-only ${(coveredExperts / cases).toFixed(3)} (${cases} planner-intervals); λ̂ mean ${mean(lambdas).toFixed(3)}; effective sample ratio mean ${mean(ratios).toFixed(3)} (median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)}, min ${sorted[0].toFixed(3)}); single planners wider than experts-only in ${wider}/${cases} (at most ×${worst.toFixed(3)}); ${failed} runs without a fit — ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
