/** Runs the grid search on worker threads (one per core by default), handing out soft-vector ranges as threads free up. */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { spawnThread } from "../../platform";
import { gridSize, softCount, type Grid } from "./grid";
import type { Prepared } from "./prepare";
import { emptyBest, mergeBest, preferenceTable, searchRange, targetCount, type Best } from "./search";

export interface SearchOptions {
  threads?: number;
  /** Called with the share of the grid searched so far (0..1). */
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

function spawnWorker(workerData: unknown): Worker {
  return spawnThread(new URL("./worker.ts", import.meta.url), workerData);
}

export async function parallelSearch(p: Prepared, grid: Grid, o: SearchOptions = {}): Promise<Best> {
  const ns = softCount(grid);
  // Small grids finish before threads would start.
  const threads = Math.max(1, Math.min(o.threads ?? (gridSize(grid) < 100_000 ? 1 : availableParallelism()), ns));
  const chunk = Math.max(1, Math.ceil(ns / (threads * 16)));
  const best = emptyBest(targetCount(p));
  let done = 0;
  if (threads === 1) {
    const table = preferenceTable(p, grid);
    for (let lo = 0; lo < ns; lo += chunk) {
      o.signal?.throwIfAborted();
      const hi = Math.min(ns, lo + chunk);
      mergeBest(best, searchRange(p, grid, lo, hi, table));
      done += hi - lo;
      o.onProgress?.(done / ns);
      await new Promise((r) => setImmediate(r)); // let the caller's event loop breathe between chunks
    }
    return best;
  }
  let next = 0;
  const workers = Array.from({ length: threads }, () => spawnWorker({ prepared: p, grid }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const give = () => {
              if (o.signal?.aborted) return reject(o.signal.reason);
              if (next >= ns) return resolve();
              const lo = next;
              next = Math.min(ns, next + chunk);
              w.postMessage({ lo, hi: next });
            };
            w.on("message", (m: { lo: number; hi: number; correct: Float64Array; index: Float64Array }) => {
              mergeBest(best, { correct: m.correct, index: m.index });
              done += m.hi - m.lo;
              o.onProgress?.(done / ns);
              give();
            });
            w.on("error", reject);
            w.on("exit", (code) =>
              code === 0 ? resolve() : reject(new Error(`a search thread stopped (exit code ${code})`)),
            );
            give();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return best;
}
