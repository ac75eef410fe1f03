/**
 * Load benchmark of the judging API: 200 concurrent simulated experts claim, wait briefly and
 * submit against the production server until 3,000 pairs have 3 judgments each. Reports claim
 * and submit latency (p50/p95/p99) and judgments per second, then checks the invariants.
 * Usage: npm run bench:judging [-- EXPERTS PAIRS] [--baseline]
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { hashPassword } from "../lib/auth/password";
import { closeDb, createDb } from "../lib/db/client";
import { importBundle } from "../lib/db/imports";
import { sourceFromPath } from "../lib/importers/source";
import { generateBundle } from "./generate-bundle";
import { cpuByRole, freshDatabase, percentile, signIn, startServer } from "./server";

/** How long a simulated expert "reads" a pair between claim and submit (ms); BENCH_THINK_MS=lo,hi. */
const THINK_MS = (process.env.BENCH_THINK_MS ?? "250,750").split(",").map(Number);

// node:http with keep-alive rather than fetch: the load generator shares the machine's two cores
// with the server and the database, and fetch's streams cost it several times more per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

let connectionRetries = 0;

/** One request; resolves when the whole response body has arrived. */
function callOnce(base: string, method: string, route: string, cookie: string, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie };
    if (body !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
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
async function call(base: string, method: string, route: string, cookie: string, body?: string): Promise<{ status: number; body: string }> {
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

/** One full run on a fresh database and server; `fastPath` false sends the hot calls through Next.js's route handlers. */
async function run(experts: number, pairsWanted: number, fastPath: boolean) {
  connectionRetries = 0;
  const pg = await freshDatabase("judging", 54381, pgStats ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"] : undefined);
  const db = createDb(pg.url);
  // pg_stat_statements is the superuser's to create and reset; the app's role is not one.
  const statsDb = pgStats ? createDb(pg.adminUrl!) : db;
  // 4 plans per query → 6 pairs per query.
  const dir = path.resolve(".data/bench/judging-bundle");
  await generateBundle(dir, Math.ceil(pairsWanted / 6) * 4, 11);
  const imported = await importBundle(db, await sourceFromPath(dir));
  if (!imported.ok) throw new Error(imported.message);
  const dest = await db.destination.findFirstOrThrow({ where: { name: "Benchville" } });
  const hash = await hashPassword("bench-password-1");
  const emails = Array.from({ length: experts }, (_, i) => `expert${i}@bench.test`);
  for (const email of emails) {
    const u = await db.user.create({ data: { email, name: email, role: "EXPERT", passwordHash: hash } });
    await db.expertDestination.create({ data: { userId: u.id, destinationId: dest.id, familiarity: 3 } });
  }
  await db.setting.create({ data: { key: "judging", value: { leaseMinutes: 30, rationaleMinLength: 10, queueOrder: "completion", maxClaimsPerExpert: 2 } } });
  const server = await startServer(pg.url, 3400, { TRIPJUDGE_FAST_PATH: fastPath ? "1" : "0" });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < emails.length; i += 20) cookies.push(...(await Promise.all(emails.slice(i, i + 20).map((e) => signIn(server.url, e, "bench-password-1")))));
    const claimMs: number[] = [];
    const steadyClaimMs: number[] = []; // claims started after the first 2 s (all 200 experts claim at once at the start)
    const submitMs: number[] = [];
    const accepted: string[] = [];
    let errors = 0;
    if (pgStats) {
      await statsDb.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await statsDb.$queryRawUnsafe("SELECT pg_stat_statements_reset()::text");
    }
    const cpu0 = cpuByRole();
    const t0 = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        for (;;) {
          let t = performance.now();
          const res = await call(server.url, "POST", "/api/judge/next", cookie);
          claimMs.push(performance.now() - t);
          if (t - t0 > 2000) steadyClaimMs.push(performance.now() - t);
          if (res.status !== 200) {
            errors++;
            continue;
          }
          // The simulated browser needs only the assignment id; it is the first field.
          const assignmentId = /^\{"assignment":\{"assignmentId"\s*:\s*"([^"]+)"/.exec(res.body)?.[1];
          if (!assignmentId) return;
          await new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]))); // reading, briefly
          const requestId = randomUUID();
          t = performance.now();
          const body = JSON.stringify({ choice: ["left", "right", "neither"][Math.floor(Math.random() * 3)], rationale: "bench rationale text", timeOnTaskMs: 1000, clientRequestId: requestId });
          const sub = await call(server.url, "POST", `/api/judge/${assignmentId}/submit`, cookie, body);
          submitMs.push(performance.now() - t);
          if (sub.status === 201) accepted.push(requestId);
          else errors++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuByRole();
    claimMs.sort((a, b) => a - b);
    steadyClaimMs.sort((a, b) => a - b);
    submitMs.sort((a, b) => a - b);
    const pairs = await db.pair.count();
    const invariant = await db.$queryRaw<{ bad: number }[]>`
      SELECT COUNT(*)::int AS bad FROM "Pair" p WHERE
        (SELECT COUNT(*) FROM "Judgment" j WHERE j."pairId" = p.id) <> 3
        OR (SELECT COUNT(DISTINCT j."userId") FROM "Judgment" j WHERE j."pairId" = p.id) <> 3
        OR p.status <> 'COMPLETE'`;
    const stored = await db.judgment.count();
    const lost = accepted.length - (await db.judgment.count({ where: { clientRequestId: { in: accepted } } }));
    const ms = (v: number) => +v.toFixed(1);
    if (pgStats) {
      const top = await statsDb.$queryRawUnsafe<{ calls: number; total_ms: number; mean_ms: number; query: string }[]>(
        `SELECT calls::int, round(total_exec_time::numeric, 1)::float AS total_ms, round(mean_exec_time::numeric, 3)::float AS mean_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
         FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25`,
      );
      console.table(top);
    }
    return {
          via: fastPath ? "fast path" : "Next.js route handlers",
          experts, pairs, thinkMs: THINK_MS, judgments: stored, seconds: +seconds.toFixed(1), judgmentsPerSecond: +(stored / seconds).toFixed(1), httpErrors: errors, connectionRetries,
          claim: { n: claimMs.length, p50: ms(percentile(claimMs, 50)), p95: ms(percentile(claimMs, 95)), p99: ms(percentile(claimMs, 99)) },
          claimAfterFirst2s: { n: steadyClaimMs.length, p50: ms(percentile(steadyClaimMs, 50)), p95: ms(percentile(steadyClaimMs, 95)), p99: ms(percentile(steadyClaimMs, 99)) },
          submit: { n: submitMs.length, p50: ms(percentile(submitMs, 50)), p95: ms(percentile(submitMs, 95)), p99: ms(percentile(submitMs, 99)) },
          // CPU milliseconds per judgment (one claim + one submit) by process, over the load phase.
          cpuMsPerJudgment: Object.fromEntries(Object.entries(cpu1).map(([k, v]) => [k, +(((v - cpu0[k as keyof typeof cpu0]) * 1000) / stored).toFixed(2)])),
          invariants: { pairsNotExactlyThreeDistinctExperts: invariant[0].bad, duplicateJudgments: stored - accepted.length, lostSubmits: lost },
    };
  } finally {
    await server.stop();
    await closeDb(db);
    if (statsDb !== db) await closeDb(statsDb);
    await pg.stop();
  }
}

/** Usage: npm run bench:judging [-- EXPERTS PAIRS] [--baseline]: with --baseline, a second run through Next.js's route handlers. */
async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const experts = Number(args[0] ?? 200);
  const pairs = Number(args[1] ?? 3000);
  const fast = await run(experts, pairs, true);
  console.log(JSON.stringify(fast, null, 2));
  if (!process.argv.includes("--baseline")) return;
  const next = await run(experts, pairs, false);
  console.log(JSON.stringify(next, null, 2));
  const ratio = (a: number, b: number) => +(a / b).toFixed(1);
  console.log(
    JSON.stringify({
      sameRun: "fast path vs Next.js route handlers",
      throughput: ratio(fast.judgmentsPerSecond, next.judgmentsPerSecond),
      claimP95Faster: ratio(next.claim.p95, fast.claim.p95),
      submitP95Faster: ratio(next.submit.p95, fast.submit.p95),
      serverCpuPerJudgmentLess: ratio(next.cpuMsPerJudgment.server, fast.cpuMsPerJudgment.server),
    }),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
