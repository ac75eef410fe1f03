/**
 * Admin pages at scale: a judging history of about JUDGMENTS judgments (default 1,000,000; complete pairs by 40
 * experts, lib/testing/history.ts: adaptive raters on, so 2 pairs in 7 stopped at two judgments and the others have
 * three; two uploaded judges with a verdict on every pair; gold pairs made from 2,000 plans, every expert's answers
 * to a tenth of them, qualification sets, and experts still qualifying), then every admin API read and admin page
 * timed against the production server (5 loads each after one warm-up; p50 and max, response size). The history's
 * rationales and requests carry English and Chinese text (seedHistory's `texts`), and the pair browser's API and page
 * are timed too (BROWSER_CALLS): the first page, filtered pages, searches in English and Chinese (a common phrase,
 * read by a walk along the pairs, and a rare one, read as the set of its matches), a page deep in the list by key,
 * the counts, and a pair's page (API and page). The review queue is timed too (REVIEW: POST /api/review/next, the admin reviewing every destination
 * at the default 10 % sample), fresh and after the oldest REVIEWED_BEFORE judgments of the sample were accepted: it
 * walks the judgments oldest first past the reviewed ones (decision 021).
 * Usage: npm run bench:admin [-- JUDGMENTS] [--dimensions] [--heavy] [--reuse] (--reuse: time again on the history
 * the last run seeded, if it has JUDGMENTS judgments within 1 %, instead of seeding one — a million takes ~20 min; --dimensions: the history's dataset asks five
 * dimensions and strength, and the dimension pages' reads are timed too; --heavy: the heavy reads of decision 017 are
 * timed too — their first load computes in the admin process, the reloads share it — with the admin process's peak
 * RSS)
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { hashPassword } from "../lib/accounts";
import { closeDb, connect, createDb } from "../lib/platform/db";
import { encodePairCursor } from "../lib/review";
import {
  acceptOldestInSample,
  forgetBenchReviews,
  seedHistory,
  seedJudgeVerdicts,
  seedQualityControl,
} from "../lib/testing/history";
import { DEFAULT_DIMENSIONS } from "../lib/results/dimensions";
import { freshDatabase, keptDatabase, percentile, signIn, startServer } from "./server";

const CALLS = [
  "/api/admin/analytics?minShared=5",
  "/api/admin/adjudication?limit=20",
  "/api/admin/overview",
  "/api/admin/users",
  "/api/admin/destinations",
  "/api/admin/jobs",
  "/api/admin/fits",
  "/api/admin/exports/training-pairs/card",
  "/api/admin/exports/labelled-pairs/card",
  "/api/admin/exports/judgments/card",
  "/api/admin/exports/annotations/card",
  "/admin",
  "/admin/analytics",
  "/admin/assign",
  "/admin/import",
  "/admin/queries",
  "/admin/weights",
  "/admin/leaderboard",
];

/** With --dimensions: the pages' reads that the dimensions add (heavy ones shared by reloads, decision 017). */
const DIMENSION_CALLS = [
  "/api/admin/dimensions",
  "/api/admin/leaderboard?dimension=route&bootstrap=200",
  "/api/admin/leaderboard?bootstrap=200",
];

/** With --heavy: the reads computed in the admin process (decision 017); EXPERT is the history's first expert. */
const HEAVY_CALLS = [
  "/api/admin/quality",
  "/api/admin/quality/experts/EXPERT/judgments",
  "/api/admin/judges",
  "/api/admin/leaderboard?style=1&bootstrap=1000",
  "/api/admin/exports/training-pairs/card",
  "/api/admin/exports/training-pairs",
];

/**
 * The pair browser's reads (issue 46); DEEP is a cursor 100 pairs before the end of the list, newest first; PAIR a
 * pair with three judgments and the judges' verdicts, near the middle of the history.
 */
