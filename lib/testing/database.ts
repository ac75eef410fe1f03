/**
 * Integration-test databases: a fresh database per test file on a real PostgreSQL server —
 * the server behind DATABASE_URL when set (CI runs this against Debian's PostgreSQL), else
 * the embedded one (started once by the test runner, or here on demand).
 */
import path from "node:path";
import { connect, migrate, closeDb, createDb, type Db, startEmbeddedPostgres } from "../platform/db";
import type { JudgingSettings } from "../judging";
import { claimNext, submitJudgment } from "../judging/store";
import type { SessionUser } from "../accounts/store";

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/** The embedded test server's port; TEST_PG_PORT moves it (two checkouts testing at once on one machine). */
export const TEST_PG_PORT = Number(process.env.TEST_PG_PORT ?? 54339);

async function serverUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = process.env.DATABASE_URL || process.env.TRIPJUDGE_TEST_PG_URL;
  if (given) return { url: given, stop: async () => {} };
  const pg = await startEmbeddedPostgres({ dataDir: ".data/test-postgres", port: TEST_PG_PORT, database: "postgres" });
  // Tests create and drop a database each: they connect as the server's superuser.
  return { url: pg.adminUrl!, stop: pg.stop };
}

export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const server = await serverUrl();
  const name = `tj_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await connect(server.url);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(server.url);
  u.pathname = `/${name}`;
  const url = u.toString();
  if (opts.migrate !== false) await migrate(url, path.resolve("prisma/migrations"));
  const db = createDb(url);
  return {
    url,
    db,
    async drop() {
      await closeDb(db);
      const c = await connect(server.url);
      try {
        // An autovacuum worker in the database (after a big rolled-back import, say) is a backend a role that is
        // not a superuser may not terminate (42501 on a real PostgreSQL): it finishes or yields within moments.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            break;
          } catch (e) {
            if ((e as { code?: string }).code !== "42501" || attempt >= 40) throw e;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
        await server.stop();
      }
    },
  };
}

/** The session of a user made for a test (session version 0, as a new account has). */
export const asSessionUser = (id: string, role: "EXPERT" | "ADMIN" = "EXPERT"): SessionUser => ({
  id,
  email: `${id}@t.test`,
  name: id,
  role,
  sessionVersion: 0,
});

/** An expert with the named destinations (familiarity 3), for tests. */
export async function createTestExpert(db: Db, email: string, destinations: string[]): Promise<string> {
  const u = await db.user.create({ data: { email, name: email, role: "EXPERT" } });
  for (const name of destinations) {
    const d = await db.destination.findFirstOrThrow({ where: { name } });
    await db.expertDestination.create({ data: { userId: u.id, destinationId: d.id, familiarity: 3 } });
  }
  return u.id;
}

/**
 * The expert judges the next pair of their queue (verdict: the left plan) and gets its plan A: experts correct only
 * plans of pairs they judged, so correction tests start here.
 */
export async function judgedPlanOf(db: Db, userId: string, settings: JudgingSettings): Promise<string> {
  const claim = await claimNext(db, userId, settings);
  if (!claim) throw new Error("no pair to judge");
  await submitJudgment(
    db,
    userId,
    {
      assignmentId: claim.assignmentId,
      choice: "left",
      rationale: "judged first",
      timeOnTaskMs: 60_000,
      clientRequestId: `judged-first-${claim.assignmentId}`,
    },
    settings,
  );
  return (await db.pair.findUniqueOrThrow({ where: { id: claim.pairId } })).planAId;
}

/**
 * The experts take turns claiming and judging until none gets a pair; `pick` chooses each verdict
 * (by pair and the expert's place in the list). Returns how many judgments were submitted.
 */
export async function judgeUntilDone(
  db: Db,
  experts: readonly string[],
  /** `leftPlanId`: the plan the expert sees on the left (sides are drawn at random at each claim). */
  pick: (pairId: string, expert: number, leftPlanId: string) => "left" | "right" | "neither",
  settings: JudgingSettings,
  requestPrefix: string,
): Promise<number> {
  let n = 0;
  for (;;) {
    let progressed = false;
    for (const [i, u] of experts.entries()) {
      const c = await claimNext(db, u, settings);
      if (!c) continue;
      await submitJudgment(
        db,
        u,
        {
          assignmentId: c.assignmentId,
          choice: pick(c.pairId, i, c.view.leftPlanId),
          rationale: "r",
          timeOnTaskMs: 1,
          clientRequestId: `${requestPrefix}-${++n}`,
        },
        settings,
      );
      progressed = true;
    }
    if (!progressed) return n;
  }
}
