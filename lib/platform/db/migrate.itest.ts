import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { ChangedMigrationError, connect, listFunctions, listMigrations, migrate, MigrationError } from "./migrate";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase({ migrate: false });
});
after(async () => t.drop());

async function tables(url: string): Promise<string[]> {
  const c = await connect(url);
  const r = await c.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  await c.end();
  return r.rows.map((x) => x.table_name);
}

/**
 * Functions an index is built on (decision 022): defined in the migration that builds the index, and changed only by a
 * migration that rebuilds it, so they have no file in prisma/functions (applied after the migrations, too late for
 * the index, and free to change without a rebuild).
 */
const INDEX_FUNCTIONS = ["tj_search_vector"];

test("migrations apply to an empty database, then again as a no-op", async () => {
  const all = listMigrations(path.resolve("prisma/migrations"));
  assert.ok(all.length >= 1);
  const first = await migrate(t.url);
  assert.deepEqual(
    first.applied,
    all.map((m) => m.name),
  );
  for (const table of [
    "User",
    "Destination",
    "Pair",
    "Assignment",
    "Judgment",
    "DslVersion",
    "AuditEvent",
    "_prisma_migrations",
  ]) {
    assert.ok((await tables(t.url)).includes(table), table);
  }
  const again = await migrate(t.url);
  assert.deepEqual(again.applied, []);
  assert.equal(again.alreadyApplied, all.length);
  // Recorded the way Prisma records them: checksum = sha256 of migration.sql.
  const c = await connect(t.url);
  const rows = await c.query(
    "SELECT migration_name, checksum, finished_at FROM _prisma_migrations ORDER BY migration_name",
  );
  await c.end();
  assert.deepEqual(
    rows.rows.map((r) => [r.migration_name, r.checksum]),
    all.map((m) => [m.name, m.checksum]),
  );
});

test("a failing migration leaves nothing half-applied and is reported", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-mig-"));
  cpSync(path.resolve("prisma/migrations"), dir, { recursive: true });
  mkdirSync(path.join(dir, "99990101000000_broken"));
  writeFileSync(
    path.join(dir, "99990101000000_broken", "migration.sql"),
    `CREATE TABLE "HalfDone" (id int);\nINSERT INTO "NoSuchTable" VALUES (1);\n`,
  );
  await assert.rejects(
    migrate(t.url, dir),
    (e: unknown) =>
      e instanceof MigrationError && /99990101000000_broken/.test(e.message) && /NoSuchTable/.test(e.message),
  );
  assert.ok(!(await tables(t.url)).includes("HalfDone"));
  const c = await connect(t.url);
  const r = await c.query("SELECT 1 FROM _prisma_migrations WHERE migration_name = '99990101000000_broken'");
  await c.end();
  assert.equal(r.rowCount, 0);
});

test("an unreachable or malformed DATABASE_URL gets a clear message", async () => {
  await assert.rejects(
    migrate("postgresql://u:p@127.0.0.1:1/none"),
    /Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none.*DATABASE_URL/,
  );
  await assert.rejects(migrate("not a url"), /DATABASE_URL is not a valid URL/);
});

