/**
 * What an admin process does (lib/platform/offload/process.ts runs it; lib/platform/offload/pool.ts starts the process): its own
 * database client (a small pool: ADMIN_PROCESS_DB_POOL_SIZE), the tasks of lib/platform/offload/tasks.ts and export pulls.
 * Every thread of the process runs at the lowest priority Linux has (SCHED_IDLE) — its main thread, and V8's
 * platform threads that collect its garbage and compile its code — and so do the PostgreSQL backends serving it
 * when the database runs on this machine: on a busy machine the judging calls (the web server and its backends)
 * go first.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import type pg from "pg";
import { config } from "../../kernel";
import { db, poolOf, type Db } from "../db/client";
import { pageOneAtATime } from "../db/cursor";
import { serveExport, type ExportPort, type ExportArgs } from "./export";
import { failureOf, type TaskOutcome } from "./errors";
import { holdable } from "./hold";
import { turns } from "./turns";
import { TASKS, type TaskName } from "./tasks";

const NICE = 19;

/**
 * The lowest priority Linux has for a thread or process: SCHED_IDLE (it runs only when nothing else wants the CPU,
 * and a waking judging call preempts it at once), set with util-linux's chrt; nice 19 as well (and alone where
 * chrt is missing). Lowering one's own or one's own user's priority needs no privilege.
 */
function lowest(id: number) {
  setPriority(id, NICE);
  spawnSync("chrt", ["--idle", "--pid", "0", String(id)], { stdio: "ignore", timeout: 2000 });
}

/**
 * Lowers every thread of this process: Linux schedules each thread on its own (/proc/self/task/<tid>), and threads
 * started later (libuv's pool) inherit the scheduling of the thread that starts them.
 */
export function lowerThisProcess(): void {
  try {
    for (const tid of readdirSync("/proc/self/task")) {
      // Started under chrt (lib/platform/offload/pool.ts), every thread is lowered already: no chrt to run for it.
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[16]) !== NICE || Number(f[38]) !== 5) lowest(Number(tid));
    }
  } catch {
    /* not Linux: the process keeps its priority */
  }
}

/** The database is on this machine (a Unix socket, or the loopback address): its backends are our neighbours. */
function localDatabase(url: string): boolean {
  try {
    const u = new URL(url);
    const host = decodeURIComponent(u.searchParams.get("host") ?? u.hostname);
    return host.startsWith("/") || ["localhost", "127.0.0.1", "[::1]", "::1"].includes(host);
  } catch {
    return false;
  }
}

/** Lowers the priority of the PostgreSQL backend behind `client` (its process id arrives with the connection), if /proc says it is one. */
function lowerBackend(client: pg.PoolClient) {
  const pid = (client as unknown as { processID?: number }).processID;
  try {
    if (pid && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") lowest(pid);
  } catch {
    /* another machine's database, or not allowed: it keeps its priority */
  }
}

const client = db();
// Exports read small pages one at a time here: out of the database between pages, where the gate may pause it.
pageOneAtATime();
if (localDatabase(config().DATABASE_URL ?? "")) poolOf(client).on("connect", lowerBackend);

/** Held (the web server's gate, decision 015): no new connection until let go, so this process soon leaves the database. */
export const holdDatabase = holdable(poolOf(client));

/**
 * Hears when this process starts and stops using the database (a connection of its pool checked out, or none): the
 * web server does not pause it meanwhile (lib/platform/offload/gate.ts), so that its snapshots stay short.
 */
export function onDatabaseUse(listener: (inUse: boolean) => void): void {
  const pool = poolOf(client);
  let inUse = 0;
  pool.on("acquire", () => {
    if (inUse++ === 0) listener(true);
  });
  pool.on("release", () => {
    if (--inUse === 0) listener(false);
  });
}

// One unit of work at a time (turns.ts): a task whole, an export's pull.
const oneAtATime = turns();

export default async function run({
  task,
  args,
  port,
}: {
  task: TaskName | "export";
  args: unknown;
  port?: ExportPort;
}): Promise<TaskOutcome<unknown>> {
  if (task === "export") return serveExport(client, args as ExportArgs, port!, oneAtATime);
  try {
    const fn = TASKS[task] as (client: Db, args: unknown) => Promise<unknown>;
    return { ok: true, value: await oneAtATime(() => fn(client, args)) };
  } catch (e) {
    if (!(e instanceof Error && e.name === "AppError")) console.error(e); // the stack stays in this thread's log
    return { ok: false, error: failureOf(e) };
  }
}
