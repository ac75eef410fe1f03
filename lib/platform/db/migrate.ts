/**
 * Applies prisma/migrations/<name>/migration.sql in name order, recording them in Prisma's own
 * `_prisma_migrations` table (same columns, checksum = sha256 of the file) so that the official
 * `prisma migrate deploy` sees the same history. Each migration runs as one script inside one
 * transaction: a failing migration leaves nothing behind. An advisory lock serializes runners.
 *
 * Then the repeatable part (as Flyway's repeatable migrations): prisma/functions/<name>.sql holds the
 * current text of each database function, one file each, applied whenever its checksum differs from the
 * one recorded in `_tripjudge_functions` — after the versioned migrations (which create tables and move
 * data), all changed files in one transaction (docs/decisions/003).
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
  /** Function files (prisma/functions) applied because they were new or changed. */
  functions: string[];
}

const LOCK_ID = 72707; // arbitrary, constant: one migration runner at a time per database

export class MigrationError extends Error {
  constructor(
    public migration: string,
    cause: unknown,
  ) {
    super(
      `Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
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
    throw new Error(
      `Cannot connect to PostgreSQL at ${where}: ${reason}. Is the server running, and is DATABASE_URL right?`,
    );
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
  // Its first release (b85297b) differed only in function bodies, which prisma/functions now replaces; the
  // tallies it kept are rebuilt once (AFTER_SUPERSEDED).
  "20261123083053_analytics_tallies": ["66b03f5f99f065c3b6768f0548a8c4cdabe889186cb8d26773ac4397105caacd"],
};

/** What a database that applied a superseded version needs once the current functions are in place. */
const AFTER_SUPERSEDED: Record<string, string> = {
  "20261123083053_analytics_tallies": "SELECT tj_rebuild_tallies()",
};

/** An applied migration whose file changed since: the database and the code no longer agree on the schema. */
export class ChangedMigrationError extends Error {
  constructor(
    readonly migration: string,
    applied: string,
    now: string,
  ) {
    super(
      `Migration ${migration} was changed after it was applied to this database (checksum ${applied.slice(0, 12)}… then, ${now.slice(0, 12)}… now). Put the file back as it was applied and make the change in a new migration (npm run db:diff -- <name>).`,
    );
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

/** The function files of prisma/functions (or `dir`), in name order, with their checksums. */
export function listFunctions(dir: string): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => {
      const sql = readFileSync(path.join(dir, f), "utf8");
      return { name: f.replace(/\.sql$/, ""), sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * `dir`: the versioned migrations; `functionsDir`: the function files beside them (prisma/functions for
 * prisma/migrations; none for a folder without one, as the tests' partial histories are).
 */
export async function migrate(
  databaseUrl: string,
  dir = path.resolve("prisma/migrations"),
  functionsDir = path.join(path.dirname(dir), "functions"),
): Promise<MigrationResult> {
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
    const result: MigrationResult = { applied: [], alreadyApplied: 0, functions: [] };
    const afterFunctions: { name: string; checksum: string }[] = [];
    for (const m of listMigrations(dir)) {
      const previous = appliedNames.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          if (!SUPERSEDED[m.name]?.includes(previous)) throw new ChangedMigrationError(m.name, previous, m.checksum);
          if (AFTER_SUPERSEDED[m.name]) afterFunctions.push({ name: m.name, checksum: m.checksum });
        }
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
    result.functions = await applyFunctions(client, functionsDir, afterFunctions);
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/**
 * Applies the function files whose checksum changed (or that are new), in one transaction; then, once, what a
 * superseded migration version needs (its checksum is recorded as the current one afterwards).
 */
async function applyFunctions(
  client: pg.Client,
  dir: string,
  superseded: { name: string; checksum: string }[],
): Promise<string[]> {
  const files = listFunctions(dir);
  if (!files.length && !superseded.length) return [];
  await client.query(
    `CREATE TABLE IF NOT EXISTS "_tripjudge_functions" (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const known = new Map(
    (
      await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "_tripjudge_functions"`)
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const changed = files.filter((f) => known.get(f.name) !== f.checksum);
  if (!changed.length && !superseded.length) return [];
  let current = "";
  try {
    await client.query("BEGIN");
    // SQL-language bodies are checked when created; one may call a function a later file defines.
    await client.query("SET LOCAL check_function_bodies = off");
    for (const f of changed) {
      current = f.name;
      await client.query(f.sql);
      await client.query(
        `INSERT INTO "_tripjudge_functions" (name, checksum) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET checksum = $2, applied_at = now()`,
        [f.name, f.checksum],
      );
    }
    for (const m of superseded) {
      current = m.name;
      await client.query(AFTER_SUPERSEDED[m.name]);
      await client.query(`UPDATE "_prisma_migrations" SET checksum = $2 WHERE migration_name = $1`, [
        m.name,
        m.checksum,
      ]);
    }
    await client.query("COMMIT");
    return changed.map((f) => f.name);
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw new MigrationError(`functions/${current}`, e);
  }
}
