/**
 * The admin-computation threads (piscina): started by the web server (scripts/serve.ts) and by tests, never
 * imported by Next.js's bundle. Work beyond what the threads can queue is refused with 503 rather than held.
 */
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { AppError } from "../errors";
import { setTaskRunner, type TaskRunner } from "./run";
import { rebuildError, type TaskOutcome } from "./errors";
import type { ExportArgs, ExportReply } from "./export";
import type { TaskName } from "./tasks";

export interface AdminThreads extends TaskRunner {
  close(): Promise<void>;
}

/**
 * The threads' connection: their queries run without parallel workers, which PostgreSQL would start as processes of
 * normal priority beside the thread's lowered backend (lib/offload/thread.ts), competing with the judging calls.
 */
export function threadDatabaseUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  u.searchParams.set("options", `${u.searchParams.get("options") ?? ""} -c max_parallel_workers_per_gather=0`.trim());
  return u.toString();
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
  const databaseUrl = threadDatabaseUrl(opts.databaseUrl ?? process.env.DATABASE_URL);
  const pool = new Piscina({
    filename: path.join(process.cwd(), "lib", "offload", "thread.ts"),
    // The thread runs TypeScript as the server does (tsx), with a database pool of its own size.
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_POOL_SIZE: String(opts.dbPoolSize),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    minThreads: opts.threads,
    maxThreads: opts.threads,
    // The tasks wait on the database most of the time (an export on its client's download): a thread takes several.
    concurrentTasksPerWorker: 4,
    idleTimeout: Infinity,
    // Heavy reports allocate a lot; a leak or a runaway computation ends the thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  let inFlight = 0;
  const admit = () => {
    if (inFlight >= opts.threads + maxQueue)
      throw new AppError("unavailable", "The server is busy with other admin computations. Try again in a minute.");
    inFlight++;
  };
  const runner: AdminThreads = {
    async run(task: TaskName, args: unknown) {
      admit();
      try {
        return (await pool.run({ task, args })) as TaskOutcome<unknown>;
      } finally {
        inFlight--;
      }
    },
    async *exportChunks(args: ExportArgs, onRows?: (n: number) => void) {
      admit();
      const { port1, port2 } = new MessageChannel();
      const replies: ExportReply[] = [];
      let wake: (() => void) | null = null;
      port1.on("message", (r: ExportReply) => {
        replies.push(r);
        wake?.();
      });
      // The thread closes its end after its last reply ('close' arrives after every message sent before it); a
      // thread that dies closes nothing, but its task fails. Either way a wait with nothing queued then ends with
      // an error, never hangs.
      let closed = false;
      const stop = () => {
        closed = true;
        wake?.();
      };
      port1.on("close", stop);
      const task = pool.run({ task: "export", args, port: port2 }, { transferList: [port2] });
      task.catch(stop);
      let ended = false;
      try {
        for (;;) {
          port1.postMessage("pull");
          while (!replies.length) {
            if (closed) throw new Error("the admin thread writing this export stopped");
            await new Promise<void>((r) => (wake = r));
          }
          const reply = replies.shift()!;
          if ("error" in reply) {
            ended = true;
            throw rebuildError(reply.error);
          }
          if ("done" in reply) {
            ended = true;
            onRows?.(reply.rows);
            return;
          }
          yield reply.chunk;
        }
      } finally {
        // A download stopped half-way: the thread closes its cursor and snapshot.
        if (!ended) port1.postMessage("cancel");
        await task.catch(() => {});
        port1.close();
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
