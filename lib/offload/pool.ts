/**
 * The admin-computation threads (piscina): started by the web server (scripts/serve.ts) and by tests, never
 * imported by Next.js's bundle. Work beyond what the threads can queue is refused with 503 rather than held.
 */
import path from "node:path";
import { Piscina } from "piscina";
import { AppError } from "../errors";
import { setTaskRunner, type TaskRunner } from "./run";
import type { TaskOutcome } from "./errors";
import type { TaskName } from "./tasks";

export interface AdminThreads extends TaskRunner {
  /** Computations waiting for a thread. */
  readonly queued: number;
  close(): Promise<void>;
}

/**
 * Starts `threads` threads (0: none, computations run on the caller's event loop) and makes them the
 * process's task runner. `maxQueue` computations may wait; more are refused (503).
 */
export function startAdminThreads(opts: {
  threads: number;
  dbPoolSize: number;
  maxQueue?: number;
  databaseUrl?: string;
}): AdminThreads | null {
  if (opts.threads <= 0) {
    setTaskRunner(undefined);
    return null;
  }
  const maxQueue = opts.maxQueue ?? 32;
  const pool = new Piscina({
    filename: path.join(process.cwd(), "lib", "offload", "thread.ts"),
    // The thread runs TypeScript as the server does (tsx), with a database pool of its own size.
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_POOL_SIZE: String(opts.dbPoolSize),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    },
    minThreads: opts.threads,
    maxThreads: opts.threads,
    idleTimeout: Infinity,
    // Heavy reports allocate a lot; a leak or a runaway computation ends the thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  let inFlight = 0;
  const runner: AdminThreads = {
    get queued() {
      return pool.queueSize;
    },
    async run(task: TaskName, args: unknown) {
      if (inFlight >= opts.threads + maxQueue)
        throw new AppError("unavailable", "The server is busy with other admin computations. Try again in a minute.");
      inFlight++;
      try {
        return (await pool.run({ task, args })) as TaskOutcome<unknown>;
      } finally {
        inFlight--;
      }
    },
    async close() {
      setTaskRunner(undefined);
      await pool.destroy();
    },
  };
  setTaskRunner(runner);
  return runner;
}
