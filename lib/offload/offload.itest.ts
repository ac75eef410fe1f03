import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { seedHistory } from "../../bench/history";
import { AppError } from "../errors";
import { qualityReport } from "../db/quality";
import { createTestDatabase, type TestDatabase } from "../db/testing";
import { startAdminThreads, type AdminThreads } from "./pool";
import { offload } from "./run";

let t: TestDatabase;
let threads: AdminThreads | null;
before(async () => {
  t = await createTestDatabase();
  // 36,000 judgments by 12 experts: enough for the reliability models to take a while.
  await seedHistory(t.db, 12_000, { experts: 12 });
  threads = startAdminThreads({ threads: 1, dbPoolSize: 2, maxQueue: 0, databaseUrl: t.url });
});
after(async () => {
  await threads?.close();
  await t.drop();
});

/** `fn`'s result and the longest the event loop was held while it ran (ms). */
async function held<T>(fn: () => Promise<T>): Promise<{ value: T; maxMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    const value = await fn();
    return { value, maxMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

test("the quality report computed in a thread equals the one computed here, and holds this event loop far less", async (ctx) => {
  const here = await held(() => qualityReport(t.db));
  const there = await held(() => offload("quality", {}));
  ctx.diagnostic(
    `event loop held at most ${there.maxMs.toFixed(0)} ms with the thread, ${here.maxMs.toFixed(0)} ms without`,
  );
  assert.deepEqual(there.value, here.value);
  assert.ok(here.value.experts.length >= 12);
  // Here the reliability models hold the loop for their whole fit; there only the answer's arrival does.
  assert.ok(
    there.maxMs * 3 < here.maxMs,
    `event loop held ${there.maxMs.toFixed(0)} ms with the thread, ${here.maxMs.toFixed(0)} ms without`,
  );
});

/** The nice value (field 19) and scheduling policy (field 41; 5 is SCHED_IDLE) of a process or thread. */
const statOf = (statPath: string) => {
  const stat = readFileSync(statPath, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { nice: Number(f[16]), policy: Number(f[38]) };
};
const hasChrt = existsSync("/usr/bin/chrt") || existsSync("/bin/chrt");

test(
  "the thread and the database backends serving it run at the lowest CPU priority; the web server's own do not (Linux)",
  { skip: process.platform !== "linux" },
  async () => {
    await offload("judges", { datasetId: null });
    const threads = readdirSync("/proc/self/task").map((tid) => statOf(`/proc/self/task/${tid}/stat`));
    assert.deepEqual(
      statOf(`/proc/self/task/${process.pid}/stat`),
      { nice: 0, policy: 0 },
      "the main thread keeps its priority",
    );
    assert.ok(
      threads.some((x) => x.nice === 19),
      `threads: ${JSON.stringify(threads)}`,
    );
    if (hasChrt)
      assert.ok(
        threads.some((x) => x.policy === 5),
        "the admin thread is SCHED_IDLE",
      );
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

test("an export written in the thread, a chunk per pull, is the export written here, soft labels and all; a download stopped half-way frees the thread", async () => {
  const { exportChunksHere } = await import("./export");
  const { exportChunks } = await import("./run");
  const args = { kind: "labelled-pairs" as const, format: "jsonl" as const, filters: {}, names: false };
  let hereRows = 0;
  let here = "";
  for await (const c of exportChunksHere(t.db, args, (n) => (hereRows = n))) here += c;
  let thereRows = 0;
  let there = "";
  let chunks = 0;
  for await (const c of exportChunks(args, (n) => (thereRows = n))) {
    there += c;
    chunks++;
  }
  assert.equal(thereRows, 12_000);
  assert.equal(thereRows, hereRows);
  assert.ok(chunks > 10, `${chunks} chunks`);
  assert.equal(there, here);
  assert.ok(JSON.parse(there.split("\n")[0]).ds_posterior, "soft labels ride along");
  // Stopped after one chunk: the thread closes its cursor, and the next computation gets the thread.
  for await (const c of exportChunks({ ...args, format: "csv" })) {
    assert.ok(c.startsWith("pair_id,"));
    break;
  }
  assert.ok((await offload("judges", { datasetId: null })) !== null);
});

test("beyond what the threads can hold, a computation is refused with 503 rather than queued without end", async () => {
  const first = offload("quality", {});
  await assert.rejects(
    offload("judges", { datasetId: null }),
    (e: unknown) => e instanceof AppError && e.code === "unavailable",
  );
  await first;
  // Once the thread is free again, it takes work.
  assert.ok((await offload("judges", { datasetId: null })) !== null);
});

test("the threads' queries run without parallel workers (normal-priority processes beside their lowered backend)", async () => {
  const { threadDatabaseUrl } = await import("./pool");
  const { Client } = await import("pg");
  const c = new Client({ connectionString: threadDatabaseUrl(t.url) });
  await c.connect();
  try {
    assert.equal((await c.query("SHOW max_parallel_workers_per_gather")).rows[0].max_parallel_workers_per_gather, "0");
  } finally {
    await c.end();
  }
});
