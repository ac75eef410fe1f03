/**
 * CPU seconds so far by kind of thread, across this benchmark's processes (this one and those it started, at any
 * depth: the server, its admin processes, the embedded PostgreSQL; on a machine shared with other work, nobody
 * else's): Node processes' main threads, their
 * admin processes' threads (SCHED_IDLE), and their other threads — V8's platform threads (garbage collection and compilation
 * for every thread of the process, at normal priority) and libuv's pool; PostgreSQL's backends at normal and at lowered priority (those
 * serving the admin processes); the load generator (this process, and the admin client it starts). For telling where an admin computation's cost
 * lands while experts judge (decision 017).
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK = 100; // USER_HZ on Linux
const SCHED_IDLE = 5;

/** The load generator's processes: this one, and the clients it starts (bench/admin-client.ts). */
export const loadGeneratorPids = new Set([process.pid]);

/** utime + stime, nice, scheduling policy and start time of /proc/…/stat. */
function statOf(path: string): { comm: string; seconds: number; nice: number; policy: number; start: string } | null {
  let stat: string;
  try {
    stat = readFileSync(path, "utf8");
  } catch {
    return null; // exited meanwhile
  }
  const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  // Fields after the command, from field 3 (state): utime 14, stime 15, nice 19, start time 22, policy 41.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    comm,
    seconds: (Number(f[11]) + Number(f[12])) / TICK,
    nice: Number(f[16]),
    policy: Number(f[38]),
    start: f[19],
  };
}

/** Per process or thread (by id and start time: ids are reused), its kind and its CPU seconds so far. */
export type CpuSnapshot = Map<string, { kind: string; seconds: number }>;

/** This process and its descendants, at any depth (from each process's parent in /proc/…/stat). */
function ours(): Set<string> {
  const children = new Map<string, string[]>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const ppid = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out = new Set<string>();
  const walk = (pid: string) => {
    out.add(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(String(process.pid));
  return out;
}

export function cpuByThread(): CpuSnapshot {
  const out: CpuSnapshot = new Map();
  for (const pid of ours()) {
    const p = statOf(`/proc/${pid}/stat`);
    if (!p) continue;
    if (loadGeneratorPids.has(Number(pid))) out.set(`${pid}@${p.start}`, { kind: "loadGenerator", seconds: p.seconds });
    else if (p.comm === "postgres")
      out.set(`${pid}@${p.start}`, {
        kind: p.nice > 0 || p.policy === SCHED_IDLE ? "postgres lowered" : "postgres",
        seconds: p.seconds,
      });
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
        out.set(`${pid}/${tid}@${t.start}`, { kind, seconds: t.seconds });
      }
    }
  }
  return out;
}

/**
 * CPU seconds spent between two snapshots by kind, rounded: each process's or thread's own difference, under its
 * kind at the end. Totals per kind would be wrong: a backend that exits takes all its past CPU out of the sum, and
 * one lowered for an admin process carries all of it to the other kind (phase figures came out near zero that way).
 * A process that exits between the two snapshots loses its last stretch.
 */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [id, a] of after) out[a.kind] = (out[a.kind] ?? 0) + a.seconds - (before.get(id)?.seconds ?? 0);
  return Object.fromEntries(
    Object.entries(out)
      .map(([k, v]) => [k, +v.toFixed(2)] as const)
      .filter(([, v]) => v > 0.005)
      .sort((a, b) => b[1] - a[1]),
  );
}
