/** A search thread: receives the prepared pairs and the grid once, then ranges of soft vectors to search. */
import { parentPort, workerData } from "node:worker_threads";
import type { Grid } from "./grid";
import type { Prepared } from "./prepare";
import { preferenceTable, searchRange } from "./search";

const { prepared, grid } = workerData as { prepared: Prepared; grid: Grid };
const table = preferenceTable(prepared, grid);
parentPort!.on("message", (m: { lo: number; hi: number }) => {
  const best = searchRange(prepared, grid, m.lo, m.hi, table);
  parentPort!.postMessage({ lo: m.lo, hi: m.hi, correct: best.correct, index: best.index });
});
