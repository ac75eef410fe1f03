/**
 * Runs one weight fit in its own process (started by the app, see lib/server/fits.ts), so the search never
 * competes with the web server's event loop: reads the training pairs, fits, writes progress and the report.
 * Usage: node --import tsx scripts/fit-job.ts FIT_ID   (DATABASE_URL set)
 */
import { availableParallelism } from "node:os";
import { closeDb, createDb } from "../lib/db/client";
import { trainingPairs } from "../lib/db/exports";
import { failFit, finishFit, getFit, reportProgress, startRunning, type FitFilters, type FitParams } from "../lib/db/fits";
import { fitWeights, toFitPair, trainingPairSchema } from "../lib/fitting";

const id = process.argv[2];
const url = process.env.DATABASE_URL;
if (!id || !url) {
  console.error("usage: DATABASE_URL=… node --import tsx scripts/fit-job.ts FIT_ID");
  process.exit(2);
}
const db = createDb(url);
let progress = 0;
let writing: Promise<unknown> = Promise.resolve();
// Progress doubles as the heartbeat that tells the app this process is alive.
const beat = setInterval(() => (writing = writing.then(() => reportProgress(db, id, progress)).catch(() => {})), 1000);
try {
  if (await startRunning(db, id)) {
    const fit = (await getFit(db, id))!;
    const filters = fit.filters as FitFilters;
    const params = fit.options as unknown as FitParams;
    const pairs = [];
    for await (const t of trainingPairs(db, filters)) pairs.push(toFitPair(trainingPairSchema.parse(t)));
    try {
      // Leave a core to the web server.
      const report = await fitWeights(pairs, { ...params, threads: Math.max(1, availableParallelism() - 1), onProgress: (d) => (progress = d) });
      clearInterval(beat);
      await writing;
      await finishFit(db, id, report);
    } catch (e) {
      clearInterval(beat);
      await writing;
      await failFit(db, id, pairs.length === 0 ? "There are no labelled pairs for these filters yet." : (e as Error).message);
    }
  }
} catch (e) {
  console.error(`fit ${id}: ${(e as Error).message}`);
  await failFit(db, id, (e as Error).message).catch(() => {});
} finally {
  clearInterval(beat);
  await closeDb(db);
}
