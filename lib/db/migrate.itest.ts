import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { connect, listMigrations, migrate, MigrationError } from "./migrate";
import { createTestDatabase, type TestDatabase } from "./testing";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase({ migrate: false });
});
after(async () => t.drop());

async function tables(url: string): Promise<string[]> {
  const c = await connect(url);
  const r = await c.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  await c.end();
  return r.rows.map((x) => x.table_name);
}

test("migrations apply to an empty database, then again as a no-op", async () => {
  const all = listMigrations(path.resolve("prisma/migrations"));
  assert.ok(all.length >= 1);
  const first = await migrate(t.url);
  assert.deepEqual(first.applied, all.map((m) => m.name));
  for (const table of ["User", "Destination", "Pair", "Assignment", "Judgment", "DslVersion", "AuditEvent", "_prisma_migrations"]) {
    assert.ok((await tables(t.url)).includes(table), table);
  }
  const again = await migrate(t.url);
  assert.deepEqual(again.applied, []);
  assert.equal(again.alreadyApplied, all.length);
  // Recorded the way Prisma records them: checksum = sha256 of migration.sql.
  const c = await connect(t.url);
  const rows = await c.query("SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name");
  await c.end();
  assert.deepEqual(rows.rows.map((r) => [r.migration_name, r.checksum]), all.map((m) => [m.name, m.checksum]));
});

test("a failing migration leaves nothing half-applied and is reported", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-mig-"));
  cpSync(path.resolve("prisma/migrations"), dir, { recursive: true });
  mkdirSync(path.join(dir, "99990101000000_broken"));
  writeFileSync(path.join(dir, "99990101000000_broken", "migration.sql"), `CREATE TABLE "HalfDone" (id int);\nINSERT INTO "NoSuchTable" VALUES (1);\n`);
  await assert.rejects(migrate(t.url, dir), (e: unknown) => e instanceof MigrationError && /99990101000000_broken/.test(e.message) && /NoSuchTable/.test(e.message));
  assert.ok(!(await tables(t.url)).includes("HalfDone"));
  const c = await connect(t.url);
  const r = await c.query("SELECT 1 FROM _prisma_migrations WHERE migration_name = '99990101000000_broken'");
  await c.end();
  assert.equal(r.rowCount, 0);
});

test("an unreachable or malformed DATABASE_URL gets a clear message", async () => {
  await assert.rejects(migrate("postgresql://u:p@127.0.0.1:1/none"), /Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none.*DATABASE_URL/);
  await assert.rejects(migrate("not a url"), /DATABASE_URL is not a valid URL/);
});
