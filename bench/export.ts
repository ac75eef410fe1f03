/**
 * Export benchmark: PAIRS complete pairs × 3 judgments (bench/history.ts) and one annotation per
 * request; every export kind streamed from one snapshot to a file as the download route writes it
 * (JSONL and CSV), reporting rows per second and peak RSS against the RSS before the exports.
 * Usage: npm run bench:export [-- PAIRS] [--reuse] [--kinds=a,b]: --reuse keeps the database the last run seeded
 * (same PAIRS), --kinds runs only those kinds.
 */
import { createWriteStream, existsSync, statSync } from "node:fs";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { closeDb, createDb, poolOf } from "../lib/db/client";
import { records } from "../lib/db/exports";
import { exportText, type ExportKind } from "../lib/export/kinds";
import { seedHistory } from "./history";
import { freshDatabase } from "./server";

async function exportToFile(db: ReturnType<typeof createDb>, kind: ExportKind, format: "jsonl" | "csv") {
  const file = `.data/bench/${kind}.${format}`;
  const out = createWriteStream(file);
  const t = performance.now();
  let rows = 0;
  // ~64 kB writes, as the download route makes them.
  for await (const chunk of exportText(kind, format, records(kind, db, {}), 65_536, (n) => (rows = n))) {
    if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(r));
  const seconds = (performance.now() - t) / 1000;
  return {
    kind,
    format,
    rows,
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(rows / seconds),
    fileMiB: +(statSync(file).size / 1048576).toFixed(1),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

async function main() {
  const n = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 1_000_000);
  const reuse = process.argv.includes("--reuse") && existsSync(".data/bench/export-pg/PG_VERSION");
  const only = process.argv
    .find((a) => a.startsWith("--kinds="))
    ?.slice(8)
    .split(",");
  const pg = reuse
    ? await startEmbeddedPostgres({ dataDir: ".data/bench/export-pg", port: 54387, database: "export" })
    : await freshDatabase("export", 54387);
  if (reuse) await migrate(pg.url);
  const db = createDb(pg.url);
  const t0 = performance.now();
  if (!reuse) {
    await seedHistory(db, n, { experts: 40 });
    await poolOf(db).query(
      `INSERT INTO "DslVersion" (id, "queryId", version, stage, constraints, "createdAt")
       SELECT 'v' || id, id, 1, 'DRAFT', '[{"code": "result = True", "note": "always"}]'::jsonb, now() FROM "Query"`,
    );
  }
  const setupSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  const rssBeforeMiB = Math.round(process.memoryUsage().rss / 1048576);
  const runs = [];
  for (const [kind, format] of [
    ["training-pairs", "jsonl"],
    ["training-pairs", "csv"],
    ["labelled-pairs", "jsonl"],
    ["judgments", "jsonl"],
    ["judgments", "csv"],
    ["annotations", "jsonl"],
  ] as const) {
    if (only && !only.includes(kind)) continue;
    const r = await exportToFile(db, kind, format);
    console.log(JSON.stringify(r));
    runs.push(r);
  }
  console.log(
    JSON.stringify(
      {
        pairs: n,
        setupSeconds,
        rssBeforeMiB,
        slowestRowsPerSecond: Math.min(...runs.map((r) => r.rowsPerSecond)),
        peakRssMiB: Math.max(...runs.map((r) => r.peakRssMiB)),
      },
      null,
      2,
    ),
  );
  await closeDb(db);
  await pg.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
