/**
 * CPU seconds so far by kind of thread, across the machine's processes: Node processes' main threads, their
 * admin processes' threads (SCHED_IDLE), and their other threads — V8's platform threads (garbage collection and compilation
 * for every thread of the process, at normal priority) and libuv's pool; PostgreSQL's backends at normal and at lowered priority (those
 * serving the admin processes); the load generator (this process). For telling where an admin computation's cost
 * lands while experts judge (decision 010).
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK = 100; // USER_HZ on Linux
const SCHED_IDLE = 5;

/** utime + stime, nice and scheduling policy of /proc/…/stat. */
function statOf(path: string): { comm: string; seconds: number; nice: number; policy: number } | null {
  let stat: string;
  try {
    stat = readFileSync(path, "utf8");
  } catch {
    return null; // exited meanwhile
  }
  const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  // Fields after the command, from field 3 (state): utime 14, stime 15, nice 19, policy 41.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { comm, seconds: (Number(f[11]) + Number(f[12])) / TICK, nice: Number(f[16]), policy: Number(f[38]) };
}

export function cpuByThread(): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (k: string, s: number) => (out[k] = (out[k] ?? 0) + s);
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    const p = statOf(`/proc/${pid}/stat`);
    if (!p) continue;
    if (Number(pid) === process.pid) add("loadGenerator", p.seconds);
    else if (p.comm === "postgres")
      add(p.nice > 0 || p.policy === SCHED_IDLE ? "postgres lowered" : "postgres", p.seconds);
    else if (p.comm.startsWith("node") || p.comm.startsWith("next")) {
      let tasks: string[];
      try {
        tasks = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tasks) {
        const t = statOf(`/proc/${pid}/task/${tid}/stat`);
        if (!t) continue;
        // Node 20 names every thread "node": the main thread is the process's own id, the admin processes run at
        // SCHED_IDLE, and the rest are V8's platform threads (garbage collection, compilation) and libuv's pool.
        const kind =
          t.policy === SCHED_IDLE
            ? "node SCHED_IDLE threads"
            : tid === pid
              ? "node main threads"
              : "node other threads (V8 platform, libuv)";
        add(kind, t.seconds);
      }
    }
  }
  return out;
}

/** `after − before`, in CPU seconds, rounded. */
export function cpuSpent(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after)
      .map((k) => [k, +(after[k] - (before[k] ?? 0)).toFixed(2)] as const)
      .filter(([, v]) => v > 0.005)
      .sort((a, b) => b[1] - a[1]),
  );
}
