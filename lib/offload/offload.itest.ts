import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
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
  ctx.diagnostic(`event loop held at most ${there.maxMs.toFixed(0)} ms with the thread, ${here.maxMs.toFixed(0)} ms without`);
  assert.deepEqual(there.value, here.value);
  assert.ok(here.value.experts.length >= 12);
  // Here the reliability models hold the loop for their whole fit; there only the answer's arrival does.
  assert.ok(there.maxMs * 3 < here.maxMs, `event loop held ${there.maxMs.toFixed(0)} ms with the thread, ${here.maxMs.toFixed(0)} ms without`);
});

test("the thread runs at a lower CPU priority than the web server's own thread (Linux)", { skip: process.platform !== "linux" }, async () => {
  await offload("softLabels", {});
  const nice = readdirSync("/proc/self/task").map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]); // field 19: nice
  });
  assert.equal(nice[0], 0, "the main thread keeps its priority");
  assert.ok(nice.includes(10), `threads' nice values: ${nice.join(",")}`);
});

test("beyond what the threads can hold, a computation is refused with 503 rather than queued without end", async () => {
  const first = offload("quality", {});
  await assert.rejects(offload("judges", { datasetId: null }), (e: unknown) => e instanceof AppError && e.code === "unavailable");
  await first;
  // Once the thread is free again, it takes work.
  assert.ok((await offload("judges", { datasetId: null })) !== null);
});
