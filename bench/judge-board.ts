/**
 * The heavy admin figures at scale (issue 30, item 3): PAIRS complete pairs of three judgments by 40 experts
 * (lib/testing/history.ts; 333,334 pairs is a million judgments) and two uploaded judges with a verdict on every
 * pair (half in each order), then each figure as the admin process computes it: its time (a run with the collector
 * left alone) and the live heap's peak growth (a second run collecting and sampling every 250 ms; slower), and the
 * process's peak RSS after all of them.
 * Usage: npm run bench:judge-board [-- PAIRS] [--reuse] [--figures=board,quality,leaderboard,removal,soft-labels]
 * (--reuse keeps the database the last run seeded, same PAIRS; --figures: which figures, the judge board alone by
 * default). Run under node --expose-gc (the npm script does) for the live heap.
 */
import { startEmbeddedPostgres, closeDb, createDb } from "../lib/platform/db";
import { judgeBoard, leaderboardReport } from "../lib/results/store";
import { fitSoftLabels, qualityReport, removalPreview } from "../lib/quality/store";
import { seedHistory, seedJudgeVerdicts } from "../lib/testing/history";
import { freshDatabase } from "./server";

const pairs = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 333_334);
const reuse = process.argv.includes("--reuse");
const wanted = (process.argv.find((a) => a.startsWith("--figures="))?.slice(10) ?? "board").split(",");
const pg = reuse
  ? await startEmbeddedPostgres({ dataDir: ".data/bench/judge-board-pg", port: 54395, database: "judge-board" })
  : await freshDatabase("judge-board", 54395);
const db = createDb(pg.url);
try {
  if (!reuse) {
    await seedHistory(db, pairs, { experts: 40 });
    await seedJudgeVerdicts(db, pairs);
  }
  const someExpert = (await db.judgment.findFirstOrThrow({ select: { userId: true } })).userId;
  const figures: Record<string, () => Promise<unknown>> = {
    board: () => judgeBoard(db, {}),
    quality: () => qualityReport(db),
    leaderboard: () => leaderboardReport(db, {}, { style: true, bootstrap: 1000, seed: 1 }),
    removal: () => removalPreview(db, someExpert),
    "soft-labels": () => fitSoftLabels(db),
  };
  const unknown = wanted.filter((w) => !figures[w]);
  if (unknown.length)
    throw new Error(`unknown figure(s): ${unknown.join(", ")}; known: ${Object.keys(figures).join(", ")}`);
  const measure = async (compute: () => Promise<unknown>, collect: boolean) => {
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
    await compute();
    const ms = performance.now() - t;
    clearInterval(sampler);
    return { ms, heapGrowthMiB: (peak - before) / 2 ** 20 };
  };
  const results: Record<string, unknown> = {};
  for (const name of wanted) {
    const plain = await measure(figures[name], false);
    const live = global.gc ? await measure(figures[name], true) : null;
    results[name] = {
      seconds: +(plain.ms / 1000).toFixed(1),
      heapGrowthMiBWithGarbage: Math.round(plain.heapGrowthMiB),
      liveHeapGrowthMiB: live ? Math.round(live.heapGrowthMiB) : "run under node --expose-gc",
    };
  }
  console.log(
    JSON.stringify(
      { pairs, judgments: pairs * 3, ...results, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) },
      null,
      2,
    ),
  );
} finally {
  await closeDb(db);
  await pg.stop();
}
