/**
 * The admin processes (lib/platform/offload/process.ts): started by the web server (scripts/serve.ts) and by tests, never
 * imported by Next.js's bundle. Each runs at the lowest CPU priority, all of its threads included, and the web server
 * pauses them while experts' calls are in flight (gate.ts); tasks go to them in turn, exports pull one chunk at a time. A process that dies fails what it had in hand (503) and is
 * started again. Work beyond what the processes can queue is refused with 503 rather than held.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { AppError } from "../../kernel";
import { setTaskRunner, type TaskRunner } from "./run";
import { rebuildError, type TaskOutcome } from "./errors";
import type { ExportArgs, ExportReply } from "./export";
import type { FromChild, ToChild } from "./process";
import type { TaskName } from "./tasks";
import { judgingGate, type GateOptions, type JudgingGate } from "./gate";

export interface AdminProcesses extends TaskRunner {
  /** Pauses the processes while experts' calls are in flight (null: not paused, see startAdminProcesses). */
  gate: JudgingGate | null;
  /** The processes' ids (those running now). */
  pids(): number[];
  close(): Promise<void>;
}

/**
 * The processes' connection: their queries run without parallel workers, which PostgreSQL would start as processes
 * of normal priority beside the admin process's lowered backend (lib/platform/offload/body.ts), competing with the judging calls.
 */
export function adminDatabaseUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  u.searchParams.set("options", `${u.searchParams.get("options") ?? ""} -c max_parallel_workers_per_gather=0`.trim());
  return u.toString();
}

const STOPPED = "The admin process computing this stopped (another is starting). Try again in a moment.";
/** A task in hand when its process died: 503, as any unavailable service (rebuilt by rebuildError). */
const STOPPED_OUTCOME = { ok: false as const, error: { name: "AppError", code: "unavailable", message: STOPPED } };
const CHRT = ["/usr/bin/chrt", "/bin/chrt"].find((p) => existsSync(p));
const TASKSET = ["/usr/bin/taskset", "/bin/taskset"].find((p) => existsSync(p));

/**
 * On a machine of several CPUs the admin process keeps to the last one (util-linux's taskset): at the lowest
 * priority it yields that CPU at once, but it would otherwise spread over all of them (its garbage collection runs
 * in threads of its own), leaving no CPU's caches to the judging calls.
 */
function pinned(): string[] {
  if (!TASKSET || availableParallelism() < 2) return [];
  try {
    // The CPUs this process may use ("0-1", "0,2-5"): the admin process takes the highest.
    const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    const last = Math.max(...(list ?? "").split(/[,-]/).map(Number));
    return Number.isInteger(last) && last >= 0 ? [TASKSET, "--cpu-list", String(last)] : [];
  } catch {
    return [];
  }
}

/** A process's CPU time so far (user and system, all its threads) in ms, from /proc; 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
// Linux's USER_HZ, the unit of /proc's CPU times: 100 on every architecture Node runs on.
const CLOCK_TICKS = 100;

/**
 * A paused admin process whose web server died would stay paused for good, its watcher thread (lib/platform/offload/watchdog.ts)
 * with it: a shell outside both lets it go on once it has another parent ($1 the web server, $2 the admin process),
 * and the watcher then ends it.
 */
const SENTINEL =
  'while [ -d /proc/$2 ] && grep -q "^PPid:[[:space:]]*$1$" /proc/$2/status; do sleep 1; done; kill -CONT $2 2>/dev/null';

/** One admin process: its messages by id; started again when it dies (unless closing). */
class Child {
  private proc!: ChildProcess;
  private ready!: Promise<void>;
  private tasks = new Map<number, (o: TaskOutcome<unknown>) => void>();
  private ports = new Map<number, (m: { reply: ExportReply } | { closed: true }) => void>();
  private closing = false;
  /** Whether it has a database connection in use (it says so over the channel). */
  inDatabase = false;

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly sentinel: boolean,
    private readonly onDatabase: () => void,
  ) {
    this.start();
  }

  /** The process's id while it runs. */
  get pid(): number | undefined {
    return this.proc.exitCode === null && this.proc.signalCode === null ? this.proc.pid : undefined;
  }

  private start() {
    const file = path.join(process.cwd(), "lib", "platform", "offload", "process.ts");
    const node = ["--import", "tsx", "--max-old-space-size=4096", file];
    // Under chrt, every thread starts at SCHED_IDLE (V8's own among them); without it the process lowers itself.
    this.proc = CHRT
      ? fork(file, [], {
          execPath: CHRT,
          execArgv: ["--idle", "0", "nice", "-n", "19", ...pinned(), process.execPath, ...node.slice(0, -1)],
          env: this.env,
          serialization: "advanced",
        })
      : fork(file, [], { execArgv: node.slice(0, -1), env: this.env, serialization: "advanced" });
    if (this.sentinel && this.proc.pid)
      spawn("/bin/sh", ["-c", SENTINEL, "sentinel", String(process.pid), String(this.proc.pid)], {
        stdio: "ignore",
        detached: true,
      }).unref();
    let ready!: () => void;
    this.ready = new Promise((r) => (ready = r));
    this.inDatabase = false;
    this.proc.on("message", (m: FromChild) => {
      if ("ready" in m) return ready();
      if ("database" in m) {
        this.inDatabase = m.database;
        return this.onDatabase();
      }
      if ("outcome" in m) {
        this.tasks.get(m.id)?.(m.outcome as TaskOutcome<unknown>);
        this.tasks.delete(m.id);
      } else this.ports.get(m.id)?.(m);
    });
    this.proc.once("exit", () => {
      ready();
      this.inDatabase = false;
      for (const settle of this.tasks.values()) settle(STOPPED_OUTCOME);
      for (const deliver of this.ports.values()) deliver({ closed: true });
      this.tasks.clear();
      this.ports.clear();
      if (!this.closing) setTimeout(() => this.start(), 500).unref();
    });
  }

  /** Holds the process out of the database (it starts no new statement) or lets it go on (gate.ts). */
  hold(on: boolean) {
    void this.send({ hold: on }).catch(() => {});
  }

  private async send(m: ToChild) {
    await this.ready;
    if (!this.proc.connected) throw new Error(STOPPED);
    this.proc.send(m);
  }

  run(id: number, task: TaskName, args: unknown): Promise<TaskOutcome<unknown>> {
    return new Promise((resolve) => {
      this.tasks.set(id, resolve);
      this.send({ id, task, args }).catch(() => {
        this.tasks.delete(id);
        resolve(STOPPED_OUTCOME);
      });
    });
  }

  /** Opens an export channel: `deliver` hears its replies and its close; the returned function sends a pull or cancel. */
  openExport(id: number, args: ExportArgs, deliver: (m: { reply: ExportReply } | { closed: true }) => void) {
    this.ports.set(id, (m) => {
      if ("closed" in m) this.ports.delete(id);
      deliver(m);
    });
    this.send({ id, export: args }).catch(() => this.ports.get(id)?.({ closed: true }));
    return (port: "pull" | "cancel") =>
      void this.send({ id, port }).catch(() => this.ports.get(id)?.({ closed: true }));
  }

  async close() {
    this.closing = true;
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    const exited = new Promise((r) => this.proc.once("exit", r));
    // Its channel may be gone already (the process is ending on its own): disconnect() would throw.
    if (this.proc.connected) this.proc.disconnect();
    const kill = setTimeout(() => this.proc.kill("SIGKILL"), 3000);
    await exited;
    clearTimeout(kill);
  }
}

