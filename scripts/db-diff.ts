/**
 * Writes a new migration: the SQL that takes the schema as of the last migration
 * (prisma/migrations/schema.snapshot.prisma) to prisma/schema.prisma.
 * Uses Prisma's schema engine compiled to WebAssembly, so it works on machines that
 * cannot download Prisma's native engine. Usage: npm run db:diff -- <name>
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync, copyFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { startEmbeddedPostgres } from "../lib/platform/db";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:diff -- <snake_case_name>");
  process.exit(2);
}
const root = process.cwd();
const schemaPath = path.join(root, "prisma/schema.prisma");
const snapshotPath = path.join(root, "prisma/migrations/schema.snapshot.prisma");

async function loadEngine() {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const bg = await import(path.join(dir, "schema_engine_bg.js"));
  const bytes = readFileSync(path.join(dir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as unknown as { __wbindgen_start(): void }).__wbindgen_start();
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY = {
    set_message(m: string) {
      console.error("schema engine panic:", m);
    },
  };
  return bg;
}

async function main() {
  const bg = await loadEngine();
  // The engine insists on a live connection even for a schema-to-schema diff: give it a scratch server.
  const scratch = await startEmbeddedPostgres({ dataDir: ".data/diff-scratch", port: 54338 });
  const to = readFileSync(schemaPath, "utf8");
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, to]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: scratch.url })),
  );
  const from = existsSync(snapshotPath)
    ? { tag: "schemaDatamodel", files: [{ path: snapshotPath, content: readFileSync(snapshotPath, "utf8") }] }
    : { tag: "empty" };
  const result = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: to }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  await scratch.stop();
  const sql: string = result.stdout ?? "";
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
    console.log("No schema changes.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  copyFileSync(schemaPath, snapshotPath);
  console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
