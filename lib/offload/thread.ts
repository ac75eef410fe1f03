/**
 * The body of an admin-computation thread (piscina's worker; lib/offload/pool.ts starts it). It has its own
 * database client (a small pool: ADMIN_THREAD_DB_POOL_SIZE) and runs at the lowest CPU priority (SCHED_IDLE), and
 * so do the PostgreSQL backends serving it when the database runs on this machine: on a busy machine the judging
 * calls (the web server's thread and its backends) go first. It answers offload's tasks and export pulls.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import type pg from "pg";
import { config } from "../config";
import { db, poolOf, type Db } from "../db/client";
import type { MessagePort } from "node:worker_threads";
import { failureOf, type TaskOutcome } from "./errors";
import { serveExport, type ExportArgs } from "./export";
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

// Linux gives each thread its own scheduling, addressed by its thread id (/proc/thread-self → …/task/<tid>).
try {
  lowest(Number(readlinkSync("/proc/thread-self").split("/").pop()));
} catch {
  /* not Linux: the thread keeps the process's priority */
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
if (localDatabase(config().DATABASE_URL ?? "")) poolOf(client).on("connect", lowerBackend);

export default async function run({
  task,
  args,
  port,
}: {
  task: TaskName | "export";
  args: unknown;
  port?: MessagePort;
}): Promise<TaskOutcome<unknown>> {
  if (task === "export") return serveExport(client, args as ExportArgs, port!);
  try {
    const fn = TASKS[task] as (client: Db, args: unknown) => Promise<unknown>;
    return { ok: true, value: await fn(client, args) };
  } catch (e) {
    if (!(e instanceof Error && e.name === "AppError")) console.error(e); // the stack stays in this thread's log
    return { ok: false, error: failureOf(e) };
  }
}
