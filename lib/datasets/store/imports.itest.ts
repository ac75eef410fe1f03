import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";
import { encodePlan, parseBundle } from "../importers";
import { itemCount } from "../itinerary/model";
import { planStyle } from "../../results/leaderboard";
import { importBundle } from "./imports";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { poolOf } from "../../platform/db";

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
});
after(async () => t.drop());

async function counts() {
  return {
    datasets: await t.db.dataset.count(),
    pois: await t.db.poi.count(),
    queries: await t.db.query.count(),
    plans: await t.db.plan.count(),
    pairs: await t.db.pair.count(),
    dsl: await t.db.dslVersion.count(),
    destinations: await t.db.destination.count(),
  };
}

test("each example bundle imports; the same content again changes nothing", async () => {
  for (const name of ["tripscore-beijing", "chinatravel-nanjing", "tripcraft-fortwayne"] as const) {
    const r = await importBundle(t.db, exampleBundle(name));
    assert.ok(r.ok && r.created, name);
  }
  const c = await counts();
  assert.deepEqual(c, { datasets: 3, pois: 28, queries: 3, plans: 6, pairs: 3, dsl: 1, destinations: 3 });
  const again = await importBundle(t.db, exampleBundle("chinatravel-nanjing"));
  assert.ok(again.ok && !again.created);
  assert.deepEqual(await counts(), c);
  // Features were computed and stored with the plans.
  const plan = await t.db.plan.findFirstOrThrow({ where: { sourceId: "bj-001-b" } });
  assert.equal((plan.features as Record<string, number>).hotel_consistency, 0.5);
  assert.equal((plan.features as Record<string, number>).unique_attractions, 0.79);
  const dsl = await t.db.dslVersion.findFirstOrThrow();
  assert.equal(dsl.stage, "DRAFT");
  assert.equal((dsl.constraints as unknown[]).length, 5);
  const audit = await t.db.auditEvent.count({ where: { action: "dataset.import" } });
  assert.equal(audit, 3);
});

test("an import leaves the tables the judging calls read with statistics of their rows (not planned as empty)", async () => {
  // A table never analysed has reltuples -1 until autovacuum comes; ANALYZE sets it (exactly, for small tables).
  const { rows } = await poolOf(t.db).query<{ relname: string; reltuples: number; n: number }>(
    `SELECT c.relname, c.reltuples::int AS reltuples,
            (CASE c.relname WHEN 'Query' THEN (SELECT count(*) FROM "Query") WHEN 'Plan' THEN (SELECT count(*) FROM "Plan")
                            ELSE (SELECT count(*) FROM "Pair") END)::int AS n
       FROM pg_class c WHERE c.relname IN ('Query', 'Plan', 'Pair') ORDER BY c.relname`,
  );
  assert.equal(rows.length, 3);
  for (const r of rows) {
    assert.ok(r.n > 0, r.relname);
    assert.equal(r.reltuples, r.n, `${r.relname}: statistics for ${r.reltuples} rows, ${r.n} stored`);
  }
});

test("a half-valid bundle imports nothing and lists its problems", async () => {
  const before = await counts();
  const files = exampleBundle("tripscore-beijing");
  const plans = JSON.parse(fileText(files, "plans.json"));
  plans[0].id = "new-a";
  plans[1].id = "new-b";
  plans[1].plan.dayInfos[0].scheduleDetail[0].period = "Dawn";
  const r = await importBundle(t.db, withFile(files, "plans.json", JSON.stringify(plans)));
  assert.ok(!r.ok);
  assert.deepEqual(
    r.problems.map((p) => `${p.file}:${p.record} ${p.path}`),
    ["plans.json:2 $.plan.dayInfos[0].scheduleDetail[0].period"],
  );
  assert.deepEqual(await counts(), before);
});

test("the same new bundle imported twice at once yields one dataset", async () => {
  const files = exampleBundle("tripscore-beijing");
  const edited = withFile(
    files,
    "manifest.json",
    fileText(files, "manifest.json").replace("TripScore example", "TripScore example (copy)"),
  );
  const before = await counts();
  const results = await Promise.all([importBundle(t.db, edited), importBundle(t.db, edited)]);
  assert.ok(results.every((r) => r.ok));
  assert.equal(results.filter((r) => r.ok && r.created).length, 1);
  const afterCounts = await counts();
  assert.equal(afterCounts.datasets, before.datasets + 1);
  assert.equal(afterCounts.plans, before.plans + 2);
});

test("an import whose last check before commit refuses (a job cancelled meanwhile) keeps nothing, and can run again", async () => {
  const files = exampleBundle("tripcraft-fortwayne");
  const before = { datasets: await t.db.dataset.count(), plans: await t.db.plan.count() };
  let asked = 0;
  await assert.rejects(
    importBundle(
      t.db,
      withFile(
        files,
        "manifest.json",
        fileText(files, "manifest.json").replace(/"name":\s*"[^"]*"/, '"name": "cancel at commit"'),
      ),
      {
        beforeCommit: async () => {
          asked++;
          throw new Error("cancelled");
        },
      },
    ),
    /cancelled/,
  );
  assert.equal(asked, 1);
  assert.deepEqual({ datasets: await t.db.dataset.count(), plans: await t.db.plan.count() }, before);
  assert.equal(await t.db.dataset.count({ where: { name: "cancel at commit" } }), 0);
});

