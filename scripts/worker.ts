/**
 * A job worker: runs imports, weight fits and large exports from the queue. `npm start` runs one next to the
 * web server; bigger set-ups run more, anywhere, with the same DATABASE_URL (`npm run worker`).
 */
import { closeDb, createDb, markStopping, migrate } from "../lib/platform/db";
import { startWorker, stopQueues } from "../lib/platform/worker";
import { checkConfig } from "../lib/kernel";

const settings = checkConfig();
const url = settings.DATABASE_URL;
if (!url) {
  console.error("The worker needs DATABASE_URL (the same database as the app). `npm start` starts one for you.");
  process.exit(2);
}
// Checks (and, standing alone, applies) the migrations, so a worker never runs against an older schema.
await migrate(url);
const db = createDb(url);
const worker = await startWorker(db, url, {
  sweepMs: settings.TRIPJUDGE_SWEEP_MS,
  staleSeconds: settings.TRIPJUDGE_JOB_STALE_SECONDS,
});
console.log(`Job worker ${worker.name} ready`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  markStopping();
  await worker.stop();
  await stopQueues();
  await closeDb(db);
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
