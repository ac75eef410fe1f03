/**
 * Load benchmark of the judging API: 200 concurrent simulated experts claim, wait briefly and
 * submit against the production server until 3,000 pairs have 3 judgments each. Reports claim
 * and submit latency (p50/p95/p99) and judgments per second, then checks the invariants.
 * Usage: npm run bench:judging [-- EXPERTS PAIRS] [--baseline] (the options are listed above main(); ports: PORT for
 * the server, EMBEDDED_PG_PORT for its database)
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { hashPassword } from "../lib/accounts";
import { DEFAULT_DIMENSIONS } from "../lib/results/dimensions";
import { closeDb, createDb, poolOf } from "../lib/platform/db";
import { importBundle } from "../lib/datasets/store";
import { setAdaptiveRaters } from "../lib/judging/store";
import { makeGoldPairs, setGoldRate } from "../lib/quality/store";
import { sourceFromPath } from "../lib/datasets/importers";
import { generateBundle } from "../lib/testing/generate-bundle";
import { cpuByThread, cpuSpent, loadGeneratorPids } from "./cpu-threads";
import { giveFourthRaters, seedHistory } from "../lib/testing/history";
import { sideOf, type Verdict } from "../lib/judging/verdict";
import { cpuByRole, freshDatabase, percentile, signIn, startServer } from "./server";

/** How long a simulated expert "reads" a pair between claim and submit (ms); BENCH_THINK_MS=lo,hi. */
const THINK_MS = (process.env.BENCH_THINK_MS ?? "250,750").split(",").map(Number);

// node:http with keep-alive rather than fetch: the load generator shares the machine's two cores
// with the server and the database, and fetch's streams cost it several times more per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

let connectionRetries = 0;

/** One request; resolves when the whole response body has arrived. */
function callOnce(
  base: string,
  method: string,
  route: string,
  cookie: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie };
    if (body !== undefined)
      Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    const req = http.request(`${base}${route}`, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", (e: Error & { code?: string }) => reject(Object.assign(e, { reused: req.reusedSocket })));
    req.end(body);
  });
}

/**
 * As browsers do: a request on a reused keep-alive connection that the server closed as idle at the
 * same moment is sent again, once, on a fresh one (safe here: a claim resumes, a submit is idempotent).
 * Counted in the report; the latency includes the retry.
 */
async function call(
  base: string,
  method: string,
  route: string,
  cookie: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  try {
    return await callOnce(base, method, route, cookie, body);
  } catch (e) {
    const err = e as { code?: string; reused?: boolean };
    if (!err.reused || (err.code !== "ECONNRESET" && err.code !== "EPIPE")) throw e;
    connectionRetries++;
    return callOnce(base, method, route, cookie, body);
  }
}

// BENCH_PG_STATS=1: also report the statements that cost PostgreSQL the most (pg_stat_statements).
const pgStats = process.env.BENCH_PG_STATS === "1";

interface RunOptions {
  /** Judgments already in the database (complete pairs of another destination, lib/testing/history.ts). */
  history?: number;
  /**
   * A second phase with an admin loading pages in a loop, to compare with the first: the analytics page's
   * calls, or the heavy computations (quality, leaderboard with style control, judge board, exports with soft labels).
   */
  adminLoop?: "analytics" | "heavy" | "stored" | "none" | "snapshot";
  /**
   * Instead of one admin, an admin with this many tabs at once (issue 48 item 7): recompute loops of the heavy pages
   * ("Recompute", then the page) and, from three tabs, two export streams downloading back to back.
   */
  adminTabs?: number;
  /** This many of the history's complete pairs get a fourth rater, as "one more rater" leaves them (the Agreement page's figures are then heavy ones). */
  extraRaters?: number;
  /**
   * The control in the same run: a warm-up (the first 10 % of the judgments), the experts alone (to 50 %), then the
   * admin's phase (to the end), and the admin's phase compared with the control.
   */
  control?: boolean;
  /** The server's ADMIN_PROCESSES (default: its own default). */
  adminThreads?: number;
  /** The dataset asks this many of the default dimensions (and experts answer them with every submit). */
  dimensions?: number;
  /**
   * Everything on (issue 30, item 4): gold pairs served at 5 %, adaptive raters on the benchmark's dataset, five
   * dimensions and preference strength asked with every verdict.
   */
  everything?: boolean;
  /**
   * The admin phase alternates: the admin works for `alternate` seconds, then waits as long, and so on; each claim and
   * health call counts with the admin at work or waiting (from 1 s after a switch: a download under way finishes),
   * so the two are compared within one phase, drift and all (the control shows a run's second phase faster alone).
   */
  alternate?: number;
  /**
   * With `control`: after the warm-up, this many rounds of a control block (experts alone) and an admin block, each
   * with the same number of judgments, so drift and the machine's other work fall on both alike; an admin block ends
   * only when the admin processes are idle again (their leftovers count as the admin's).
   */
  rounds?: number;
}

/** The calls the analytics page makes, one after another, as an admin's browser does on opening it. */
const ADMIN_PAGE_CALLS = [
  "/api/admin/analytics?minShared=5",
  "/api/admin/adjudication?limit=20",
  "/api/admin/overview",
  "/api/admin/exports/training-pairs/card",
  "/api/admin/exports/judgments/card",
];

/** The heavy admin reads (decision 017); DEST is the benchmark's own destination (a small export that still needs every soft label). */
const HEAVY_CALLS = [
  "/api/admin/quality",
  "/api/admin/leaderboard?style=1&bootstrap=1000",
  "/api/admin/judges",
  "/api/admin/exports/training-pairs?destination=DEST",
  "/api/admin/exports/labelled-pairs?destination=DEST",
];

