#!/usr/bin/env -S npx tsx
/**
 * tripjudge — the command line. Reuses lib/ exactly as the app does.
 *   tripjudge validate BUNDLE [--exclude-infeasible] [--json]
 *   tripjudge import BUNDLE [--exclude-infeasible] [--json]     (DATABASE_URL, or the embedded server)
 *   tripjudge export judgments|labelled-pairs|training-pairs [--format jsonl|csv] [--dataset ID] [--destination ID] [--names] [--out FILE]
 */
import { parseArgs } from "node:util";
import { formatProblem, ImportRefused } from "../lib/importers/problems";

const USAGE = `usage:
  tripjudge validate BUNDLE [--exclude-infeasible] [--json]
  tripjudge import BUNDLE [--exclude-infeasible] [--json]
  tripjudge export training-pairs [--format jsonl|csv] [--dataset ID] [--destination ID] [--out FILE]
BUNDLE is a folder or .zip with manifest.json, pois, queries, plans (JSON or JSONL).`;

function out(json: boolean, value: unknown, text: string) {
  console.log(json ? JSON.stringify(value, null, 2) : text);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      "exclude-infeasible": { type: "boolean", default: false },
      format: { type: "string", default: "jsonl" },
      dataset: { type: "string" },
      destination: { type: "string" },
      out: { type: "string" },
      names: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (!command || values.help || !["validate", "import", "export"].includes(command) || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  if (command === "export") return exportCommand(positionals[0], values);
  const { readBundleFromPath } = await import("../lib/importers/fs");
  const files = readBundleFromPath(positionals[0]);
  const json = values.json ?? false;
  if (command === "validate") {
    const { parseBundle } = await import("../lib/importers");
    const { countsOf } = await import("../lib/db/datasets");
    const r = parseBundle(files, { excludeInfeasible: values["exclude-infeasible"] });
    if (!r.ok) {
      out(json, { ok: false, problems: r.problems, truncated: r.truncated }, r.problems.map(formatProblem).join("\n"));
      return 1;
    }
    const counts = countsOf(r.dataset);
    out(json, { ok: true, counts }, `valid: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    return 0;
  }
  const { openDatabase } = await import("../lib/db/embedded");
  const { migrate } = await import("../lib/db/migrate");
  const { closeDb, createDb } = await import("../lib/db/client");
  const { importBundle } = await import("../lib/db/imports");
  const database = await openDatabase();
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    const r = await importBundle(db, files, { excludeInfeasible: values["exclude-infeasible"] });
    await closeDb(db);
    if (!r.ok) {
      out(json, r, [r.message, ...r.problems.map(formatProblem)].join("\n"));
      return 1;
    }
    out(json, r, `${r.created ? "imported" : "already imported, nothing changed"}: ${r.name} (${Object.entries(r.counts).map(([k, v]) => `${k} ${v}`).join(", ")})`);
    return 0;
  } finally {
    await database.stop();
  }
}

async function exportCommand(what: string, v: { format?: string; dataset?: string; destination?: string; out?: string; names?: boolean }): Promise<number> {
  const { EXPORT_KINDS, csvHeader, serialize } = await import("../lib/export/kinds");
  const { records } = await import("../lib/db/exports");
  const kind = EXPORT_KINDS.find((k) => k === what);
  if (!kind || (v.format !== "jsonl" && v.format !== "csv")) {
    console.error(USAGE);
    return 2;
  }
  const format = v.format;
  const { createWriteStream } = await import("node:fs");
  const { openDatabase } = await import("../lib/db/embedded");
  const { closeDb, createDb } = await import("../lib/db/client");
  const { migrate } = await import("../lib/db/migrate");
  const database = await openDatabase();
  await migrate(database.url);
  const db = createDb(database.url);
  const out = v.out ? createWriteStream(v.out) : process.stdout;
  const write = (s: string) => new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once("drain", () => resolve())));
  try {
    if (format === "csv") await write(csvHeader(kind));
    let n = 0;
    for await (const r of records(kind, db, { datasetId: v.dataset, destinationId: v.destination }, { names: v.names })) {
      await write(serialize(kind, format, r));
      n++;
    }
    if (v.out) {
      await new Promise<void>((resolve) => out.end(resolve));
      console.error(`wrote ${n} ${kind} records to ${v.out}`);
    }
    return 0;
  } finally {
    await closeDb(db);
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof ImportRefused ? e.message : `tripjudge: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