const pairs = (q: Record<string, string>, path = "/api/admin/pairs") => `${path}?${new URLSearchParams(q)}`;
const BROWSER_CALLS = [
  "/api/admin/pairs",
  pairs({ status: "complete", agreement: "split" }),
  pairs({ expert: "hu7", judge: "judge-x", judge_vs: "disagrees" }),
  pairs({ q: "opening hours" }),
  pairs({ q: "ferry pier" }),
  pairs({ q: "开放时间" }),
  pairs({ q: "酒店", in: "rationales" }),
  pairs({ q: "冬天渡口关闭" }),
  pairs({ q: "博物馆", in: "request" }),
  pairs({ sort: "judgments", dir: "asc" }),
  pairs({ after: "DEEP" }),
  pairs({}, "/api/admin/pairs/count"),
  pairs({ q: "opening hours" }, "/api/admin/pairs/count"),
  pairs({ q: "开放时间" }, "/api/admin/pairs/count"),
  pairs({ status: "complete", agreement: "split" }, "/api/admin/pairs/count"),
  "/admin/pairs",
  pairs({ q: "开放时间", cols: "request,verdicts,agreement,label,rationale" }, "/admin/pairs"),
  pairs({ q: "opening hours", agreement: "majority" }, "/admin/pairs"),
  pairs({ after: "DEEP" }, "/admin/pairs"),
  // A pair's page: its plans, every judgment, the judges' verdicts, the label and the history.
  "/api/admin/pairs/PAIR",
  "/admin/pairs/PAIR",
];

/** How many of the sample's oldest judgments are accepted before the queue is timed a second time. */
const REVIEWED_BEFORE = 50_000;

