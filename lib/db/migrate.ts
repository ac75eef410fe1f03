/**
 * Applies prisma/migrations/<name>/migration.sql in name order, recording them in Prisma's own
 * `_prisma_migrations` table (same columns, checksum = sha256 of the file) so that the official
 * `prisma migrate deploy` sees the same history. Each migration runs as one script inside one
 * transaction: a failing migration leaves nothing behind. An advisory lock serializes runners.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

const LOCK_ID = 72707; // arbitrary, constant: one migration runner at a time per database

export class MigrationError extends Error {
  constructor(
    public migration: string,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Connects, turning driver errors into a message that says what to check. */
export async function connect(databaseUrl: string): Promise<pg.Client> {
  let where = "the configured server";
  try {
    const u = new URL(databaseUrl);
    where = `${u.hostname}:${u.port || 5432}/${u.pathname.slice(1)}`;
  } catch {
    throw new Error("DATABASE_URL is not a valid URL (expected postgresql://user:password@host:port/database).");
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    return client;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`Cannot connect to PostgreSQL at ${where}: ${reason}. Is the server running, and is DATABASE_URL right?`);
  }
}

/**
 * Checksums of earlier versions of migrations that were edited after release, each accepted only because a
 * later migration replaces everything that version made (see that migration's header).
 */
const SUPERSEDED: Record<string, string[]> = {
  // Replaced by 20261123010000_judging_functions_replayable.
  "20261122080000_judging_functions": [
    "fe1617fd4daf022fd9463068945285d5c59a73fe3ddc396629be1f53307380c7",
    "2ecd4eb86fb87d9ead41e854d83b2d8cf1a062c6e90142ad82cc8902f288aecd",
  ],
};

/** An applied migration whose file changed since: the database and the code no longer agree on the schema. */
export class ChangedMigrationError extends Error {
  constructor(readonly migration: string, applied: string, now: string) {
    super(`Migration ${migration} was changed after it was applied to this database (checksum ${applied.slice(0, 12)}… then, ${now.slice(0, 12)}… now). Put the file back as it was applied and make the change in a new migration (npm run db:diff -- <name>).`);
  }
}

export function listMigrations(dir: string): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(databaseUrl: string, dir = path.resolve("prisma/migrations")): Promise<MigrationResult> {
  const client = await connect(databaseUrl);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const appliedNames = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const result: MigrationResult = { applied: [], alreadyApplied: 0 };
    for (const m of listMigrations(dir)) {
      const previous = appliedNames.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum && !SUPERSEDED[m.name]?.includes(previous)) throw new ChangedMigrationError(m.name, previous, m.checksum);
        result.alreadyApplied++;
        continue;
      }
      try {
        await client.query("BEGIN");
        // Sent whole (not split on ';') so functions and strings in migrations stay intact.
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
        result.applied.push(m.name);
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw new MigrationError(m.name, e);
      }
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