/** --admin-tabs: the heavy pages the recompute loops open after "Recompute", one page a tab, in this order. */
const RECOMPUTE_PAGES = [
  "/api/admin/analytics?minShared=5",
  "/api/admin/quality",
  "/api/admin/leaderboard?style=1&bootstrap=1000",
  "/api/admin/judges",
];

/** --admin-tabs: the two export streams, each downloaded back to back (every judgment; every pair with its soft labels). */
const EXPORT_STREAMS = ["/api/admin/exports/judgments?format=jsonl", "/api/admin/exports/labelled-pairs?format=jsonl"];

/** N admin tabs: recompute loops of the heavy pages and, from three tabs, the two export streams. */
function adminTabs(n: number): string[][] {
  // BENCH_ADMIN_TABS=exports: the two streams alone (n ignored), to tell their cost from the recompute loops'.
  if (process.env.BENCH_ADMIN_TABS === "exports") return EXPORT_STREAMS.map((route) => [route]);
  const streams = n >= 3 ? EXPORT_STREAMS : [];
  return [
    ...Array.from({ length: n - streams.length }, (_, i) => [
      "POST /api/admin/figures",
      RECOMPUTE_PAGES[i % RECOMPUTE_PAGES.length],
    ]),
    ...streams.map((r) => [r]),
  ];
}

/**
 * Signs in, trying again twice: on a machine loaded by other work, twenty sign-ins at once can wait longer for a
 * transaction than Prisma allows (P2028), and the benchmark should not end there.
 */