test("a database migrated with an older judging_functions (no tj_move_assignment) is brought level by the replayable migration", async () => {
  // A second database on the same server.
  const name = `tj_old_${process.pid}`;
  const admin = await connect(t.url);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(t.url);
  url.pathname = `/${name}`;
  const old = {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
  try {
    // The history as an early machine had it: the migrations up to judging_functions, in its first released
    // version (commit d4b8d15, kept in fixtures/), which lacked tj_move_assignment.
    const dir = mkdtempSync(path.join(tmpdir(), "tj-old-migrations-"));
    for (const m of listMigrations(path.resolve("prisma/migrations"))) {
      if (m.name > "20261122080000_judging_functions") continue;
      mkdirSync(path.join(dir, m.name));
      const sql =
        m.name === "20261122080000_judging_functions"
          ? readFileSync(path.resolve("lib/platform/db/fixtures/judging_functions-d4b8d15.sql"), "utf8")
          : m.sql;
      writeFileSync(path.join(dir, m.name, "migration.sql"), sql);
    }
    await migrate(old.url, dir);
    const has = async (fn: string) => {
      const c = await connect(old.url);
      const r = await c.query("SELECT count(*)::int AS n FROM pg_proc WHERE proname = $1", [fn]);
      await c.end();
      return r.rows[0].n as number;
    };
    assert.equal(await has("tj_move_assignment"), 0);
    const r = await migrate(old.url);
    assert.ok(r.applied.includes("20261123010000_judging_functions_replayable"), JSON.stringify(r));
    assert.equal(await has("tj_move_assignment"), 1);
    assert.equal(await has("tj_claim"), 1, "the old tj_claim is gone, not left as an overload");
  } finally {
    await old.drop();
  }
});

test("an applied migration whose file changed stops start-up with a clear message", async () => {
  const c = await connect(t.url);
  await c.query(
    `UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name = (SELECT min(migration_name) FROM "_prisma_migrations")`,
  );
  await c.end();
  await assert.rejects(
    migrate(t.url),
    (e: unknown) =>
      e instanceof ChangedMigrationError &&
      /was changed after it was applied to this database.*make the change in a new migration/.test(
        (e as Error).message,
      ),
  );
});

/** A new empty database beside the test one, dropped afterwards. */
async function scratchDatabase(tag: string) {
  const name = `tj_${tag}_${process.pid}`;
  const admin = await connect(t.url);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(t.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function functionDefs(url: string): Promise<Record<string, string>> {
  const c = await connect(url);
  const r = await c.query<{ name: string; def: string }>(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name, pg_get_functiondef(p.oid) AS def
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.proname LIKE 'tj\\_%' ORDER BY 1`,
  );
  await c.end();
  return Object.fromEntries(r.rows.map((x) => [x.name, x.def]));
}

test("prisma/functions holds each function in force, one file each: applied after the migrations, and again only when a file changes", async () => {
  const db = await scratchDatabase("fn");
  try {
    // The history alone (no function files), then the files: every function has its file, and the files are
    // what is in force (running them all again changes no definition).
    const historyOnly = await migrate(
      db.url,
      path.resolve("prisma/migrations"),
      path.join(tmpdir(), "tj-no-functions"),
    );
    assert.deepEqual(historyOnly.functions, []);
    const history = Object.keys(await functionDefs(db.url)).map((k) => k.replace(/\(.*$/, ""));
    const files = listFunctions(path.resolve("prisma/functions"));
    const withFiles = await migrate(db.url);
    assert.deepEqual(
      withFiles.functions,
      files.map((f) => f.name),
    );
    const inForce = await functionDefs(db.url);
    const names = [...new Set(Object.keys(inForce).map((k) => k.replace(/\(.*$/, "")))]
      .filter((n) => !INDEX_FUNCTIONS.includes(n))
      .sort();
    assert.deepEqual(
      names,
      files.map((f) => f.name).sort(),
      "one file per function, one function per file (no stale overload)",
    );
    for (const h of history) assert.ok(names.includes(h) || INDEX_FUNCTIONS.includes(h), `${h} has its file`);
    const c = await connect(db.url);
    try {
      for (const f of files) await c.query(f.sql);
    } finally {
      await c.end();
    }
    assert.deepEqual(await functionDefs(db.url), inForce);
    assert.deepEqual((await migrate(db.url)).functions, []);
    // A changed file is applied again, alone.
    const dir = mkdtempSync(path.join(tmpdir(), "tj-functions-"));
    cpSync(path.resolve("prisma/functions"), dir, { recursive: true });
    writeFileSync(
      path.join(dir, "tj_verdict_code.sql"),
      readFileSync(path.join(dir, "tj_verdict_code.sql"), "utf8").replace(
        "SELECT CASE v",
        "SELECT /* changed */ CASE v",
      ),
    );
    const changed = await migrate(db.url, path.resolve("prisma/migrations"), dir);
    assert.deepEqual(changed.functions, ["tj_verdict_code"]);
    assert.match((await functionDefs(db.url))['tj_verdict_code(v "Verdict")'], /changed/);
    // A broken file rolls back every file of its run.
    writeFileSync(
      path.join(dir, "tj_pair_draw.sql"),
      "CREATE OR REPLACE FUNCTION tj_pair_draw(p_id text) RETURNS double precision LANGUAGE plpgsql AS $$ BEGIN RETURN nonsense; END $$; SELECT 1/0;",
    );
    writeFileSync(
      path.join(dir, "tj_verdict_code.sql"),
      readFileSync(path.resolve("prisma/functions/tj_verdict_code.sql"), "utf8"),
    );
    await assert.rejects(
      migrate(db.url, path.resolve("prisma/migrations"), dir),
      (e: unknown) => e instanceof MigrationError && /functions\/tj_pair_draw/.test((e as Error).message),
    );
    assert.match(
      (await functionDefs(db.url))['tj_verdict_code(v "Verdict")'],
      /changed/,
      "nothing of the failed run stays",
    );
  } finally {
    await db.drop();
  }
});

test("a database that applied the first release of analytics_tallies starts: the history is accepted and its tallies rebuilt", async () => {
  const db = await scratchDatabase("tallies");
  try {
    await migrate(db.url);
    const c = await connect(db.url);
    try {
      // As such a database was left: the old checksum, and a tally row of zero pairs (the old triggers kept them).
      await c.query(
        `UPDATE "_prisma_migrations" SET checksum = '66b03f5f99f065c3b6768f0548a8c4cdabe889186cb8d26773ac4397105caacd' WHERE migration_name = '20261123083053_analytics_tallies'`,
      );
      await c.query(
        `INSERT INTO "AgreementTally" ("datasetId", "destinationId", pattern, pairs) VALUES ('ds-old', 'dest-old', 5, 0)`,
      );
      assert.equal((await c.query(`SELECT count(*)::int AS n FROM "AgreementTally" WHERE pairs = 0`)).rows[0].n, 1);
      const r = await migrate(db.url);
      assert.deepEqual(r.applied, []);
      const now = listMigrations(path.resolve("prisma/migrations")).find(
        (m) => m.name === "20261123083053_analytics_tallies",
      )!;
      const rec = await c.query(
        `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = '20261123083053_analytics_tallies'`,
      );
      assert.equal(rec.rows[0].checksum, now.checksum, "recorded as the current version once accepted");
      assert.equal(
        (await c.query(`SELECT count(*)::int AS n FROM "AgreementTally" WHERE pairs = 0`)).rows[0].n,
        0,
        "rebuilt: no zero rows",
      );
    } finally {
      await c.end();
    }
  } finally {
    await db.drop();
  }
});

test("no versioned migration after the move to prisma/functions defines a function (each has one file), bar those an index is built on", () => {
  for (const m of listMigrations(path.resolve("prisma/migrations"))) {
    if (m.name <= "20261123145027_adaptive_raters") continue;
    for (const [, name] of m.sql.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)/gi))
      assert.ok(INDEX_FUNCTIONS.includes(name), `${m.name}: put the function ${name} in prisma/functions/<name>.sql`);
  }
});
