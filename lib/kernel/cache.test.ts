import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import { forgetRecent, processCache, recent, ttlCache } from "./cache";

test("one cache per name for the whole process, whichever module copy asks", () => {
  const a = processCache("t-registry", () => new Map<string, number>());
  a.set("x", 1);
  assert.equal(processCache("t-registry", () => new Map<string, number>()).get("x"), 1);
});

/** The caches' clock (Date) stands still unless the test moves it: an age never passes because the machine is slow. */
function fakeClock(t: TestContext) {
  t.mock.timers.enable({ apis: ["Date"], now: 1_000_000 });
  return { advance: (ms: number) => t.mock.timers.tick(ms) };
}

test("recent: callers share one computation and its result until it is older than the limit", async (t) => {
  const clock = fakeClock(t);
  let runs = 0;
  const compute = async () => {
    runs++;
    await new Promise((r) => setImmediate(r));
    return runs;
  };
  const [a, b] = await Promise.all([recent("t-share", 10_000, compute), recent("t-share", 10_000, compute)]);
  assert.equal(runs, 1);
  assert.equal(a.result, 1);
  assert.equal(b.result, 1);
  clock.advance(9_999);
  assert.equal((await recent("t-share", 10_000, compute)).result, 1);
  clock.advance(1);
  assert.equal((await recent("t-share", 10_000, compute)).result, 2, "as old as the limit: computed again");
  assert.equal((await recent("t-share", 0, compute)).result, 3, "a zero limit always recomputes");
});

test("recent: forgetting drops the kept result and a computation begun before the change", async (t) => {
  fakeClock(t);
  let value = "old";
  let release!: () => void;
  const slow = () =>
    new Promise<string>((r) => {
      const v = value;
      release = () => r(v);
    });
  const first = recent("t-forget:1", 60_000, slow);
  value = "new";
  forgetRecent("t-forget:");
  const second = recent("t-forget:1", 60_000, async () => value);
  release();
  assert.equal((await first).result, "old");
  assert.equal((await second).result, "new", "a reader after the change does not join the older computation");
  assert.equal(
    (await recent("t-forget:1", 60_000, async () => "later")).result,
    "new",
    "the newer result is kept, not the older one",
  );
});

test("recent: a failure is not kept", async (t) => {
  fakeClock(t);
  await assert.rejects(
    recent("t-fail", 60_000, async () => {
      throw new Error("down");
    }),
    /down/,
  );
  assert.equal((await recent("t-fail", 60_000, async () => 7)).result, 7);
});

test("recent: keys nobody asked for within their age are dropped when a new key arrives", async (t) => {
  fakeClock(t);
  const entries = processCache("recent", () => new Map<string, unknown>());
  for (let i = 0; i < 50; i++) await recent(`t-page:${i}`, 0, async () => i);
  await recent("t-page:new", 60_000, async () => "kept");
  assert.ok(![...entries.keys()].some((k) => k.startsWith("t-page:") && k !== "t-page:new"), "stale pages are gone");
  assert.equal((await recent("t-page:new", 60_000, async () => "again")).result, "kept");
});

test("ttlCache: one load per key within its age; set and forget apply at once; another key loads its own", async (t) => {
  const clock = fakeClock(t);
  let loads = 0;
  const c = ttlCache("t-ttl", 60_000, async (k: { n: number }) => (loads++, k.n * 10));
  const a = { n: 1 };
  const b = { n: 2 };
  assert.equal(await c.get(a), 10);
  assert.equal(await c.get(a), 10);
  assert.equal(loads, 1);
  assert.equal(await c.get(b), 20);
  assert.equal(loads, 2);
  c.set(a, 99);
  assert.equal(await c.get(a), 99);
  c.forget(a);
  assert.equal(await c.get(a), 10);
  assert.equal(loads, 3);
  clock.advance(60_000);
  assert.equal(await c.get(a), 10);
  assert.equal(loads, 4, "as old as its age: loaded again");
  const stale = ttlCache("t-ttl-0", 0, async () => ++loads);
  assert.notEqual(await stale.get(a), await stale.get(a), "age 0: every read loads");
});
