/**
 * Load benchmark of the judging API: 200 concurrent simulated experts claim, wait briefly and
 * submit against the production server until 3,000 pairs have 3 judgments each. Reports claim
 * and submit latency (p50/p95/p99) and judgments per second, then checks the invariants.
 * Usage: npm run bench:judging [-- EXPERTS PAIRS]
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { hashPassword } from "../lib/auth/password";
import { closeDb, createDb } from "../lib/db/client";
import { importBundle } from "../lib/db/imports";
import { readBundleFromPath } from "../lib/importers/fs";
import { generateBundle } from "./generate-bundle";
import { freshDatabase, percentile, signIn, startServer } from "./server";

/** How long a simulated expert "reads" a pair between claim and submit (ms); BENCH_THINK_MS=lo,hi. */
const THINK_MS = (process.env.BENCH_THINK_MS ?? "250,750").split(",").map(Number);

async function main() {
  const experts = Number(process.argv[2] ?? 200);
  const pairsWanted = Number(process.argv[3] ?? 3000);
  const pg = await freshDatabase("judging", 54381);
  const db = createDb(pg.url);
  // 4 plans per query → 6 pairs per query.
  const dir = path.resolve(".data/bench/judging-bundle");
  await generateBundle(dir, Math.ceil(pairsWanted / 6) * 4, 11);
  const imported = await importBundle(db, readBundleFromPath(dir));
  if (!imported.ok) throw new Error(imported.message);
  const dest = await db.destination.findFirstOrThrow({ where: { name: "Benchville" } });
  const hash = await hashPassword("bench-password-1");
  const emails = Array.from({ length: experts }, (_, i) => `expert${i}@bench.test`);
  for (const email of emails) {
    const u = await db.user.create({ data: { email, name: email, role: "EXPERT", passwordHash: hash } });
    await db.expertDestination.create({ data: { userId: u.id, destinationId: dest.id, familiarity: 3 } });
  }
  await db.setting.create({ data: { key: "judging", value: { leaseMinutes: 30, rationaleMinLength: 10, queueOrder: "completion", maxClaimsPerExpert: 2 } } });
  const server = await startServer(pg.url, 3400);
  try {
    const cookies: string[] = [];
    for (let i = 0; i < emails.length; i += 20) cookies.push(...(await Promise.all(emails.slice(i, i + 20).map((e) => signIn(server.url, e, "bench-password-1")))));
    const claimMs: number[] = [];
    const submitMs: number[] = [];
    const accepted: string[] = [];
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        for (;;) {
          let t = performance.now();
          const res = await fetch(`${server.url}/api/judge/next`, { headers: { cookie } });
          const body = (await res.json()) as { assignment: { assignmentId: string } | null };
          claimMs.push(performance.now() - t);
          if (!res.ok) {
            errors++;
            continue;
          }
          if (!body.assignment) return;
          await new Promise((r) => setTimeout(r, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]))); // reading, briefly
          const requestId = randomUUID();
          t = performance.now();
          const sub = await fetch(`${server.url}/api/judge/${body.assignment.assignmentId}/submit`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: JSON.stringify({ choice: ["left", "right", "neither"][Math.floor(Math.random() * 3)], rationale: "bench rationale text", timeOnTaskMs: 1000, clientRequestId: requestId }),
          });
          submitMs.push(performance.now() - t);
          if (sub.ok) accepted.push(requestId);
          else errors++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    claimMs.sort((a, b) => a - b);
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
    console.log(
      JSON.stringify(
        {
          experts, pairs, thinkMs: THINK_MS, judgments: stored, seconds: +seconds.toFixed(1), judgmentsPerSecond: +(stored / seconds).toFixed(1), httpErrors: errors,
          claim: { n: claimMs.length, p50: ms(percentile(claimMs, 50)), p95: ms(percentile(claimMs, 95)), p99: ms(percentile(claimMs, 99)) },
          submit: { n: submitMs.length, p50: ms(percentile(submitMs, 50)), p95: ms(percentile(submitMs, 95)), p99: ms(percentile(submitMs, 99)) },
          invariants: { pairsNotExactlyThreeDistinctExperts: invariant[0].bad, duplicateJudgments: stored - accepted.length, lostSubmits: lost },
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