/**
 * Starts `processes` admin processes (0: none, computations run on the caller's event loop) and makes them the
 * process's task runner. `maxQueue` computations may wait; more are refused (503). With `pauseWhileJudging` (Linux:
 * it needs /proc for the sentinel), the returned gate pauses them while the caller's judging calls are in flight.
 */
export function startAdminProcesses(opts: {
  processes: number;
  dbPoolSize: number;
  maxQueue?: number;
  databaseUrl?: string;
  pauseWhileJudging?: boolean | GateOptions;
}): AdminProcesses | null {
  if (opts.processes <= 0) {
    setTaskRunner(undefined);
    return null;
  }
  const maxQueue = opts.maxQueue ?? 32;
  const databaseUrl = adminDatabaseUrl(opts.databaseUrl ?? process.env.DATABASE_URL);
  const env = {
    ...process.env,
    DATABASE_POOL_SIZE: String(opts.dbPoolSize),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const pausing = !!opts.pauseWhileJudging && process.platform === "linux";
  let gate: JudgingGate | null = null;
  const children = Array.from({ length: opts.processes }, () => new Child(env, pausing, () => gate?.recheck()));
  const pids = () => children.map((c) => c.pid).filter((p): p is number => p !== undefined);
  if (pausing)
    gate = judgingGate(pids, {
      inDatabase: () => children.some((c) => c.inDatabase),
      hold: (on) => children.forEach((c) => c.hold(on)),
      cpuMs: () => pids().reduce((sum, pid) => sum + cpuMsOf(pid), 0),
      ...(typeof opts.pauseWhileJudging === "object" ? opts.pauseWhileJudging : {}),
    });
  // However this process ends (short of SIGKILL, which the sentinel covers), it leaves no process paused.
  const letGo = () => gate?.open();
  if (pausing) process.once("exit", letGo);
  let nextId = 0;
  let turn = 0;
  const pick = () => children[turn++ % children.length];
  let inFlight = 0;
  const admit = () => {
    if (inFlight >= opts.processes + maxQueue)
      throw new AppError(
        "unavailable",
        "The server is busy with other admin computations. Try again in a minute.",
        undefined,
        60,
      );
    inFlight++;
  };
  const runner: AdminProcesses = {
    gate,
    pids,
    async run(task: TaskName, args: unknown) {
      admit();
      try {
        return await pick().run(++nextId, task, args);
      } finally {
        inFlight--;
      }
    },
    async *exportChunks(args: ExportArgs, onRows?: (n: number) => void) {
      admit();
      const replies: ExportReply[] = [];
      let closed = false;
      let wake: (() => void) | null = null;
      // The process closes the channel after its last reply; one that dies closes it too (its messages all
      // arrive before its exit). Either way a wait with nothing queued then ends with an error, never hangs.
      const send = pick().openExport(++nextId, args, (m) => {
        if ("closed" in m) closed = true;
        else replies.push(m.reply);
        wake?.();
      });
      let ended = false;
      try {
        for (;;) {
          send("pull");
          while (!replies.length) {
            if (closed) throw new AppError("unavailable", STOPPED);
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
        // A download stopped half-way: the process closes its cursor and snapshot.
        if (!ended && !closed) send("cancel");
        inFlight--;
      }
    },
    async close() {
      gate?.open();
      process.off("exit", letGo);
      setTaskRunner(undefined);
      await Promise.all(children.map((c) => c.close()));
    },
  };
  setTaskRunner(runner);
  return runner;
}