async function signInRetrying(base: string, email: string, password: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(base, email, password);
    } catch (e) {
      if (attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

/** Judgments per second between the 10th and the 90th percentile of the accepted submits' times. */
function steadyRate(at: number[]): number {
  if (at.length < 20) return NaN;
  at.sort((a, b) => a - b);
  const lo = Math.floor(at.length * 0.1),
    hi = Math.floor(at.length * 0.9);
  return +(((hi - lo) * 1000) / (at[hi] - at[lo])).toFixed(1);
}

type TableUpdates = Map<string, { updates: number; hot: number; indexBytes: number }>;

/** Each table's updates and HOT updates so far, and its indexes' size (pg_stat_user_tables). */
async function tableUpdates(db: ReturnType<typeof createDb>): Promise<TableUpdates> {
  await new Promise((r) => setTimeout(r, 1100)); // the backends report their counts at most once a second
  const { rows } = await poolOf(db).query<{ t: string; u: string; h: string; i: string }>(
    `SELECT relname AS t, n_tup_upd AS u, n_tup_hot_upd AS h, pg_indexes_size(relid) AS i FROM pg_stat_user_tables`,
  );
  return new Map(rows.map((r) => [r.t, { updates: Number(r.u), hot: Number(r.h), indexBytes: Number(r.i) }]));
}

/**
 * A phase's updates per table, the share of them that were HOT (no index entry: the page had room, or pruning made
 * it) and how much its indexes grew: what a snapshot held open costs the judging calls' hot rows.
 */
function updatesSpent(before: TableUpdates, after: TableUpdates) {
  const out: Record<string, { updates: number; hotPercent: number; indexGrowthKiB: number }> = {};
  for (const [t, a] of after) {
    const b = before.get(t) ?? { updates: 0, hot: 0, indexBytes: 0 };
    const updates = a.updates - b.updates;
    if (updates < 100) continue;
    out[t] = {
      updates,
      hotPercent: Math.round((100 * (a.hot - b.hot)) / updates),
      indexGrowthKiB: Math.round((a.indexBytes - b.indexBytes) / 1024),
    };
  }
  return out;
}

/** One full run on a fresh database and server; `fastPath` false sends the hot calls through Next.js's route handlers. */
/**
 * Waits until the admin processes (their SCHED_IDLE threads) and the database backends serving them (lowered) spend
 * under 10 ms of CPU in 500 ms, twice running; gives the ms waited (at most 60 s). What a stopped admin's tabs left
 * under way then falls in the admin's block, not in the next control.
 */
async function adminProcessesIdle(): Promise<number> {
  const t0 = performance.now();
  let quiet = 0;
  while (quiet < 2 && performance.now() - t0 < 60_000) {
    const before = cpuByThread();
    await new Promise((r) => setTimeout(r, 500));
    const spent = cpuSpent(before, cpuByThread());
    const admin = (spent["node SCHED_IDLE threads"] ?? 0) + (spent["postgres lowered"] ?? 0);
    quiet = admin < 0.01 ? quiet + 1 : 0;
  }
  return Math.round(performance.now() - t0);
}

/**
 * --rounds: each round's admin block against its own control block (claim and submit p95 and their ratio), the median
 * of the rounds' ratios, and the ratio of the p95s over all control blocks and all admin blocks pooled.
 */
function roundsSummary(
  results: { phase: string; claim: { p95: number }; submit: { p95: number }; judgmentsPerSecond: number }[],
  raw: { claim: number[]; submit: number[] }[],
) {
  const ratio = (a: number, b: number) => +(a / b).toFixed(2);
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : +((s[s.length / 2 - 1] + s[s.length / 2]) / 2).toFixed(2);
  };
  const p95 = (xs: number[]) =>
    +percentile(
      [...xs].sort((a, b) => a - b),
      95,
    ).toFixed(1);
  const rounds = [];
  const pooled = {
    control: { claim: [] as number[], submit: [] as number[] },
    admin: { claim: [] as number[], submit: [] as number[] },
  };
  // Phase 0 is the warm-up; then control and admin blocks in turn.
  for (let i = 1; i + 1 < results.length; i += 2) {
    const [c, a] = [results[i], results[i + 1]];
    rounds.push({
      claimP95: [c.claim.p95, a.claim.p95, ratio(a.claim.p95, c.claim.p95)],
      submitP95: [c.submit.p95, a.submit.p95, ratio(a.submit.p95, c.submit.p95)],
      judgmentsPerSecond: [
        c.judgmentsPerSecond,
        a.judgmentsPerSecond,
        ratio(a.judgmentsPerSecond, c.judgmentsPerSecond),
      ],
    });
    pooled.control.claim.push(...raw[i].claim);
    pooled.control.submit.push(...raw[i].submit);
    pooled.admin.claim.push(...raw[i + 1].claim);
    pooled.admin.submit.push(...raw[i + 1].submit);
  }
  return {
    perRound: "[control, admin, admin / control]",
    rounds,
    medianRatio: {
      claimP95: median(rounds.map((r) => r.claimP95[2])),
      submitP95: median(rounds.map((r) => r.submitP95[2])),
      judgmentsPerSecond: median(rounds.map((r) => r.judgmentsPerSecond[2])),
    },
    pooled: {
      claimP95: [
        p95(pooled.control.claim),
        p95(pooled.admin.claim),
        ratio(p95(pooled.admin.claim), p95(pooled.control.claim)),
      ],
      submitP95: [
        p95(pooled.control.submit),
        p95(pooled.admin.submit),
        ratio(p95(pooled.admin.submit), p95(pooled.control.submit)),
      ],
    },
  };
}

async function run(experts: number, pairsWanted: number, fastPath: boolean, opts: RunOptions = {}) {
  connectionRetries = 0;
  const pg = await freshDatabase(
    "judging",
    Number(process.env.EMBEDDED_PG_PORT ?? 54381),
    pgStats ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"] : undefined,
  );
  const db = createDb(pg.url);
  // pg_stat_statements is the superuser's to create and reset; the app's role is not one.
  const statsDb = pgStats ? createDb(pg.adminUrl!) : db;
  // 4 plans per query → 6 pairs per query.
  const dir = path.resolve(".data/bench/judging-bundle");
  await generateBundle(dir, Math.ceil(pairsWanted / 6) * 4, 11);
  const imported = await importBundle(db, await sourceFromPath(dir));
  if (!imported.ok) throw new Error(imported.message);
  const dest = await db.destination.findFirstOrThrow({ where: { name: "Benchville" } });
  const dims = DEFAULT_DIMENSIONS.slice(0, opts.everything ? 5 : (opts.dimensions ?? 0));
  if (dims.length)
    await db.dataset.update({ where: { id: imported.datasetId }, data: { dimensions: dims, dimensionsVersion: 1 } });
  const strength = !!opts.everything;
  if (opts.history) await seedHistory(db, Math.ceil(opts.history / 3), { experts: 40 });
  if (opts.extraRaters) await giveFourthRaters(db, opts.extraRaters, { experts: 40 });
  const hash = await hashPassword("bench-password-1");
  const admin = await db.user.create({
    data: { email: "admin@bench.test", name: "Bench admin", role: "ADMIN", passwordHash: hash },
  });
  if (opts.everything) {
    await db.dataset.update({ where: { id: imported.datasetId }, data: { preferenceStrength: true } });
    await setAdaptiveRaters(db, imported.datasetId, true, 0.15, admin.id);
    const gold = await makeGoldPairs(db, imported.datasetId, { plans: 400, seed: 1 }, admin.id);
    await setGoldRate(db, imported.datasetId, 0.05, admin.id);
    console.error(
      `everything on: ${gold.made} gold pairs at 5 %, adaptive raters, ${dims.length} dimensions with strength`,
    );
  }
  const emails = Array.from({ length: experts }, (_, i) => `expert${i}@bench.test`);
  for (const email of emails) {
    const u = await db.user.create({ data: { email, name: email, role: "EXPERT", passwordHash: hash } });
    await db.expertDestination.create({ data: { userId: u.id, destinationId: dest.id, familiarity: 3 } });
  }
  await db.setting.create({
    data: {
      key: "judging",
      value: { leaseMinutes: 30, rationaleMinLength: 10, queueOrder: "completion", maxClaimsPerExpert: 2 },
    },
  });
  // A gold answer's right choice on the expert's screen (null: a real pair), one primary-key read per claim in every run.
  const answerKey = async (assignmentId: string): Promise<string | null> => {
    const { rows } = await poolOf(db).query<{ label: Verdict; leftIsA: boolean }>(
      `SELECT g.label::text AS label, a."leftIsA" FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" WHERE a.id = $1`,
      [assignmentId],
    );
    if (!rows.length) return null;
    return sideOf(rows[0].label, rows[0].leftIsA) ?? "neither";
  };
  const server = await startServer(pg.url, Number(process.env.PORT ?? 3400), {
    TRIPJUDGE_FAST_PATH: fastPath ? "1" : "0",
    ...(opts.adminThreads === undefined ? {} : { ADMIN_PROCESSES: String(opts.adminThreads) }),
  });
  const adminTabsRoutes = (
    opts.adminTabs
      ? adminTabs(opts.adminTabs)
      : [
          opts.adminLoop === "heavy" || opts.adminLoop === "stored"
            ? HEAVY_CALLS
            : opts.adminLoop === "none" || opts.adminLoop === "snapshot" || !opts.adminLoop
              ? []
              : ADMIN_PAGE_CALLS,
        ]
  )
    .map((tab) => tab.map((c) => c.replace("DEST", dest.id)))
    .filter((tab) => tab.length);
  const adminCalls = [...new Set(adminTabsRoutes.flat())];
  try {
    const cookies: string[] = [];
    for (let i = 0; i < emails.length; i += 20)
      cookies.push(
        ...(await Promise.all(emails.slice(i, i + 20).map((e) => signInRetrying(server.url, e, "bench-password-1")))),
      );
    const adminCookie = adminCalls.length
      ? await signInRetrying(server.url, "admin@bench.test", "bench-password-1")
      : "";
    if (pgStats) {
      await statsDb.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await statsDb.$queryRawUnsafe("SELECT pg_stat_statements_reset()::text");
    }
    const total = Math.ceil(pairsWanted / 6) * 6 * 3;
    // =stored: the admin opened each heavy page once before the experts began (computed then, and stored).
    const firstLoadMs: Record<string, number> = {};
    if (opts.adminLoop === "stored")
      for (const route of adminCalls) {
        const t = performance.now();
        const res = await call(server.url, "GET", route, adminCookie);
        if (res.status !== 200) throw new Error(`${route}: ${res.status} ${res.body.slice(0, 200)}`);
        firstLoadMs[route] = Math.round(performance.now() - t);
      }
    const adminPhase = opts.adminTabs
      ? `with an admin's ${opts.adminTabs} tabs (recompute loops${opts.adminTabs >= 3 ? " and two export streams" : ""})`
      : opts.adminLoop === "heavy"
        ? "with an admin loading the heavy pages (computed in this phase)"
        : opts.adminLoop === "stored"
          ? "with an admin reloading the heavy pages (stored before)"
          : opts.adminLoop === "none"
            ? "second half, no admin (control)"
            : opts.adminLoop === "snapshot"
              ? "second half, a snapshot held open"
              : `with an admin on the Agreement page${opts.extraRaters ? " (extra-rater pairs present)" : ""}`;
    const warmUp = Math.floor(total / 10);
    const block = Math.floor((total - warmUp) / (2 * (opts.rounds ?? 1)));
    const phases =
      opts.control && opts.rounds
        ? [
            { name: "warm-up, experts only", judgments: warmUp, admin: false },
            ...Array.from({ length: opts.rounds }, (_, i) => [
              { name: `round ${i + 1}: control, experts only`, judgments: warmUp + (2 * i + 1) * block, admin: false },
              { name: `round ${i + 1}: ${adminPhase}`, judgments: warmUp + (2 * i + 2) * block, admin: true },
            ]).flat(),
          ]
        : opts.control
          ? [
              { name: "warm-up, experts only", judgments: warmUp, admin: false },
              { name: "control, experts only", judgments: Math.floor(total / 2), admin: false },
              { name: adminPhase, judgments: total, admin: true },
            ]
          : opts.adminLoop
            ? [
                { name: "experts only", judgments: Math.floor(total / 2), admin: false },
                { name: adminPhase, judgments: total, admin: true },
              ]
            : [{ name: "experts only", judgments: total, admin: false }];
    const accepted: string[] = [];
    const results = [];
    // Each phase's claim and submit latencies, kept for --rounds' pooled figures (not printed).
    const raw: { claim: number[]; submit: number[] }[] = [];
    // --rounds' one admin client, and what it did over all the admin blocks.
    let persistent: { client: ReturnType<typeof fork>; done: Promise<void> } | null = null;
    const persistentTotals = { pageLoads: 0, errors: 0, downloadedMiB: 0 };
    const cpu0 = cpuByRole();
    const t0 = performance.now();
    for (const phase of phases) {
      const claimMs: number[] = [];
      // Each claim's latency by the 10 s window of the phase it began in: where in the phase a cost lands (an admin
      // computation's first minutes against its stored reloads).
      const claimMsByWindow: number[][] = [];
      const steadyClaimMs: number[] = []; // claims started after the first 2 s (all experts claim at once at the start)
      const submitMs: number[] = [];
      const adminMs: Record<string, number[]> = Object.fromEntries(adminCalls.map((c) => [c, []]));
      const healthMs: number[] = [];
      let errors = 0;
      let adminErrors = 0;
      let adminBytes = 0;
      let running = true;
      const startedWith = accepted.length;
      const acceptedAt: number[] = []; // ms into the phase of each accepted submit
      const leftAt: number[] = []; // the phase's accepted submits when each expert found no pair and stopped
      let leftAnswer: string | undefined;
      const threads0 = cpuByThread();
      const updates0 = await tableUpdates(db);
      const tp = performance.now();
      // --alternate: whether the admin is at work, and since when (ms into the phase).
      const alternating = phase.admin && opts.alternate ? { on: true, since: 0 } : null;
      const claimMsAdmin: Record<"on" | "off", number[]> = { on: [], off: [] };
      const healthMsAdmin: Record<"on" | "off", number[]> = { on: [], off: [] };
      const submitMsAdmin: Record<"on" | "off", number[]> = { on: [], off: [] };
      const side = (t: number) =>
        alternating && t - tp - alternating.since >= 1000 ? (alternating.on ? "on" : "off") : null;
      // A monitor asks for the health answer five times a second throughout.
      const health = (async () => {
        while (running) {
          const t = performance.now();
          const s = side(t);
          // A refused health call is said, not thrown: the experts' calls end the run if the server is gone.
          const ok = await call(server.url, "GET", "/api/health", "").then(
            () => true,
            (e: Error) => (
              console.error(`health call failed ${Math.round(t - tp)} ms into ${phase.name}: ${e.message}`),
              false
            ),
          );
          if (ok) healthMs.push(performance.now() - t);
          if (ok && s) healthMsAdmin[s].push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      let adminRounds = 0;
      // The control (--admin-loop=none) has the admin's phase without an admin; =snapshot holds a repeatable-read
      // snapshot open throughout it, as a long read of every judgment does (what it costs the hot rows' updates).
      // Tabs do not hold the phase open for a round: their computations are recomputed in a loop, never done.
      if (!adminCalls.length || opts.adminTabs) adminRounds = 1;
      const snapshot = phase.admin && opts.adminLoop === "snapshot" ? await poolOf(db).connect() : null;
      if (snapshot) await snapshot.query(`BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT count(*) FROM "Judgment"`);
      // The admin is a client process of its own (bench/admin-client.ts), as an admin's browser is: its downloads
      // are never received on the event loop that times the experts' calls.
      // --rounds: one admin client for every admin block (a process started per block would cost its start-up in the
      // block), its tabs opened at the block's start and closed at its end.
      const reuse = !!(phase.admin && adminCalls.length && opts.rounds);
      if (reuse && !persistent) {
        const client = fork(path.join(process.cwd(), "bench", "admin-client.ts"), [], {
          execArgv: ["--import", "tsx"],
        });
        if (client.pid) loadGeneratorPids.add(client.pid);
        const done = new Promise<void>((resolve) => {
          client.on(
            "message",
            (m: "round" | { done: { ms: Record<string, number[]>; errors: number; bytes: number } }) => {
              if (m === "round") return;
              persistentTotals.pageLoads = m.done.ms[adminTabsRoutes[0].at(-1)!]?.length ?? 0;
              persistentTotals.errors = m.done.errors;
              persistentTotals.downloadedMiB = Math.round(m.done.bytes / 1048576);
              resolve();
            },
          );
          client.on("exit", () => resolve());
        });
        client.send({ start: { url: server.url, cookie: adminCookie, tabs: adminTabsRoutes } });
        persistent = { client, done };
      } else if (reuse) persistent!.client.send("resume");
      const adminClient =
        phase.admin && adminCalls.length && !reuse
          ? fork(path.join(process.cwd(), "bench", "admin-client.ts"), [], { execArgv: ["--import", "tsx"] })
          : null;
      if (adminClient?.pid) loadGeneratorPids.add(adminClient.pid);
      const admin = new Promise<void>((resolve) => {
        if (!adminClient) return resolve();
        type Done = { done: { ms: Record<string, number[]>; errors: number; bytes: number } };
        adminClient.on("message", (m: "round" | Done) => {
          if (m === "round") adminRounds++;
          else {
            for (const [route, xs] of Object.entries(m.done.ms)) adminMs[route].push(...xs);
            adminErrors += m.done.errors;
            adminBytes += m.done.bytes;
            resolve();
          }
        });
        adminClient.on("exit", () => resolve());
        adminClient.send({ start: { url: server.url, cookie: adminCookie, tabs: adminTabsRoutes } });
      });
      const switcher =
        alternating && adminClient
          ? setInterval(() => {
              alternating.on = !alternating.on;
              alternating.since = performance.now() - tp;
              adminClient.send(alternating.on ? "resume" : "pause");
            }, opts.alternate! * 1000)
          : undefined;
      let claimsOut = 0;
      await Promise.all(
        cookies.map(async (cookie) => {
          // An expert claims only while the phase still needs judgments (counting the claims in flight).
          // With an admin, the phase lasts at least until they have loaded every page once (while pairs last).
          while (accepted.length + claimsOut < phase.judgments || (phase.admin && adminRounds < 1)) {
            claimsOut++;
            let t = performance.now();
            const s = side(t);
            const res = await call(server.url, "POST", "/api/judge/next", cookie);
            claimMs.push(performance.now() - t);
            if (s) claimMsAdmin[s].push(performance.now() - t);
            (claimMsByWindow[Math.floor((t - tp) / 10_000)] ??= []).push(performance.now() - t);
            if (t - tp > 2000) steadyClaimMs.push(performance.now() - t);
            if (res.status !== 200) {
              claimsOut--;
              errors++;
              continue;
            }
            // The simulated browser needs only the assignment id; it is the first field.
            const assignmentId = /^\{"assignment":\{"assignmentId"\s*:\s*"([^"]+)"/.exec(res.body)?.[1];
            if (!assignmentId) {
              claimsOut--;
              leftAt.push(accepted.length - startedWith);
              leftAnswer ??= res.body.slice(0, 200);
              return;
            }
            // Reading, briefly; meanwhile the simulated expert knows a gold pair's answer, as a competent expert
            // would (the load generator reads the answer key; a random guesser is soon paused, and stops judging).
            const [key] = await Promise.all([
              answerKey(assignmentId),
              new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]))),
            ]);
            const requestId = randomUUID();
            t = performance.now();
            const choice = key ?? ["left", "right", "neither"][Math.floor(Math.random() * 3)];
            const strong = (c: string) =>
              strength && c !== "neither" && c !== "same" ? { strength: 1 + Math.floor(Math.random() * 3) } : {};
            const body = JSON.stringify({
              ...(dims.length
                ? {
                    dimensions: Object.fromEntries(
                      dims.map((d) => {
                        const c = ["left", "right", "same"][Math.floor(Math.random() * 3)];
                        return [d.key, { choice: c, ...strong(c) }];
                      }),
                    ),
                  }
                : {}),
              choice,
              ...strong(choice),
              rationale: "bench rationale text",
              timeOnTaskMs: 1000,
              clientRequestId: requestId,
            });
            const submitSide = side(t);
            const sub = await call(server.url, "POST", `/api/judge/${assignmentId}/submit`, cookie, body);
            submitMs.push(performance.now() - t);
            if (submitSide) submitMsAdmin[submitSide].push(performance.now() - t);
            claimsOut--;
            if (sub.status === 201) {
              accepted.push(requestId);
              acceptedAt.push(performance.now() - tp);
            } else errors++;
          }
        }),
      );
      // The experts' time: the admin's call in flight when they finish (a heavy page can take a minute) is waited
      // for below, but is no part of the judging throughput.
      const seconds = (performance.now() - tp) / 1000;
      // The phase's CPU, taken before the admin's last call (computed after the experts stopped) is waited for.
      const threads1 = cpuByThread();
      const updates1 = await tableUpdates(db);
      running = false;
      if (reuse) persistent!.client.send("close");
      clearInterval(switcher);
      adminClient?.send("resume");
      adminClient?.send("stop");
      await Promise.all([admin, health]);
      if (snapshot) {
        await snapshot.query("COMMIT");
        snapshot.release();
      }
      raw.push({ claim: [...claimMs], submit: [...submitMs] });
      // --rounds: the next control block begins when the admin processes have nothing left to do.
      const adminIdleAfterMs = phase.admin && opts.rounds ? await adminProcessesIdle() : undefined;
      const ms = (v: number) => +v.toFixed(1);
      const dist = (xs: number[]) => {
        xs.sort((a, b) => a - b);
        return {
          n: xs.length,
          p50: ms(percentile(xs, 50)),
          p95: ms(percentile(xs, 95)),
          p99: ms(percentile(xs, 99)),
          max: ms(xs[xs.length - 1] ?? NaN),
        };
      };
      results.push({
        phase: phase.name,
        judgments: accepted.length - startedWith,
        seconds: +seconds.toFixed(1),
        judgmentsPerSecond: +((accepted.length - startedWith) / seconds).toFixed(1),
        // The middle 80 % of the phase's accepted submits (from the 10th to the 90th percentile of their times): the
        // rate without the start, when every expert claims at once, and the tail, when the last pairs are held by a
        // few experts and the others find none (a finite pool of pairs; adaptive raters end it sooner).
        steadyJudgmentsPerSecond: steadyRate(acceptedAt),
        // Experts who found no pair before 90 % of the phase's judgments were in (the pool is not yet empty).
        expertsStoppedEarly: leftAt.filter((n) => n < 0.9 * (phase.judgments - startedWith)).length,
        ...(leftAnswer ? { firstNoPairAnswer: leftAnswer } : {}),
        httpErrors: errors,
        ...(adminIdleAfterMs !== undefined ? { adminProcessesIdleAfterMs: adminIdleAfterMs } : {}),
        claim: dist(claimMs),
        claimAfterFirst2s: dist(steadyClaimMs),
        claimP95By10s: Array.from(claimMsByWindow, (xs) => (xs ? dist(xs).p95 : null)),
        ...(alternating
          ? {
              alternating: {
                seconds: opts.alternate,
                claimAdminAtWork: dist(claimMsAdmin.on),
                claimAdminWaiting: dist(claimMsAdmin.off),
                submitAdminAtWork: dist(submitMsAdmin.on),
                submitAdminWaiting: dist(submitMsAdmin.off),
                healthAdminAtWork: dist(healthMsAdmin.on),
                healthAdminWaiting: dist(healthMsAdmin.off),
              },
            }
          : {}),
        submit: dist(submitMs),
        health: dist(healthMs),
        // CPU seconds of the phase by kind of thread (bench/cpu-threads.ts).
        cpuSeconds: cpuSpent(threads0, threads1),
        updates: updatesSpent(updates0, updates1),
        ...(phase.admin && adminCalls.length
          ? {
              adminPageLoads: adminMs[adminTabsRoutes[0].at(-1)!].length,
              adminErrors,
              adminDownloadedMiB: Math.round(adminBytes / 1048576),
              adminMs: Object.fromEntries(Object.entries(adminMs).map(([k, v]) => [k, dist(v)])),
            }
          : {}),
      });
    }
    if (persistent) {
      persistent.client.send("stop");
      await persistent.done;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuByRole();
    // The benchmark's own pairs (the history's are another destination).
    const mine = { query: { destinationId: dest.id } };
    const pairs = await db.pair.count({ where: mine });
    const invariant = await db.$queryRaw<{ bad: number }[]>`
      SELECT COUNT(*)::int AS bad FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."destinationId" = ${dest.id} AND (
        (SELECT COUNT(*) FROM "Judgment" j WHERE j."pairId" = p.id) <> p."requiredRaters"
        OR (SELECT COUNT(DISTINCT j."userId") FROM "Judgment" j WHERE j."pairId" = p.id) <> p."requiredRaters"
        OR p.status <> 'COMPLETE')`;
    // Gold answers are submits too (the experts cannot tell them apart): stored as GoldAnswer rows.
    const goldStored = await db.goldAnswer.count({ where: { clientRequestId: { in: accepted } } });
    const stored = (await db.judgment.count({ where: { pair: mine } })) + goldStored;
    const lost =
      accepted.length - (await db.judgment.count({ where: { clientRequestId: { in: accepted } } })) - goldStored;
    const raters = await db.pair.groupBy({ by: ["requiredRaters"], where: mine, _count: true });
    if (pgStats) {
      const top = await statsDb.$queryRawUnsafe<{ calls: number; total_ms: number; mean_ms: number; query: string }[]>(
        `SELECT calls::int, round(total_exec_time::numeric, 1)::float AS total_ms, round(mean_exec_time::numeric, 3)::float AS mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`,
      );
      console.table(top);
    }
    return {
      via: fastPath ? "fast path" : "Next.js route handlers",
      dimensions: dims.length,
      adminThreads: opts.adminThreads ?? "default",
      experts,
      pairs,
      history: opts.history ?? 0,
      thinkMs: THINK_MS,
      judgments: accepted.length,
      seconds: +seconds.toFixed(1),
      judgmentsPerSecond: +(accepted.length / seconds).toFixed(1),
      connectionRetries,
      phases: results,
      // CPU milliseconds per judgment (one claim + one submit) by process, over the load phase.
      cpuMsPerJudgment: Object.fromEntries(
        Object.entries(cpu1).map(([k, v]) => [
          k,
          +(((v - cpu0[k as keyof typeof cpu0]) * 1000) / accepted.length).toFixed(2),
        ]),
      ),
      everything: !!opts.everything,
      ...(opts.rounds ? { rounds: { ...roundsSummary(results, raw), adminOverTheRounds: persistentTotals } } : {}),
      ...(Object.keys(firstLoadMs).length ? { heavyPagesFirstLoadedBeforeThePhasesMs: firstLoadMs } : {}),
      goldAnswers: goldStored,
      pairsByRequiredRaters: Object.fromEntries(raters.map((r) => [r.requiredRaters, r._count])),
      invariants: {
        pairsNotExactlyTheirRequiredRaters: invariant[0].bad,
        duplicateJudgments: stored - accepted.length,
        lostSubmits: lost,
      },
    };
  } finally {
    await server.stop();
    await closeDb(db);
    if (statsDb !== db) await closeDb(statsDb);
    await pg.stop();
  }
}

/**
 * Usage: npm run bench:judging [-- EXPERTS PAIRS] [--baseline] [--history=JUDGMENTS] [--admin-loop[=heavy|stored|none|snapshot]] [--baseline-threads] [--dimensions=N]:
 * with --baseline, a second run through Next.js's route handlers; --history puts that many judgments in the database
 * first; --admin-loop judges the second half of the pairs while an admin loads the analytics page's calls in a loop
 * (=heavy: the heavy pages of decision 017, computed during the phase; =stored: the same, opened once before the
 * experts begin; =none: no admin, the control; =snapshot: a snapshot held open); --alternate=S has the admin work S
 * seconds and wait S seconds in turn through its phase, and gives the claims' and health calls' latencies with the
 * admin at work and waiting, side by side; --baseline-threads runs again with ADMIN_PROCESSES=0 (the computations on
 * the web server's event loop, as before decision 017) and compares; --dimensions=N runs twice, the overall verdict
 * only and then a dataset asking N of the default dimensions, and compares the submits; --everything runs twice,
 * everything off and then gold pairs at 5 %, adaptive raters and five dimensions with strength, and compares.
 * --admin-tabs=N has an admin with N tabs at once instead (issue 48 item 7): N − 2 recompute loops ("Recompute", then
 * one heavy page: Agreement, Quality, Leaderboard with style control, the judge board, in turn) and two export streams
 * (every judgment; every pair with soft labels), each back to back; --extra-raters=K gives K of the history's pairs a
 * fourth rater (with no --history, 30,000 judgments of it), so that the Agreement page (`--admin-loop=agreement`, the
 * same as `--admin-loop`) is a heavy figure. Either runs a warm-up, the control (experts alone) and the admin's phase
 * in one run, and prints the control's and the admin phase's claim p95, submit p95 and judgments/s with their ratios;
 * with --alternate=S also the admin phase's claims and submits with the admin at work and waiting (its downloads not
 * read meanwhile), interleaved in time, which a machine shared with other work affects alike. --rounds=N (with
 * --admin-tabs or --extra-raters) runs N rounds of a control block and an admin block after the warm-up instead, and
 * prints each round's ratios, their median and the ratio of the pooled p95s. `--admin-loop=none
 * --extra-raters=K` runs the same phases with no admin at all: how far apart the two phases are by themselves.
 */
async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const experts = Number(args[0] ?? 200);
  const pairs = Number(args[1] ?? 3000);
  const history = Number(process.argv.find((a) => a.startsWith("--history="))?.slice(10) ?? 0);
  const loopArg = process.argv.find((a) => a.startsWith("--admin-loop"));
  const adminLoop = loopArg
    ? loopArg === "--admin-loop=heavy"
      ? "heavy"
      : loopArg === "--admin-loop=stored"
        ? "stored"
        : loopArg === "--admin-loop=none"
          ? "none"
          : loopArg === "--admin-loop=snapshot"
            ? "snapshot"
            : "analytics" // bare, or =agreement: the Agreement page's calls
    : undefined;
  const adminTabs = Number(process.argv.find((a) => a.startsWith("--admin-tabs="))?.slice(13) ?? 0) || undefined;
  const extraRaters = Number(process.argv.find((a) => a.startsWith("--extra-raters="))?.slice(15) ?? 0) || undefined;
  const dimensions = Number(process.argv.find((a) => a.startsWith("--dimensions="))?.slice(13) ?? 0);
  const alternate = Number(process.argv.find((a) => a.startsWith("--alternate="))?.slice(12) ?? 0) || undefined;
  const rounds = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 0) || undefined;
  const ratio = (a: number, b: number) => +(a / b).toFixed(2);
  if (process.argv.includes("--everything")) {
    // Today's judging with everything off against the same run with everything on (issue 30, item 4).
    const off = await run(experts, pairs, true, { history });
    console.log(JSON.stringify(off, null, 2));
    const on = await run(experts, pairs, true, { history, everything: true });
    console.log(JSON.stringify(on, null, 2));
    console.log(
      JSON.stringify({
        sameRun: "everything on / everything off",
        throughput: ratio(on.judgmentsPerSecond, off.judgmentsPerSecond),
        steadyThroughput: ratio(on.phases[0].steadyJudgmentsPerSecond, off.phases[0].steadyJudgmentsPerSecond),
        claimP95: ratio(on.phases[0].claim.p95, off.phases[0].claim.p95),
        claimP95AfterFirst2s: ratio(on.phases[0].claimAfterFirst2s.p95, off.phases[0].claimAfterFirst2s.p95),
        submitP95: ratio(on.phases[0].submit.p95, off.phases[0].submit.p95),
        invariantsOn: on.invariants,
      }),
    );
    return;
  }
  if (dimensions) {
    // Today's judging against the same run with every submit answering `dimensions` dimensions.
    const plain = await run(experts, pairs, true, { history });
    console.log(JSON.stringify(plain, null, 2));
    const withDims = await run(experts, pairs, true, { history, dimensions });
    console.log(JSON.stringify(withDims, null, 2));
    console.log(
      JSON.stringify({
        sameRun: `${dimensions} dimensions / overall verdict only`,
        submitP95: ratio(withDims.phases[0].submit.p95, plain.phases[0].submit.p95),
        submitP50: ratio(withDims.phases[0].submit.p50, plain.phases[0].submit.p50),
        claimP95: ratio(withDims.phases[0].claim.p95, plain.phases[0].claim.p95),
        throughput: ratio(withDims.judgmentsPerSecond, plain.judgmentsPerSecond),
      }),
    );
    return;
  }
  if (adminTabs || extraRaters) {
    const r = await run(experts, pairs, true, {
      history: history || (extraRaters ? 30_000 : 0),
      adminLoop: adminLoop ?? (adminTabs ? undefined : "analytics"),
      adminTabs,
      extraRaters,
      control: true,
      alternate,
      rounds,
    });
    console.log(JSON.stringify(r, null, 2));
    if (r.rounds) {
      // Interleaved blocks: the figures to judge by (the single control and admin phase below do not apply).
      console.log(
        JSON.stringify({ sameRun: `${rounds} rounds of a control block and an admin block`, ...r.rounds }, null, 2),
      );
      return;
    }
    const [, control, loaded] = r.phases;
    const figures = (p: typeof control) => ({
      claimP95: p.claim.p95,
      claimP95AfterFirst2s: p.claimAfterFirst2s.p95,
      submitP95: p.submit.p95,
      judgmentsPerSecond: p.judgmentsPerSecond,
      steadyJudgmentsPerSecond: p.steadyJudgmentsPerSecond,
      claimMax: p.claim.max,
      submitMax: p.submit.max,
    });
    const c = figures(control),
      l = figures(loaded);
    console.log(
      JSON.stringify(
        {
          sameRun: `${loaded.phase} / ${control.phase}`,
          control: c,
          loaded: l,
          ratio: {
            claimP95: ratio(l.claimP95, c.claimP95),
            claimP95AfterFirst2s: ratio(l.claimP95AfterFirst2s, c.claimP95AfterFirst2s),
            submitP95: ratio(l.submitP95, c.submitP95),
            judgmentsPerSecond: ratio(l.judgmentsPerSecond, c.judgmentsPerSecond),
            steadyJudgmentsPerSecond: ratio(l.steadyJudgmentsPerSecond, c.steadyJudgmentsPerSecond),
          },
          ...(loaded.alternating
            ? {
                // Within the admin's phase, interleaved in time: what the machine's other work does to both alike.
                alternating: {
                  seconds: alternate,
                  claimP95: {
                    adminAtWork: loaded.alternating.claimAdminAtWork.p95,
                    adminWaiting: loaded.alternating.claimAdminWaiting.p95,
                    ratio: ratio(loaded.alternating.claimAdminAtWork.p95, loaded.alternating.claimAdminWaiting.p95),
                  },
                  submitP95: {
                    adminAtWork: loaded.alternating.submitAdminAtWork.p95,
                    adminWaiting: loaded.alternating.submitAdminWaiting.p95,
                    ratio: ratio(loaded.alternating.submitAdminAtWork.p95, loaded.alternating.submitAdminWaiting.p95),
                  },
                },
              }
            : {}),
          adminPageLoads: loaded.adminPageLoads,
          adminErrors: loaded.adminErrors,
          adminDownloadedMiB: loaded.adminDownloadedMiB,
          loadedCpuSeconds: loaded.cpuSeconds,
          controlCpuSeconds: control.cpuSeconds,
        },
        null,
        2,
      ),
    );
    return;
  }
  const fast = await run(experts, pairs, true, { history, adminLoop, alternate });
  console.log(JSON.stringify(fast, null, 2));
  if (adminLoop && process.argv.includes("--baseline-threads")) {
    const inline = await run(experts, pairs, true, { history, adminLoop, adminThreads: 0 });
    console.log(JSON.stringify(inline, null, 2));
    // Each run against its own first phase (experts only): 1.0 = the admin changed nothing.
    const effect = (r: typeof fast) => ({
      claimP95: ratio(r.phases[1].claim.p95, r.phases[0].claim.p95),
      claimP95AfterFirst2s: ratio(r.phases[1].claimAfterFirst2s.p95, r.phases[0].claimAfterFirst2s.p95),
      submitP95: ratio(r.phases[1].submit.p95, r.phases[0].submit.p95),
      healthP95: ratio(r.phases[1].health.p95, r.phases[0].health.p95),
      throughput: ratio(r.phases[1].judgmentsPerSecond, r.phases[0].judgmentsPerSecond),
    });
    console.log(
      JSON.stringify(
        { sameRun: "admin phase / experts-only phase", withThreads: effect(fast), onTheEventLoop: effect(inline) },
        null,
        2,
      ),
    );
  }
  if (!process.argv.includes("--baseline")) return;
  const next = await run(experts, pairs, false);
  console.log(JSON.stringify(next, null, 2));
  console.log(
    JSON.stringify({
      sameRun: "fast path vs Next.js route handlers",
      throughput: ratio(fast.judgmentsPerSecond, next.judgmentsPerSecond),
      claimP95Faster: ratio(next.phases[0].claim.p95, fast.phases[0].claim.p95),
      submitP95Faster: ratio(next.phases[0].submit.p95, fast.phases[0].submit.p95),
      serverCpuPerJudgmentLess: ratio(next.cpuMsPerJudgment.server, fast.cpuMsPerJudgment.server),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