/** Times POST /api/review/next (claims, so each call first gives back the claim it made: exclude nothing new). */
async function reviewNext(base: string, cookie: string): Promise<{ status: number; ms: number[] }> {
  const ms: number[] = [];
  let status = 0;
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/review/next`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ exclude: [] }),
    });
    await res.arrayBuffer();
    status = res.status;
    if (i > 0) ms.push(performance.now() - t);
  }
  return { status, ms: ms.sort((a, b) => a - b) };
}

/** A GET without a time limit (fetch gives up on headers after 300 s; a heavy first load may take longer). */
function get(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { cookie } }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The admin processes' peak resident memory (MiB): Node processes running lib/platform/offload/process.ts. */
function adminProcessPeakRssMiB(): number {
  let peak = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("offload/process.ts")) continue;
      const kB = Number(/VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      peak = Math.max(peak, kB / 1024);
    } catch {
      /* exited meanwhile */
    }
  }
  return Math.round(peak);
}

async function main() {
  const judgments = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 1_000_000);
  const withDimensions = process.argv.includes("--dimensions");
  const heavy = process.argv.includes("--heavy");
  const reuse = process.argv.includes("--reuse");
  const pg = reuse ? await keptDatabase("admin", 54393) : await freshDatabase("admin", 54393);
  const db = createDb(pg.url);
  const t0 = performance.now();
  // Adaptive raters stop 2 pairs in 7 at two judgments (lib/testing/history.ts): 19 judgments per 7 pairs.
  const pairCount = Math.ceil((judgments * 7) / 19);
  if (reuse) {
    const kept = await db.judgment.count();
    if (Math.abs(kept - judgments) > judgments / 100)
      throw new Error(`--reuse: the kept history has ${kept} judgments, not about ${judgments}; run without --reuse`);
    // What the last run's review timing left: its accepts and claims.
    await forgetBenchReviews(db);
  } else {
    await seedHistory(db, pairCount, {
      experts: 40,
      adaptive: true,
      texts: true,
      ...(withDimensions ? { dimensions: DEFAULT_DIMENSIONS.slice(0, 5) } : {}),
    });
    await seedJudgeVerdicts(db, pairCount);
    const quality = await seedQualityControl(db, { goldPlans: 2000 });
    console.error(`seeded: ${JSON.stringify({ pairs: pairCount, ...quality })}`);
  }
  const seeded = {
    pairs: await db.pair.count(),
    judgments: await db.judgment.count(),
    twoRaterPairs: await db.pair.count({ where: { requiredRaters: 2 } }),
  };
  console.error(`${reuse ? "kept" : "seeded"}: ${JSON.stringify(seeded)}`);
  const setupSeconds = (performance.now() - t0) / 1000;
  const admin = await db.user.upsert({
    where: { email: "admin@bench.test" },
    update: {},
    create: {
      email: "admin@bench.test",
      name: "Bench admin",
      role: "ADMIN",
      passwordHash: await hashPassword("bench-password-1"),
    },
  });
  const server = await startServer(pg.url, 3410);
  try {
    const cookie = await signIn(server.url, "admin@bench.test", "bench-password-1");
    const rows: Record<string, { status: number; firstMs: number; p50Ms: number; maxMs: number; kB: number }> = {};
    const deep = await deepCursor(pg.url);
    const pair = await judgedPair(pg.url);
    const routes = [
      ...CALLS,
      ...BROWSER_CALLS,
      ...(withDimensions ? DIMENSION_CALLS : []),
      ...(heavy ? HEAVY_CALLS : []),
    ].map((r) => r.replace("EXPERT", "hu1").replace("DEEP", deep).replace("PAIR", pair));
    for (const route of routes) {
      const times: number[] = [];
      let status = 0;
      let bytes = 0;
      let first = 0;
      for (let i = 0; i < 6; i++) {
        const t = performance.now();
        ({ status, bytes } = await get(`${server.url}${route}`, cookie));
        if (i > 0) times.push(performance.now() - t);
        else first = performance.now() - t;
      }
      times.sort((a, b) => a - b);
      // As it goes: a heavy read at a million judgments can take minutes.
      console.error(
        `${route}: ${status}, first ${Math.round(first)} ms, reloads up to ${Math.round(times.at(-1)!)} ms`,
      );
      rows[route] = {
        status,
        // The first load computes what reloads then share (the heavy figures); p50 and max are of the reloads.
        firstMs: +first.toFixed(1),
        p50Ms: +percentile(times, 50).toFixed(1),
        maxMs: +times[times.length - 1].toFixed(1),
        kB: +(bytes / 1024).toFixed(1),
      };
    }
    // The review queue, fresh and after REVIEWED_BEFORE of its oldest judgments were accepted.
    const review: Record<string, { status: number; p50Ms: number; maxMs: number }> = {};
    for (const phase of ["fresh", "after accepting"] as const) {
      if (phase !== "fresh") await acceptOldestInSample(db, admin.id, REVIEWED_BEFORE, 0.1);
      const { status, ms } = await reviewNext(server.url, cookie);
      review[`POST /api/review/next (${phase === "fresh" ? "fresh" : `${REVIEWED_BEFORE} accepted`})`] = {
        status,
        p50Ms: +percentile(ms, 50).toFixed(1),
        maxMs: +ms[ms.length - 1].toFixed(1),
      };
    }
    console.table(rows);
    console.table(review);
    const slowest = Math.max(...Object.values(rows).map((r) => r.maxMs));
    const browser = Object.entries(rows).filter(([route]) => route.includes("/pairs"));
    console.log(
      JSON.stringify(
        {
          judgments: await db.judgment.count(),
          setupSeconds: +setupSeconds.toFixed(1),
          // Reloads (what an admin waits for after the first computation, which the heavy figures store).
          slowestReloadMs: slowest,
          allReloadsUnder1s: slowest < 1000,
          // The pair browser's reads: the slowest load, first or reload (a search is never stored).
          browserSlowestMs: Math.max(...browser.map(([, r]) => Math.max(r.firstMs, r.maxMs))),
          // First loads over a second: the heavy figures computing (with --heavy), never a plain read.
          firstLoadsOver1s: Object.entries(rows)
            .filter(([, r]) => r.firstMs >= 1000)
            .map(([route, r]) => `${route} ${Math.round(r.firstMs)} ms`),
          allOk: Object.values(rows).every((r) => r.status === 200),
          reviewQueueSlowestMs: Math.max(...Object.values(review).map((r) => r.maxMs)),
          reviewQueueOk: Object.values(review).every((r) => r.status === 200),
          ...(heavy ? { adminProcessPeakRssMiB: adminProcessPeakRssMiB() } : {}),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await closeDb(db);
    await pg.stop();
  }
}

/** The cursor of the pair 100 before the end of the browser's default order (newest first), as its links write it. */
async function deepCursor(url: string): Promise<string> {
  const c = await connect(url);
  try {
    const { rows } = await c.query<{ value: string; id: string }>(
      `SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS value, id FROM "Pair"
        ORDER BY "createdAt" DESC, id DESC OFFSET (SELECT count(*) - 100 FROM "Pair") LIMIT 1`,
    );
    return encodePairCursor({ sort: "created", dir: "desc", ...rows[0] });
  } finally {
    await c.end();
  }
}

async function judgedPair(url: string): Promise<string> {
  const c = await connect(url);
  try {
    const { rows } = await c.query<{ id: string }>(
      `SELECT p.id FROM "Pair" p WHERE p."submittedCount" = 3 AND EXISTS (SELECT 1 FROM "JudgeVerdict" v WHERE v."pairId" = p.id)
        ORDER BY p.id OFFSET 1000 LIMIT 1`,
    );
    return encodeURIComponent(rows[0].id);
  } finally {
    await c.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
