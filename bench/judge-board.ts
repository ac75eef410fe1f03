/**
 * The judge alignment board at scale (issue 30, item 3): PAIRS complete pairs of three judgments by 40 experts
 * (lib/testing/history.ts; 333,334 pairs is a million judgments) and two uploaded judges with a verdict on every
 * pair (half in each order), then the board as the admin process computes it: its time (a run with the collector
 * left alone) and the live heap's peak (a second run collecting and sampling every 250 ms; slower), and the RSS.
 * Usage: npm run bench:judge-board [-- PAIRS] [--reuse] (--reuse keeps the database the last run seeded, same PAIRS).
 * Run under node --expose-gc (the npm script does) for the live heap.
 */
import { startEmbeddedPostgres } from "../lib/db/infra/embedded";
import { closeDb, createDb } from "../lib/db/infra/client";
import { judgeBoard } from "../lib/db/results/alignment";
import { seedHistory, seedJudgeVerdicts } from "../lib/testing/history";
import { freshDatabase } from "./server";

const pairs = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 333_334);
const reuse = process.argv.includes("--reuse");
const pg = reuse
  ? await startEmbeddedPostgres({ dataDir: ".data/bench/judge-board-pg", port: 54395, database: "judge-board" })
  : await freshDatabase("judge-board", 54395);
const db = createDb(pg.url);
try {
  if (!reuse) {
    await seedHistory(db, pairs, { experts: 40 });
    await seedJudgeVerdicts(db, pairs);
  }
  const measure = async (collect: boolean) => {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(
      () => {
        if (collect) global.gc?.();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
      collect ? 250 : 20,
    );
    const t = performance.now();
    const board = await judgeBoard(db, {});
    const ms = performance.now() - t;
    clearInterval(sampler);
    return { ms, heapGrowthMiB: (peak - before) / 2 ** 20, board };
  };
  const plain = await measure(false);
  const live = global.gc ? await measure(true) : null;
  console.log(
    JSON.stringify(
      {
        pairs,
        judgments: pairs * 3,
        judges: plain.board.judges.map((j) => j.judge),
        seconds: +(plain.ms / 1000).toFixed(1),
        heapGrowthMiBWithGarbage: Math.round(plain.heapGrowthMiB),
        liveHeapGrowthMiB: live ? Math.round(live.heapGrowthMiB) : "run under node --expose-gc",
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      },
      null,
      2,
    ),
  );
} finally {
  await closeDb(db);
  await pg.stop();
}
