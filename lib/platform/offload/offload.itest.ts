import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { seedHistory } from "../../testing/history";
import { AppError } from "../../kernel";
import { qualityReport } from "../../quality/store";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { startAdminProcesses, type AdminProcesses } from "./pool";
import { offload } from "./run";

let t: TestDatabase;
let admin: AdminProcesses | null;
before(async () => {
  t = await createTestDatabase();
  // 36,000 judgments by 12 experts: enough for the reliability models to take a while.
  await seedHistory(t.db, 12_000, { experts: 12 });
  admin = startAdminProcesses({ processes: 1, dbPoolSize: 2, maxQueue: 0, databaseUrl: t.url });
});
after(async () => {
  await admin?.close();
  await t.drop();
});

/**
 * `fn`'s result, the longest the event loop was held while it ran (ms), and the CPU this process spent on it (ms):
 * the CPU is what the test compares, as the loop's delays also count what the rest of a busy machine takes.
 */
async function held<T>(fn: () => Promise<T>): Promise<{ value: T; maxMs: number; cpuMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const cpu = process.cpuUsage();
  try {
    const value = await fn();
    const used = process.cpuUsage(cpu);
    return { value, maxMs: h.max / 1e6, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    h.disable();
  }
}

test("the quality report computed in an admin process equals the one computed here, and takes far less of this process's CPU", async (ctx) => {
  const here = await held(() => qualityReport(t.db));
  const there = await held(() => offload("quality", {}));
  ctx.diagnostic(
    `event loop held at most ${there.maxMs.toFixed(0)} ms in the admin process, ${here.maxMs.toFixed(0)} ms without; ` +
      `this process's CPU ${there.cpuMs.toFixed(0)} ms against ${here.cpuMs.toFixed(0)} ms`,
  );
  assert.deepEqual(there.value, here.value);
  assert.ok(here.value.experts.length >= 12);
  // Here the reliability models run on this process's CPU for their whole fit; there only the answer's arrival does.
  assert.ok(
    there.cpuMs * 3 < here.cpuMs,
    `this process's CPU ${there.cpuMs.toFixed(0)} ms with the admin process, ${here.cpuMs.toFixed(0)} ms without`,
  );
});

/** The nice value (field 19) and scheduling policy (field 41; 5 is SCHED_IDLE) of a process or thread. */
const statOf = (statPath: string) => {
  const stat = readFileSync(statPath, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { nice: Number(f[16]), policy: Number(f[38]) };
};
const hasChrt = existsSync("/usr/bin/chrt") || existsSync("/bin/chrt");

/** The admin process: this process's child running lib/platform/offload/process.ts. */
function adminProcessPid(): number {
  const pid = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .find((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === process.pid && readFileSync(`/proc/${d}/cmdline`, "utf8").includes("offload/process.ts");
      } catch {
        return false;
      }
    });
  assert.ok(pid, "an admin process runs");
  return Number(pid);
}

test(
  "every thread of the admin process and the database backends serving it run at the lowest CPU priority; the web server's own do not (Linux)",
  { skip: process.platform !== "linux" },
  async () => {
    await offload("judges", { datasetId: null });
    // This process keeps its priority, every thread of it.
    for (const tid of readdirSync("/proc/self/task"))
      assert.deepEqual(statOf(`/proc/self/task/${tid}/stat`), { nice: 0, policy: 0 }, `this process's thread ${tid}`);
    // The admin process: all of its threads (V8's garbage collection and compilation threads among them) lowered.
    const child = adminProcessPid();
    const tasks = readdirSync(`/proc/${child}/task`).map((tid) => statOf(`/proc/${child}/task/${tid}/stat`));
    assert.ok(tasks.length >= 5, `${tasks.length} threads`);
    for (const x of tasks) {
      assert.equal(x.nice, 19, JSON.stringify(tasks));
      if (hasChrt) assert.equal(x.policy, 5, `SCHED_IDLE: ${JSON.stringify(tasks)}`);
    }
    const { poolOf } = await import("../db/client");
    const { rows } = await poolOf(t.db).query<{ pid: number; mine: boolean }>(
      "SELECT pid, pid = pg_backend_pid() AS mine FROM pg_stat_activity WHERE datname = current_database()",
    );
    const backends = rows.map((r) => ({ ...r, ...statOf(`/proc/${r.pid}/stat`) }));
    assert.ok(
      backends.some((b) => b.nice === 19 && (!hasChrt || b.policy === 5)),
      `backends: ${JSON.stringify(backends)}`,
    );
    const mine = backends.find((b) => b.mine);
    assert.deepEqual([mine?.nice, mine?.policy], [0, 0], "this process's own backend keeps its priority");
  },
);

test("an export written in the admin process, a chunk per pull, is the export written here, soft labels and all; a download stopped half-way frees it", async () => {
  const { exportChunksHere } = await import("./export");
  const { exportChunks } = await import("./run");
  const args = { kind: "labelled-pairs" as const, format: "jsonl" as const, filters: {}, options: {} };
  const collect = async (chunks: AsyncIterable<Uint8Array>) => {
    const parts: Uint8Array[] = [];
    for await (const c of chunks) parts.push(c);
    return { bytes: Buffer.concat(parts), chunks: parts.length };
  };
  let hereRows = 0;
  const here = (await collect(exportChunksHere(t.db, args, (n) => (hereRows = n)))).bytes.toString("utf8");
  let thereRows = 0;
  const { bytes, chunks } = await collect(exportChunks(args, (n) => (thereRows = n)));
  const there = bytes.toString("utf8");
  assert.equal(thereRows, 12_000);
  assert.equal(thereRows, hereRows);
  assert.ok(chunks > 10, `${chunks} chunks`);
  assert.equal(there, here);
  assert.ok(JSON.parse(there.split("\n")[0]).ds_posterior, "soft labels ride along");
  // Parquet's bytes cross the process's channel as they are.
  const parquet = { ...args, format: "parquet" as const };
  const parquetHere = await collect(exportChunksHere(t.db, parquet));
  const parquetThere = await collect(exportChunks(parquet, (n) => (thereRows = n)));
  assert.equal(thereRows, 12_000);
  assert.ok(parquetThere.bytes.equals(parquetHere.bytes));
  assert.equal(parquetThere.bytes.subarray(-4).toString(), "PAR1");
  // Stopped after one chunk: the process closes its cursor, and the next computation gets it.
  for await (const c of exportChunks({ ...args, format: "csv" })) {
    assert.ok(Buffer.from(c).toString("utf8").startsWith("pair_id,"));
    break;
  }
  assert.ok((await offload("judges", { datasetId: null })) !== null);
});

test("beyond what the admin processes can hold, a computation is refused with 503 rather than queued without end", async () => {
  const first = offload("quality", {});
  await assert.rejects(
    offload("judges", { datasetId: null }),
    (e: unknown) => e instanceof AppError && e.code === "unavailable",
  );
  await first;
  // Once the process is free again, it takes work.
  assert.ok((await offload("judges", { datasetId: null })) !== null);
});

test("the admin processes' queries run without parallel workers (normal-priority processes beside their lowered backend)", async () => {
  const { adminDatabaseUrl } = await import("./pool");
  const { Client } = await import("pg");
  const c = new Client({ connectionString: adminDatabaseUrl(t.url) });
  await c.connect();
  try {
    assert.equal((await c.query("SHOW max_parallel_workers_per_gather")).rows[0].max_parallel_workers_per_gather, "0");
  } finally {
    await c.end();
  }
});

test(
  "an admin process that dies fails what it had in hand (503) and another takes its place",
  { skip: process.platform !== "linux" },
  async () => {
    const first = adminProcessPid();
    // Killed at once, with the task in hand (however fast the computation, it cannot have answered yet).
    const pending = offload("quality", {});
    process.kill(first, "SIGKILL");
    await assert.rejects(pending, (e: unknown) => e instanceof AppError && e.code === "unavailable");
    let next = first;
    for (let i = 0; i < 100 && next === first; i++) {
      await new Promise((r) => setTimeout(r, 100));
      try {
        next = adminProcessPid();
      } catch {
        /* not started yet */
      }
    }
    assert.notEqual(next, first);
    assert.ok((await offload("judges", { datasetId: null })) !== null);
  },
);
