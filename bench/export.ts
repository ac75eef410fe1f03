/**
 * Export benchmark: PAIRS complete pairs × 3 judgments (lib/testing/history.ts) and one annotation per
 * request; every export kind (preference pairs and SFT rows with their default options: TRL) streamed to a file as the download route writes it
 * (JSONL, CSV and Parquet), reporting rows per second, peak RSS against the RSS before the exports, and the peak heap
 * during each export (sampled every 20 ms; under `node --expose-gc` the live heap, collected and sampled every 250 ms;
 * the peak RSS is the process's so far, so measure one kind per run with --reuse for a figure of that kind alone).
 * Usage: npm run bench:export [-- PAIRS] [--reuse] [--kinds=a,b] [--formats=jsonl,parquet] [--shared-fit] [--twice]:
 * --reuse keeps the database the last run seeded (same PAIRS), --kinds and --formats run only those. BENCH_PG_PORT moves the embedded server's
 * port (default 54387). --shared-fit: the soft labels come as in an admin process (decision 017), one fit shared by the
 * exports begun within ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS, so only the run's first export that needs them fits (each
 * result's softLabelsAfterMs, the time to its first soft labels, shows which); without it every export fits its own,
 * as the CLI does. --twice runs each export twice in a row (with --shared-fit, the second shares the first's fit).
 */
import { createWriteStream, existsSync, statSync } from "node:fs";
import { startEmbeddedPostgres, migrate, closeDb, createDb, poolOf } from "../lib/platform/db";
import { localSoftLabels, records, type SoftLabelSource } from "../lib/exports/store";
import { sharedSoftLabels } from "../lib/platform/offload";
import { exportBytes, type ExportFormat, type ExportKind } from "../lib/exports";
import { seedHistory } from "../lib/testing/history";
import { cpuByRole, freshDatabase } from "./server";

async function exportToFile(
  db: ReturnType<typeof createDb>,
  kind: ExportKind,
  format: ExportFormat,
  soft?: SoftLabelSource,
) {
  const file = `.data/bench/${kind}.${format}`;
  const out = createWriteStream(file);
  const t = performance.now();
  // CPU by side (issue 30, item 6): this process is the app, PostgreSQL's are its processes (the export's backend
  // stays connected throughout).
  const app0 = process.cpuUsage();
  const pg0 = cpuByRole().postgres;
  let rows = 0;
  // When the first soft labels came (the fit's cost, where the export fitted one): null for kinds without them.
  let softLabelsAfterMs: number | null = null;
  const source = soft ?? localSoftLabels(db);
  const timed: SoftLabelSource = async (pairs) => {
    const labels = await source(pairs);
    softLabelsAfterMs ??= Math.round(performance.now() - t);
    return labels;
  };
  // The heap's peak, sampled (the RSS keeps the process's high-water mark). With node --expose-gc each sample
  // collects first, so it is what the export holds at once, not how much garbage waited for the collector.
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(
    () => {
      global.gc?.();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    },
    global.gc ? 250 : 20,
  );
  // ~64 kB writes, as the download route makes them (Parquet: a row group's bytes in 64 kB slices).
  for await (const chunk of exportBytes(kind, format, records(kind, db, {}, {}, timed), {
    onRows: (n) => (rows = n),
  })) {
    if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(r));
  clearInterval(sampler);
  const seconds = (performance.now() - t) / 1000;
  const app = process.cpuUsage(app0);
  const pg = cpuByRole().postgres - pg0;
  return {
    kind,
    format,
    rows,
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(rows / seconds),
    softLabelsAfterMs,
    fileMiB: +(statSync(file).size / 1048576).toFixed(1),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    peakHeapMiB: Math.round(peakHeap / 1048576),
    cpuUsPerRow: {
      app: +((app.user + app.system) / Math.max(1, rows)).toFixed(1),
      postgres: +((pg * 1e6) / Math.max(1, rows)).toFixed(1),
    },
  };
}

async function main() {
  const n = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 1_000_000);
  const reuse = process.argv.includes("--reuse") && existsSync(".data/bench/export-pg/PG_VERSION");
  const list = (flag: string) =>
    process.argv
      .find((a) => a.startsWith(`--${flag}=`))
      ?.slice(flag.length + 3)
      .split(",");
  const only = list("kinds");
  const formats = list("formats");
  const sharedFit = process.argv.includes("--shared-fit");
  const twice = process.argv.includes("--twice");
  const port = Number(process.env.BENCH_PG_PORT ?? 54387);
  const pg = reuse
    ? await startEmbeddedPostgres({ dataDir: ".data/bench/export-pg", port, database: "export" })
    : await freshDatabase("export", port);
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
  global.gc?.();
  const rssBeforeMiB = Math.round(process.memoryUsage().rss / 1048576);
  const heapBeforeMiB = Math.round(process.memoryUsage().heapUsed / 1048576);
  const runs = [];
  for (const [kind, format] of [
    ["training-pairs", "jsonl"],
    ["training-pairs", "csv"],
    ["training-pairs", "parquet"],
    ["labelled-pairs", "jsonl"],
    ["labelled-pairs", "parquet"],
    ["judgments", "jsonl"],
    ["judgments", "csv"],
    ["judgments", "parquet"],
    ["annotations", "jsonl"],
    ["annotations", "parquet"],
    ["preference-pairs", "jsonl"],
    ["preference-pairs", "parquet"],
    ["sft", "jsonl"],
    ["sft", "parquet"],
  ] as const) {
    if ((only && !only.includes(kind)) || (formats && !formats.includes(format))) continue;
    for (let k = 0; k < (twice ? 2 : 1); k++) {
      const r = await exportToFile(db, kind, format, sharedFit ? sharedSoftLabels(db) : undefined);
      console.log(JSON.stringify(r));
      runs.push(r);
    }
  }
  console.log(
    JSON.stringify(
      {
        pairs: n,
        setupSeconds,
        rssBeforeMiB,
        heapBeforeMiB,
        slowestRowsPerSecond: Math.min(...runs.map((r) => r.rowsPerSecond)),
        peakRssMiB: Math.max(...runs.map((r) => r.peakRssMiB)),
        peakHeapMiB: Math.max(...runs.map((r) => r.peakHeapMiB)),
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