test("plans read on plan threads are stored as the import's own thread reads them (documents, features, hash)", async () => {
  const files = exampleBundle("chinatravel-nanjing");
  const lines = fileText(files, "plans.jsonl").split("\n").filter(Boolean);
  const grown = Array.from({ length: 40 }, (_, c) =>
    lines.map((l) => JSON.stringify({ ...JSON.parse(l), id: `${JSON.parse(l).id}-t${c}`, model: "planner\\x" })),
  ).flat();
  const bundle = withFile(
    withFile(files, "plans.jsonl", grown.join("\n")),
    "manifest.json",
    fileText(files, "manifest.json").replace(/"name":\s*"[^"]*"/, '"name": "Nanjing on plan threads"'),
  );
  const parsed = await parseBundle(bundle);
  assert.ok(parsed.ok);
  const r = await importBundle(t.db, bundle, { planThreads: 2 });
  assert.ok(r.ok && r.created);
  const stored = await t.db.plan.findMany({ where: { query: { datasetId: r.datasetId } } });
  assert.equal(stored.length, parsed.dataset.plans.length);
  const bySource = new Map(stored.map((p) => [p.sourceId, p]));
  for (const p of parsed.dataset.plans) {
    const row = bySource.get(p.sourceId)!;
    const expected = encodePlan(p);
    assert.equal(row.model, "planner\\x");
    assert.deepEqual(row.raw, p.raw);
    assert.deepEqual(row.itinerary, p.itinerary);
    assert.deepEqual(row.features, { ...p.features, violations: p.violations });
    assert.equal(row.feasible, p.feasible !== false);
    assert.equal(row.contentHash, expected.contentHash);
    assert.equal(row.itemCount, itemCount(p.itinerary));
    assert.ok(row.itemCount! > 0);
    // Its style covariates, written with it: style control never reads the itinerary.
    assert.deepEqual(row.style, planStyle(p.itinerary));
  }
  assert.equal(r.counts.pairs, await t.db.pair.count({ where: { query: { datasetId: r.datasetId } } }));
  // Compressed with lz4 where the server has it (Debian's PostgreSQL), else pglz (the embedded build).
  const [{ lz4 }] = await t.db.$queryRaw<{ lz4: boolean }[]>`
    SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`;
  const methods = await t.db.$queryRaw<{ method: string | null; n: bigint }[]>`
    SELECT pg_column_compression(p.raw) AS method, count(*) AS n FROM "Plan" p JOIN "Query" q ON q.id = p."queryId"
    WHERE q."datasetId" = ${r.datasetId} GROUP BY 1`;
  const compressed = methods.filter((m) => m.method !== null);
  assert.ok(compressed.length > 0, "the raw plans are large enough to be compressed");
  assert.deepEqual(
    compressed.map((m) => m.method),
    [lz4 ? "lz4" : "pglz"],
  );
  // Only the import's own transaction: the session goes back to the pool with the server's default.
  const [{ setting }] = await t.db.$queryRaw<
    { setting: string }[]
  >`SELECT current_setting('default_toast_compression') AS setting`;
  assert.equal(setting, "pglz");
});

test("the command-line import says which database it wrote to, without its password", async () => {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/tripjudge.ts", "import", "public/examples/tripcraft-fortwayne"],
    { env: { ...process.env, DATABASE_URL: t.url } },
  );
  const u = new URL(t.url);
  assert.match(stdout, /^(imported|already imported, nothing changed): /);
  // The id --into and --dataset take, which a new admin found nowhere else (issue 44's trial).
  const id = /, dataset id (\S+) \(/.exec(stdout)?.[1];
  assert.ok(id && (await t.db.dataset.findUnique({ where: { id } })), stdout);
  assert.ok(stdout.includes(`into DATABASE_URL's database (`) && stdout.includes(u.pathname.slice(1)), stdout);
  if (u.password) assert.ok(!stdout.includes(decodeURIComponent(u.password)), "no password in the output");
});

test("tripjudge import --gold-plans N makes gold pairs from a new dataset's plans; a bad N is refused", async () => {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const { cpSync, mkdtempSync, readFileSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", ...args], {
      env: { ...process.env, DATABASE_URL: t.url },
    });
  // A copy of an example under another name: a new dataset.
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-gold-cli-")), "bundle");
  cpSync("public/examples/chinatravel-nanjing", dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ ...manifest, name: "Nanjing, gold from the CLI" }));
  await assert.rejects(run(["import", dir, "--gold-plans", "many"]), (e: { code: number; stderr: string }) => {
    assert.equal(e.code, 2);
    assert.match(e.stderr, /--gold-plans: a whole number/);
    return true;
  });
  const before = await t.db.goldPair.count();
  const { stdout } = await run(["import", dir, "--gold-plans", "50", "--json"]);
  const r = JSON.parse(stdout) as { created: boolean; gold: { tried: number; made: number } };
  assert.ok(r.created);
  assert.ok(r.gold.tried > 0, "plans were tried");
  assert.equal((await t.db.goldPair.count()) - before, r.gold.made);
  // The same bundle again: nothing imported, and it says why no gold pairs were made.
  const again = await run(["import", dir, "--gold-plans", "50"]);
  assert.match(again.stdout, /^already imported, nothing changed: /);
  assert.match(again.stdout, /no gold pairs made: the dataset was already imported/);
});
