#!/usr/bin/env -S npx tsx
/**
 * tripjudge — the command line. Reuses lib/ exactly as the app does.
 *   tripjudge validate BUNDLE [--exclude-infeasible] [--progress] [--json]
 *   tripjudge import BUNDLE [--exclude-infeasible] [--into DATASET_ID] [--gold-plans N] [--progress] [--json]     (DATABASE_URL, or the embedded server)
 *   tripjudge export judgments|labelled-pairs|training-pairs|annotations|battles [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--complete] [--final] [--names] [--label-source experts|all] [--include-rejected] [--pair-filter QUERY] [--out FILE]
 *   tripjudge export battles --judge NAME [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--out FILE]
 *   tripjudge export pairs [--status waiting|open|in_progress|complete|decided] [--planner NAME] [--pair-filter QUERY] [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--out FILE]
 *   tripjudge export preference-pairs --target trl|openrlhf|openai|kto [--prompt request|tripscore] [--margin none|strength|votes] [--min-agreement 2|3] [--split train,validation,test=0.8,0.1,0.1] [--seed N] [--neither bad] [--with-metadata] [--label-source experts|all] [--pair-filter QUERY] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
 *   tripjudge export sft --target trl|openai [--prompt request|tripscore] [--min-agreement 2|3] [--split train,validation,test=0.8,0.1,0.1] [--seed N] [--with-metadata] [--label-source experts|all] [--pair-filter QUERY] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
 *   tripjudge export hf-dataset --out DIR [--dataset ID] [--destination ID] [--target trl|openai] [--prompt request|tripscore] [--min-agreement 2|3] [--split …] [--seed N] [--label-source experts|all] [--pair-filter QUERY]
 *   tripjudge export corrections [--verified-only] [--as record|sft|preference] [--target trl|openrlhf|openai|kto] [--prompt request|tripscore] [--with-metadata] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
 *   tripjudge fit --pairs FILE [--grid FILE] [--folds 5] [--bootstrap 1000] [--seed N] [--threads N] [--json]
 *   tripjudge dsl eval --plan FILE [--pois FILE] --code FILE [--code FILE …] [--preference NAME] [--json]
 *   tripjudge dsl check --code FILE [--code FILE …] [--preference NAME] [--json]
 *   tripjudge features --plan FILE [--format tripscore|chinatravel|tripcraft] [--pois FILE] [--query FILE] [--json]
 *   tripjudge agreement --ratings FILE [--labels L1,L2,…] [--level nominal|ordinal|interval|ratio] [--json]
 *   tripjudge leaderboard --battles FILE [--dimension KEY] [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
 *   tripjudge leaderboard --battles FILE --judge-battles FILE [--lambda X] [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
 *   tripjudge reliability --ratings FILE [--gold FILE] [--labels A,B,NEITHER] [--json]
 *   tripjudge escalate --calibration FILE [--items FILE] --judges J1[,J2,…] [--alpha 0.1] [--delta 0.1] [--json]
 *   tripjudge simulate --battles LOG --budget N [--policy as-logged|balanced|informative[,…]] [--warmup 2000] [--seeds 10] [--min-battles 200] [--raters 1|3] [--exploration 0.1] [--refit 100] [--checkpoints V1,V2,…] [--include-named] [--trace-out DIR] [--json]
 * Every command writes all of its output before it exits (a slow reader of a pipe gets every byte).
 */
import { parseArgs } from "node:util";
import { formatProblem, ImportRefused } from "../lib/datasets/importers";

const USAGE = `usage:
  tripjudge validate BUNDLE [--exclude-infeasible] [--progress] [--json]
  tripjudge import BUNDLE [--exclude-infeasible] [--into DATASET_ID] [--gold-plans N] [--progress] [--json]
  tripjudge export judgments|labelled-pairs|training-pairs|annotations|battles [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--complete] [--final] [--names] [--label-source experts|all] [--include-rejected] [--pair-filter QUERY] [--out FILE]
  tripjudge export battles --judge NAME [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--out FILE]
  tripjudge export pairs [--status waiting|open|in_progress|complete|decided] [--planner NAME] [--pair-filter QUERY] [--format jsonl|csv|parquet] [--dataset ID] [--destination ID] [--out FILE]
  tripjudge export preference-pairs --target trl|openrlhf|openai|kto [--prompt request|tripscore] [--margin none|strength|votes] [--min-agreement 2|3] [--split train,validation,test=0.8,0.1,0.1] [--seed N] [--neither bad] [--with-metadata] [--label-source experts|all] [--pair-filter QUERY] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
  tripjudge export sft --target trl|openai [--prompt request|tripscore] [--min-agreement 2|3] [--split train,validation,test=0.8,0.1,0.1] [--seed N] [--with-metadata] [--label-source experts|all] [--pair-filter QUERY] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
  tripjudge export hf-dataset --out DIR [--dataset ID] [--destination ID] [--target trl|openai] [--prompt request|tripscore] [--min-agreement 2|3] [--split …] [--seed N] [--label-source experts|all] [--pair-filter QUERY]
  tripjudge export corrections [--verified-only] [--as record|sft|preference] [--target trl|openrlhf|openai|kto] [--prompt request|tripscore] [--with-metadata] [--format jsonl|parquet] [--dataset ID] [--destination ID] [--out FILE|DIR]
  tripjudge fit --pairs FILE [--grid FILE] [--folds 5] [--bootstrap 1000] [--seed N] [--threads N] [--json]
  tripjudge dsl eval --plan FILE [--pois FILE] --code FILE [--code FILE …] [--preference NAME] [--json]
  tripjudge dsl check --code FILE [--code FILE …] [--preference NAME] [--json]
  tripjudge features --plan FILE [--format tripscore|chinatravel|tripcraft] [--pois FILE] [--query FILE] [--json]
  tripjudge agreement --ratings FILE [--labels L1,L2,…] [--level nominal|ordinal|interval|ratio] [--json]
  tripjudge leaderboard --battles FILE [--dimension KEY] [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
  tripjudge leaderboard --battles FILE --judge-battles FILE [--lambda X] [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
  tripjudge reliability --ratings FILE [--gold FILE] [--labels A,B,NEITHER] [--json]
  tripjudge escalate --calibration FILE [--items FILE] --judges J1[,J2,…] [--alpha 0.1] [--delta 0.1] [--json]
  tripjudge simulate --battles LOG --budget N [--policy as-logged|balanced|informative[,…]] [--warmup 2000] [--seeds 10] [--min-battles 200] [--raters 1|3] [--exploration 0.1] [--refit 100] [--checkpoints V1,V2,…] [--include-named] [--trace-out DIR] [--json]
BUNDLE is a folder or .zip with manifest.json, pois, queries, plans (JSON or JSONL).
--gold-plans N: after a new import, make gold pairs from up to N of its feasible plans (an upload in the app
queues 200; a command-line import makes none without it).
--into DATASET_ID: add the bundle's plans to that dataset (another planner's plans for its requests, matched by id,
else by request text) and pair each with the plans already there, instead of making a new dataset.
export judgments --include-rejected: the judgments reviewers rejected too, after the others, marked review_status
"rejected" (every record carries review_status, reviewed_by, review_reason; docs/reviewers.md).
export --pair-filter QUERY: only the pairs the pair browser's filter matches (and their judgments): its address's
query string or the whole address (/admin/pairs?…, what its "Copy link" gives); its sort, columns and page are ignored.
export --label-source all: labelled pairs, training pairs, battles, preference pairs, SFT rows and hf-dataset add the
pairs a judge decided instead of the experts, labelled by its verdict; every record says its label's source
(label_source, label_judge, label_threshold, label_confidence; docs/escalation.md).
export pairs: every pair of the experts' queue with its query and both plans, to run your own judge on (--status
waiting: those neither complete nor decided); upload its verdicts by pair_id on the Judges page (docs/escalation.md).
export battles --judge NAME: that uploaded judge's verdicts as battles, one a pair under the pair's id, the file
leaderboard --judge-battles pairs with the experts' (export battles: each battle's "id" is its pair's).
escalate: which items judges may decide for the experts, agreeing with the experts' majority on at least 1 − α of
them with probability 1 − δ (Trust or Escalate; docs/escalation.md). Each line of both files is {"id", "human"?:
"A"|"B"|"NEITHER", "judges": {NAME: {"p_a", "p_b", "p_neither"?} or {"samples": ["A", …]}}}; every calibration
line has "human". --judges: one judge or a cascade, cheapest first.
leaderboard --judge-battles: prediction-powered (PPI++; docs/prediction-powered.md). Every battle of both files has an
"id"; a judge battle whose id is an expert battle's rectifies, the others add. Sandwich intervals, or with --bootstrap
N a bootstrap over requests; --lambda fixes λ (0: experts only, 1: PPI without power tuning).
simulate: replays a battle log under serving orders (docs/serving-order.md): how wide the planners' intervals are after
N votes served as the log's own mix, balanced over pairs, or most informative first; --budget counts every vote,
warm-up included; --trace-out DIR writes DIR/<policy>.<seed>.json, the battles drawn as positions in the log.`;

function out(json: boolean, value: unknown, text: string) {
  return print(json ? JSON.stringify(value, null, 2) : text);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      "exclude-infeasible": { type: "boolean", default: false },
      "gold-plans": { type: "string" },
      into: { type: "string" },
      format: { type: "string", default: "jsonl" },
      dataset: { type: "string" },
      destination: { type: "string" },
      out: { type: "string" },
      names: { type: "boolean", default: false },
      final: { type: "boolean", default: false },
      complete: { type: "boolean", default: false },
      from: { type: "string" },
      to: { type: "string" },
      pairs: { type: "string" },
      grid: { type: "string" },
      folds: { type: "string", default: "5" },
      bootstrap: { type: "string", default: "1000" },
      seed: { type: "string", default: "1" },
      threads: { type: "string" },
      plan: { type: "string" },
      pois: { type: "string" },
      code: { type: "string", multiple: true },
      preference: { type: "string" },
      query: { type: "string" },
      ratings: { type: "string" },
      labels: { type: "string" },
      level: { type: "string" },
      battles: { type: "string" },
      gold: { type: "string" },
      "include-named": { type: "boolean", default: false },
      anchor: { type: "string" },
      "judge-battles": { type: "string" },
      lambda: { type: "string" },
      policy: { type: "string" },
      budget: { type: "string" },
      warmup: { type: "string" },
      seeds: { type: "string" },
      "min-battles": { type: "string" },
      raters: { type: "string" },
      exploration: { type: "string" },
      refit: { type: "string" },
      checkpoints: { type: "string" },
      "trace-out": { type: "string" },
      dimension: { type: "string" },
      target: { type: "string" },
      prompt: { type: "string" },
      margin: { type: "string" },
      "min-agreement": { type: "string" },
      split: { type: "string" },
      neither: { type: "string" },
      "with-metadata": { type: "boolean", default: false },
      as: { type: "string" },
      "verified-only": { type: "boolean", default: false },
      "label-source": { type: "string" },
      status: { type: "string" },
      planner: { type: "string" },
      judge: { type: "string" },
      "include-rejected": { type: "boolean", default: false },
      "pair-filter": { type: "string" },
      progress: { type: "boolean", default: false },
      calibration: { type: "string" },
      items: { type: "string" },
      judges: { type: "string" },
      alpha: { type: "string" },
      delta: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (command === "fit" && !values.help) return fitCommand(values);
  if (command === "features" && !values.help) return featuresCommand(values);
  if (command === "agreement" && !values.help) return agreementCommand(values);
  if (command === "leaderboard" && !values.help && values["judge-battles"] !== undefined)
    // Its intervals are the sandwich unless a bootstrap is asked for (the option's default does not ask).
    return predictionPoweredCommand(
      values,
      rest.some((a) => a === "--bootstrap" || a.startsWith("--bootstrap=")),
    );
  if (command === "leaderboard" && !values.help) return leaderboardCommand(values);
  if (command === "reliability" && !values.help) return reliabilityCommand(values);
  if (command === "escalate" && !values.help) return escalateCommand(values);
  if (command === "simulate" && !values.help) return simulateCommand(values);
  if (command === "dsl" && !values.help && (positionals[0] === "eval" || positionals[0] === "check"))
    return dslCommand(positionals[0], values);
  if (!command || values.help || !["validate", "import", "export"].includes(command) || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  if (command === "export") return exportCommand(positionals[0], values);
  const { sourceFromPath } = await import("../lib/datasets/importers");
  const { config } = await import("../lib/kernel");
  const { progressPrinter } = await import("../lib/datasets/importers");
  // One size limit for the web upload and the command line.
  const maxBytes = config().IMPORT_MAX_BYTES;
  const json = values.json ?? false;
  const onProgress =
    values.progress || process.stderr.isTTY ? progressPrinter((line) => process.stderr.write(line)) : undefined;
  const opts = { excludeInfeasible: values["exclude-infeasible"], maxBytes, onProgress };
  const goldPlans = values["gold-plans"] === undefined ? 0 : Number(values["gold-plans"]);
  if (!Number.isInteger(goldPlans) || goldPlans < 0 || goldPlans > 1_000_000) {
    console.error(
      `--gold-plans: a whole number of plans from 0 to 1,000,000, not ${JSON.stringify(values["gold-plans"])}`,
    );
    return 2;
  }
  if (command === "validate") {
    const { streamBundle, DiscardingSink, noPairsNote } = await import("../lib/datasets/importers");
    const source = await sourceFromPath(positionals[0], maxBytes);
    try {
      const r = await streamBundle(source, new DiscardingSink(), opts);
      if (!r.ok) {
        const more = r.more ? `\n… and ${r.more} more problem(s)` : "";
        out(json, r, r.problems.map(formatProblem).join("\n") + more);
        return 1;
      }
      // A valid bundle may make nothing to judge (one plan per request): said as the import would say it.
      const note = noPairsNote({
        ...r.requests,
        plans: r.counts.plans,
        pairs: r.counts.pairs,
        excludeInfeasible: !!opts.excludeInfeasible,
      });
      out(
        json,
        { ok: true, counts: r.counts, ...(note ? { note } : {}) },
        `valid: ${Object.entries(r.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}` + (note ? `\n${note}` : ""),
      );
      return 0;
    } finally {
      await source.close();
    }
  }
  const { openDatabase } = await import("../lib/platform/db");
  const { migrate } = await import("../lib/platform/db");
  const { closeDb, createDb } = await import("../lib/platform/db");
  const { importBundle } = await import("../lib/datasets/store");
  const source = await sourceFromPath(positionals[0], maxBytes);
  const database = await openDatabase({ attach: true });
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    const r = await importBundle(db, source, { ...opts, intoDatasetId: values.into });
    // Gold pairs as an upload's job makes them (lib/platform/worker/handlers/gold.ts), here in this process.
    const gold = r.ok && r.created && goldPlans ? await makeGold(db, r.datasetId, goldPlans) : null;
    await closeDb(db);
    if (!r.ok) {
      out(
        json,
        r,
        [r.message, ...r.problems.map(formatProblem), ...(r.more ? [`… and ${r.more} more problem(s)`] : [])].join(
          "\n",
        ),
      );
      return 1;
    }
    out(
      json,
      { ...r, database: database.where, ...(gold ? { gold: gold.result } : {}) },
      [
        `${r.added ? "added to" : r.created ? "imported" : "already imported, nothing changed"}: ${r.name}, dataset id ${r.datasetId} (${Object.entries(
          r.counts,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")})`,
        ...(r.added
          ? [
              `${r.added.matched} of ${r.added.requests} requests matched; ${r.added.plansKnown} plans were there already; the dataset now has ${r.added.totals.plans} plans, ${r.added.totals.pairs} pairs`,
            ]
          : []),
        ...(r.note ? [r.note] : []),
        `into ${database.where}${database.startedHere ? ": no app was serving it (`npm start` with the same EMBEDDED_PG_DIR and EMBEDDED_PG_PORT serves it)" : ""}`,
        ...(gold ? [gold.message] : []),
        ...(goldPlans && !r.created
          ? ["no gold pairs made: the dataset was already imported (make more on the Quality page)"]
          : []),
      ].join("\n"),
    );
    return 0;
  } finally {
    await database.stop();
  }
}

/** Gold pairs from up to `plans` feasible plans of a dataset just imported: the result and a line to print. */
async function makeGold(db: import("../lib/platform/db").Db, datasetId: string, plans: number) {
  const { goldSummary, makeGoldPairs } = await import("../lib/quality/store");
  const result = await makeGoldPairs(db, datasetId, { plans, seed: 1 }, null);
  return { result, message: goldSummary(result) };
}

async function exportCommand(
  what: string,
  v: {
    format?: string;
    dataset?: string;
    destination?: string;
    from?: string;
    to?: string;
    out?: string;
    names?: boolean;
    final?: boolean;
    complete?: boolean;
    target?: string;
    prompt?: string;
    margin?: string;
    "min-agreement"?: string;
    split?: string;
    seed?: string;
    neither?: string;
    "with-metadata"?: boolean;
    as?: string;
    "verified-only"?: boolean;
    "label-source"?: string;
    status?: string;
    planner?: string;
    judge?: string;
    "include-rejected"?: boolean;
    "pair-filter"?: string;
  },
): Promise<number> {
  const { EXPORT_KINDS, exportBytes, exportQuery, exportRefusal, filtersOf, optionsOf } =
    await import("../lib/exports");
  const { records } = await import("../lib/exports/store");
  const kind = EXPORT_KINDS.find((k) => k === what)!;
  // The same query as the web's download, so both select the same records.
  const parsed = exportQuery.safeParse({
    format: v.format,
    dataset: v.dataset,
    destination: v.destination,
    from: v.from,
    to: v.to,
    names: v.names ? "1" : undefined,
    complete: v.complete ? "1" : undefined,
    final: v.final ? "1" : undefined,
    target: v.target,
    prompt: v.prompt,
    margin: v.margin,
    min_agreement: v["min-agreement"],
    split: v.split,
    // --seed defaults to 1 for every command; here it is the split's seed.
    seed: v.seed,
    neither: v.neither,
    with_metadata: v["with-metadata"] ? "1" : undefined,
    as: v.as,
    verified_only: v["verified-only"] ? "1" : undefined,
    label_source: v["label-source"],
    status: v.status,
    planner: v.planner,
    judge: v.judge,
    include_rejected: v["include-rejected"] ? "true" : undefined,
    pair_filter: v["pair-filter"],
  });
  if ((!kind && what !== "hf-dataset") || !parsed.success) {
    // The query's keys as the command line spells them (min_agreement is --min-agreement).
    if (!parsed.success)
      for (const i of parsed.error.issues) console.error(`--${i.path.join(".").replace(/_/g, "-")}: ${i.message}`);
    console.error(USAGE);
    return 2;
  }
  const q = parsed.data;
  if (what === "hf-dataset") return hfDatasetCommand(q, v.out);
  const refusal = exportRefusal(kind, q);
  if (refusal) {
    console.error(`tripjudge export ${kind}: ${refusal}`);
    return 2;
  }
  // Parquet is binary: to a file or a pipe, never onto a terminal.
  if (q.format === "parquet" && !v.out && process.stdout.isTTY) {
    console.error("--format parquet writes a binary file: give --out FILE (or pipe the output)");
    return 2;
  }
  const { createWriteStream, lstatSync, statSync } = await import("node:fs");
  const path = await import("node:path");
  // --out DIR (an existing folder): preference pairs and SFT rows a file per split, other kinds one file in it.
  const intoDir = v.out ? statSync(v.out, { throwIfNoEntry: false })?.isDirectory() === true : false;
  if (intoDir && kind !== "preference-pairs" && kind !== "sft") v.out = path.join(v.out!, `${kind}.${q.format}`);
  // Said before anything runs, never as a stack trace from the stream.
  const folder = v.out ? path.dirname(path.resolve(v.out)) : null;
  if (folder && !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`tripjudge export ${kind}: --out ${v.out}: the folder ${folder} does not exist`);
    return 2;
  }
  // An existing file is never overwritten, and a symbolic link (dangling or not) never followed: lstat, then the
  // file is created with O_EXCL ("wx"), which refuses both even if one appears in between.
  if (v.out && !intoDir && lstatSync(v.out, { throwIfNoEntry: false })) {
    console.error(
      `tripjudge export ${kind}: --out ${v.out} already exists: it is never overwritten (choose a new name)`,
    );
    return 2;
  }
  const { openDatabase } = await import("../lib/platform/db");
  const { closeDb, createDb } = await import("../lib/platform/db");
  const { migrate } = await import("../lib/platform/db");
  const { scopeProblem } = await import("../lib/exports/store");
  const database = await openDatabase({ attach: true });
  await migrate(database.url);
  const db = createDb(database.url);
  const scope = await scopeProblem(db, filtersOf(q));
  if (scope) {
    console.error(`tripjudge export ${kind}: ${scope}`);
    await closeDb(db);
    await database.stop();
    return 2;
  }
  if (intoDir && (kind === "preference-pairs" || kind === "sft")) {
    const { splitTaggedRecords } = await import("../lib/exports/store");
    const { writeSplitFiles } = await import("../lib/exports");
    const { parquetColumns } = await import("../lib/exports");
    const options = optionsOf(q);
    try {
      const counts = await writeSplitFiles(
        v.out!,
        q.format === "parquet" ? "parquet" : "jsonl",
        parquetColumns(kind, options),
        () => splitTaggedRecords(kind, db, filtersOf(q), options.preference!),
        (split) => `${split}.${q.format}`,
        { "tripjudge.kind": kind },
      );
      for (const [split, n] of Object.entries(counts))
        console.error(`wrote ${recordsOf(n, kind)} to ${path.join(v.out!, `${split}.${q.format}`)}`);
      return 0;
    } finally {
      await closeDb(db);
      await database.stop();
    }
  }
  const out = v.out ? createWriteStream(v.out, { flags: "wx" }) : process.stdout;
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => {});
  const write = (b: Uint8Array) =>
    Promise.race([
      new Promise<void>((resolve) => (out.write(b) ? resolve() : out.once("drain", () => resolve()))),
      failed,
    ]);
  try {
    let n = 0;
    const options = optionsOf(q);
    for await (const chunk of exportBytes(kind, q.format, records(kind, db, filtersOf(q), options), {
      onRows: (rows) => (n = rows),
      options,
    }))
      await write(chunk);
    if (v.out) {
      await new Promise<void>((resolve) => out.end(resolve));
      console.error(`wrote ${recordsOf(n, kind)} to ${v.out}`);
    }
    return 0;
  } finally {
    await closeDb(db);
    await database.stop();
  }
}

type ExportKindName = import("../lib/exports").ExportKind;

/** "60 pairs", "1 judgment", "12 preference pairs": what an export wrote, in its kind's words. */
function recordsOf(n: number, kind: string): string {
  const one: Record<ExportKindName, string> = {
    judgments: "judgment",
    "labelled-pairs": "labelled pair",
    "training-pairs": "training pair",
    annotations: "annotation",
    battles: "battle",
    pairs: "pair",
    "preference-pairs": "preference pair",
    sft: "SFT row",
    corrections: "correction",
  };
  const word = one[kind as ExportKindName] ?? `${kind} record`;
  const plural = word.endsWith("y") ? `${word.slice(0, -1)}ies` : `${word}s`;
  return `${n.toLocaleString("en")} ${n === 1 ? word : plural}`;
}

/** A dataset repository (preference pairs, SFT rows, judgments as Parquet per split, and its card) in a new folder. */
async function hfDatasetCommand(q: import("../lib/exports").ExportQuery, out: string | undefined): Promise<number> {
  if (!out) {
    console.error("tripjudge export hf-dataset: give --out DIR (a new or empty folder)");
    return 2;
  }
  const { readFileSync } = await import("node:fs");
  const { filtersOf, optionsOf } = await import("../lib/exports");
  const { writeHfDataset } = await import("../lib/exports/store");
  const { AppError } = await import("../lib/kernel");
  const { openDatabase } = await import("../lib/platform/db");
  const { closeDb, createDb } = await import("../lib/platform/db");
  const { migrate } = await import("../lib/platform/db");
  const version = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version as string;
  const database = await openDatabase({ attach: true });
  await migrate(database.url);
  const db = createDb(database.url);
  try {
    const r = await writeHfDataset(db, out, filtersOf(q), optionsOf(q).preference!, { version });
    for (const c of r.configs)
      console.error(
        `${c.name}: ${
          Object.entries(c.splits)
            .map(([s, n]) => `${s} ${n}`)
            .join(", ") || "no rows"
        }`,
      );
    console.error(`wrote a dataset repository to ${out} (README.md is its card)`);
    return 0;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    console.error(`tripjudge export hf-dataset: ${e.message}`);
    return 2;
  } finally {
    await closeDb(db);
    await database.stop();
  }
}

async function leaderboardCommand(v: {
  battles?: string;
  bootstrap?: string;
  seed?: string;
  json?: boolean;
  "include-named"?: boolean;
  anchor?: string;
  dimension?: string;
}): Promise<number> {
  if (!v.battles) {
    console.error(
      "tripjudge leaderboard: --battles FILE is missing (a battle log: `tripjudge export battles --out FILE`, FastChat's or lmarena's)",
    );
    console.error(USAGE);
    return 2;
  }
  const { readBattlesFile } = await import("../lib/results/leaderboard");
  const { BattlesError } = await import("../lib/results/leaderboard");
  const { leaderboard, LeaderboardInputError } = await import("../lib/results/leaderboard");
  const { formatLeaderboard } = await import("../lib/results/leaderboard");
  const { config } = await import("../lib/kernel");
  try {
    const bootstrap = wholeNumber("bootstrap", v.bootstrap)!;
    if (bootstrap < 1 || bootstrap > 100_000) throw new BattlesError("--bootstrap must be between 1 and 100000");
    let anchor: { model: string; rating: number } | undefined;
    if (v.anchor !== undefined) {
      // The model name may itself hold "=": the rating is after the last one.
      const at = v.anchor.lastIndexOf("=");
      const rating = Number(v.anchor.slice(at + 1));
      if (at <= 0 || !/^\s*-?\d+(\.\d+)?\s*$/.test(v.anchor.slice(at + 1)) || !Number.isFinite(rating))
        throw new BattlesError(`--anchor must be MODEL=RATING (for example gpt-4-0613=1000), not "${v.anchor}"`);
      anchor = { model: v.anchor.slice(0, at), rating };
    }
    if (v.dimension !== undefined && !/^[a-z][a-z0-9_]{0,31}$/.test(v.dimension))
      throw new BattlesError(
        `--dimension must be a dimension's key (lowercase letters, digits or _), not "${v.dimension.slice(0, 40)}"`,
      );
    const file = await readBattlesFile(v.battles, config().IMPORT_MAX_BYTES, {
      includeNamed: v["include-named"],
      dimension: v.dimension,
    });
    const lb = leaderboard(file.set, { bootstrap, seed: wholeNumber("seed", v.seed), anchor });
    const models = lb.models.map(
      ({ model, rating, ci95, rank, battles, wins, losses, ties, absentReplicates, group }) => ({
        model,
        rating,
        ci95,
        rank,
        battles,
        wins,
        losses,
        ties,
        absent_replicates: absentReplicates,
        group,
      }),
    );
    const pairs = lb.pairs.map(({ model_a, model_b, n, share_a, ci95, p_value }) => ({
      model_a,
      model_b,
      n,
      share_a,
      ci95,
      p_value,
    }));
    const battles = {
      counted: lb.battles,
      named_left_out: file.named,
      self_battles_left_out: file.selfBattles,
      ...(v.dimension !== undefined
        ? { dimension: v.dimension, without_dimension_left_out: file.withoutDimension }
        : {}),
      layout: file.layout,
    };
    const { replicates, seed, units, unit, unconverged } = lb.bootstrap;
    const json = {
      models,
      pairs,
      battles,
      bootstrap: { replicates, seed, units, unit, unconverged },
      anchor: lb.anchor,
      // More than one group: no battle joins them, and ratings compare only within a group.
      groups: lb.groups,
      comparable_across_groups: lb.groups <= 1,
    };
    await print(
      v.json
        ? JSON.stringify(json, null, 2)
        : (v.dimension !== undefined
            ? `Ratings by the dimension "${v.dimension}" (about the same a tie; ${file.withoutDimension} battles without it left out)\n\n`
            : "") + formatLeaderboard(lb, { named: file.named, selfBattles: file.selfBattles }),
    );
    return 0;
  } catch (e) {
    if (
      e instanceof BattlesError ||
      e instanceof LeaderboardInputError ||
      (e instanceof Error && /^--/.test(e.message))
    ) {
      console.error(`tripjudge leaderboard: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** `tripjudge leaderboard --battles HUMAN --judge-battles JUDGE`: the prediction-powered leaderboard (PPI++). */
async function predictionPoweredCommand(
  v: {
    battles?: string;
    "judge-battles"?: string;
    lambda?: string;
    bootstrap?: string;
    seed?: string;
    json?: boolean;
    "include-named"?: boolean;
    anchor?: string;
    dimension?: string;
  },
  bootstrapAsked: boolean,
): Promise<number> {
  if (!v.battles) {
    console.error(USAGE);
    return 2;
  }
  const { readPredictionPoweredFiles, predictionPoweredLeaderboard, formatPredictionPowered, expertBattles } =
    await import("../lib/results/leaderboard");
  const { BattlesError, PredictionPoweredInputError, winTable } = await import("../lib/results/leaderboard");
  const { config } = await import("../lib/kernel");
  try {
    if (v.dimension !== undefined) throw new BattlesError("--dimension cannot be combined with --judge-battles");
    const bootstrap = bootstrapAsked ? wholeNumber("bootstrap", v.bootstrap)! : 0;
    if (bootstrapAsked && (bootstrap < 1 || bootstrap > 100_000))
      throw new BattlesError("--bootstrap must be between 1 and 100000");
    let lambda: number | undefined;
    if (v.lambda !== undefined) {
      lambda = Number(v.lambda);
      if (!/^\s*\d+(\.\d+)?\s*$/.test(v.lambda) || !(lambda >= 0 && lambda <= 1))
        throw new BattlesError(`--lambda must be a number from 0 to 1, not "${v.lambda}"`);
    }
    let anchor: { model: string; rating: number } | undefined;
    if (v.anchor !== undefined) {
      const at = v.anchor.lastIndexOf("=");
      const rating = Number(v.anchor.slice(at + 1));
      if (at <= 0 || !/^\s*-?\d+(\.\d+)?\s*$/.test(v.anchor.slice(at + 1)) || !Number.isFinite(rating))
        throw new BattlesError(`--anchor must be MODEL=RATING (for example gpt-4-0613=1000), not "${v.anchor}"`);
      anchor = { model: v.anchor.slice(0, at), rating };
    }
    const files = await readPredictionPoweredFiles(v.battles, v["judge-battles"]!, config().IMPORT_MAX_BYTES, {
      includeNamed: v["include-named"],
    });
    const lb = predictionPoweredLeaderboard(files.pp, {
      lambda,
      bootstrap,
      seed: wholeNumber("seed", v.seed),
      anchor,
    });
    const experts = expertBattles(files.pp);
    const leftOut = {
      named: files.named,
      judgeOnNamed: files.judgeOnNamed,
      selfBattles: files.pp.selfBattles,
      ...files.pp.leftOut,
    };
    const json = {
      models: lb.models.map(
        ({ model, rating, ci95, rank, battles, wins, losses, ties, judgeBattles, group, expertsOnly }) => ({
          model,
          rating,
          ci95,
          rank,
          battles,
          wins,
          losses,
          ties,
          judge_only_battles: judgeBattles,
          group,
          experts_only: expertsOnly,
        }),
      ),
      pairs: winTable(experts).map(({ model_a, model_b, n, share_a, ci95, p_value }) => ({
        model_a,
        model_b,
        n,
        share_a,
        ci95,
        p_value,
      })),
      battles: {
        counted: lb.labelled,
        named_left_out: files.named,
        self_battles_left_out: files.pp.selfBattles,
        layout: files.layout.battles,
      },
      bootstrap: lb.bootstrap
        ? {
            ...lb.bootstrap,
            unit: files.pp.set.units === files.pp.set.size ? "battle" : "query",
          }
        : null,
      anchor: lb.anchor,
      groups: lb.groups,
      comparable_across_groups: lb.groups <= 1,
      prediction_powered: {
        judge_battles: lb.labelled + lb.judgeBattles,
        labelled: lb.labelled,
        lambda: lb.lambda,
        effective_sample_ratio: lb.effectiveSampleRatio,
        lambda_estimate: lb.lambdaEstimate,
        intervals: lb.intervals,
        judge_left_out: {
          on_named: files.judgeOnNamed,
          unknown_planner: files.pp.leftOut.unknownPlanner,
          across_groups: files.pp.leftOut.acrossGroups,
        },
        judge_layout: files.layout.judge,
      },
    };
    await print(v.json ? JSON.stringify(json, null, 2) : formatPredictionPowered(lb, leftOut));
    return 0;
  } catch (e) {
    if (
      e instanceof BattlesError ||
      e instanceof PredictionPoweredInputError ||
      (e instanceof Error && /^--/.test(e.message))
    ) {
      console.error(`tripjudge leaderboard: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** Whole numbers only: "--folds 2.5" or "--seed x" is refused rather than rounded. */
function wholeNumber(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number, not "${v}"`);
  return Number(v);
}

async function fitCommand(v: {
  pairs?: string;
  grid?: string;
  folds?: string;
  bootstrap?: string;
  seed?: string;
  threads?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.pairs) {
    console.error(USAGE);
    return 2;
  }
  const { readFileSync } = await import("node:fs");
  const { fitWeights, gridFromFile, parseTrainingPairs, FitInputError, TRIPSCORE_GRID } =
    await import("../lib/results/fitting");
  const { formatFitReport } = await import("../lib/results/fitting");
  try {
    const pairs = parseTrainingPairs(readFileSync(v.pairs, "utf8"), v.pairs);
    const grid = v.grid ? gridFromFile(JSON.parse(readFileSync(v.grid, "utf8"))) : TRIPSCORE_GRID;
    let last = -1;
    const r = await fitWeights(pairs, {
      grid,
      folds: wholeNumber("folds", v.folds),
      bootstrap: wholeNumber("bootstrap", v.bootstrap),
      seed: wholeNumber("seed", v.seed),
      threads: wholeNumber("threads", v.threads),
      onProgress: (d) => {
        const pct = Math.floor(d * 10) * 10;
        if (!v.json && process.stderr.isTTY && pct !== last)
          process.stderr.write(`\rsearching the grid: ${(last = pct)} %`);
      },
    });
    if (!v.json && process.stderr.isTTY) process.stderr.write("\r");
    console.log(v.json ? JSON.stringify(r, null, 2) : formatFitReport(r));
    return 0;
  } catch (e) {
    if (e instanceof FitInputError || (e instanceof Error && e.name === "ZodError") || e instanceof SyntaxError) {
      console.error(`tripjudge fit: ${e instanceof SyntaxError ? `${v.grid}: ${e.message}` : e.message}`);
      return 1;
    }
    throw e;
  }
}

async function dslCommand(
  what: "eval" | "check",
  v: { plan?: string; pois?: string; code?: string[]; preference?: string; json?: boolean },
): Promise<number> {
  const { readFileSync } = await import("node:fs");
  const dsl = await import("../lib/constraints");
  if (!v.code?.length || (what === "eval" && !v.plan)) {
    console.error(USAGE);
    return 2;
  }
  const codes = v.code.map((f) => readFileSync(f, "utf8"));
  const where = (e: { line: number | null; column: number | null }) =>
    e.line === null ? "" : `:${e.line}:${e.column}`;
  if (what === "check") {
    const files = codes.map((c, i) => ({ file: v.code![i], problems: dsl.check(c, { preference: v.preference }) }));
    const n = files.reduce((a, f) => a + f.problems.length, 0);
    console.log(
      v.json
        ? JSON.stringify({ files, problems: files.flatMap((f) => f.problems) }, null, 2)
        : files
            .flatMap((f) =>
              f.problems.map((p) => `${f.file}${where(p)}: ${p.type}: ${p.message}${p.hint ? ` (${p.hint})` : ""}`),
            )
            .join("\n") || "no problems",
    );
    return n ? 1 : 0;
  }
  const { planFromFile, poisFromFile } = await import("../lib/constraints");
  const plan = planFromFile(readFileSync(v.plan!, "utf8"), v.plan!);
  const pois = v.pois ? poisFromFile(readFileSync(v.pois, "utf8"), v.pois) : [];
  const scope = dsl.planScope(plan, pois);
  const results = codes.map((c) => dsl.evaluate(c, scope, { preference: v.preference }));
  console.log(
    v.json
      ? JSON.stringify({ results }, null, 2)
      : results
          .map(
            (r, i) =>
              `${v.code![i]}: ${r.error ? `FAIL ${r.error.type}${where(r.error)}: ${r.error.message}` : r.result ? "PASS" : "FAIL"}${v.preference && !r.error ? ` ${v.preference} = ${JSON.stringify(r.value)}` : ""}`,
          )
          .join("\n"),
  );
  return 0;
}

/** A JSON or text file the user named, or a clear error naming it. */
async function readJsonFile(file: string, what: string): Promise<unknown> {
  const { readFileSync } = await import("node:fs");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    // A JSONL file of one record is read as that record.
    const lines = text.split("\n").filter((l) => l.trim());
    if (lines.length === 1) throw new Error(`${file}: not valid JSON (${(e as Error).message})`);
    try {
      return lines.map((l) => JSON.parse(l));
    } catch {
      throw new Error(`${file}: not valid JSON or JSONL (${(e as Error).message})`);
    }
  }
}

async function featuresCommand(v: {
  plan?: string;
  format?: string;
  pois?: string;
  query?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.plan) {
    console.error(USAGE);
    return 2;
  }
  const { featuresOfPlan } = await import("../lib/datasets/importers");
  // --format defaults to "jsonl" for the export command; here it names a plan format, and absent means "detect".
  const format = v.format === "jsonl" ? undefined : v.format;
  if (format !== undefined && !["tripscore", "chinatravel", "tripcraft"].includes(format)) {
    console.error(`tripjudge features: --format must be tripscore, chinatravel or tripcraft, not "${format}"`);
    return 2;
  }
  let plan = await readJsonFile(v.plan, "the plan");
  // A plans.jsonl of one record, or a JSON array holding one plan record, is that plan.
  if (Array.isArray(plan) && plan.length === 1 && plan[0] && typeof plan[0] === "object" && "plan" in plan[0])
    plan = plan[0];
  let query = v.query ? await readJsonFile(v.query, "the request") : undefined;
  if (Array.isArray(query)) query = query[0];
  const pois = v.pois ? await readJsonFile(v.pois, "the POI table") : undefined;
  if (pois !== undefined && !Array.isArray(pois)) throw new Error(`${v.pois}: expected a list of POIs`);
  const r = await featuresOfPlan({
    plan,
    format: format as "tripscore" | "chinatravel" | "tripcraft" | undefined,
    query,
    pois: pois as unknown[] | undefined,
  });
  if (v.json) await print(JSON.stringify(r, null, 2));
  else if (!r.ok) await print(r.problems.map(formatProblem).join("\n"));
  else
    await print(
      [
        `format ${r.format}; gates: format ${r.gates.format}, commonsense ${r.gates.commonsense}; reward ${r.reward.toFixed(4)} (TripScore's default weights)`,
        ...Object.entries(r.sub_scores).map(([k, x]) => `  ${k}: ${x === null ? "—" : x.toFixed(4)}`),
        ...(r.violations.length ? ["violations:", ...r.violations.map((x) => `  ${x}`)] : ["no violations"]),
        `request (${r.request.from}): ${r.request.text}`,
      ].join("\n"),
    );
  return r.ok ? 0 : 1;
}

async function agreementCommand(v: {
  ratings?: string;
  labels?: string;
  level?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.ratings) {
    console.error(USAGE);
    return 2;
  }
  const { readFileSync } = await import("node:fs");
  const { agreementSummary, labelsByValue, LEVELS, parseRatings, RatingsError } =
    await import("../lib/results/agreement");
  try {
    const level = LEVELS.find((l) => l === v.level);
    if (v.level !== undefined && !level)
      throw new RatingsError(`--level must be one of ${LEVELS.join(", ")} (got "${v.level.slice(0, 40)}")`);
    const labels = v.labels
      ? v.labels
          .split(",")
          .map((l) => l.trim())
          .filter(Boolean)
      : undefined;
    if (labels && (labels.length < 2 || new Set(labels.map((l) => l.toUpperCase())).size !== labels.length))
      throw new RatingsError("--labels needs two or more different labels, comma-separated");
    const text = readFileSync(v.ratings, "utf8");
    let s;
    if (level && !labels) {
      // No --labels: numeric labels are ordered by value (the level needs an order).
      const ordered = labelsByValue(parseRatings(text, v.ratings, null), level);
      s = agreementSummary(parseRatings(text, v.ratings, ordered), ordered, 1000, 1, level, "observed");
    } else s = agreementSummary(parseRatings(text, v.ratings, labels), labels, 1000, 1, level);
    const f = (x: number | null) => (x === null ? "—" : x.toFixed(4));
    await print(
      v.json
        ? JSON.stringify(s, null, 2)
        : [
            `${s.items} items, ${s.raters} raters, ${s.labels} labels`,
            `pairwise agreement ${f(s.pairwise_agreement)}, all agree ${f(s.all_agree)}`,
            `Fleiss ${f(s.fleiss_kappa)}, Light ${f(s.light_kappa)}, Krippendorff's alpha ${f(s.krippendorff_alpha)}`,
            `Cohen by slot pair: ${Object.entries(s.cohen_kappa_by_slot_pair)
              .map(([k, x]) => `${k} ${f(x)}`)
              .join(", ")}`,
            `majority: ${Object.entries(s.majority)
              .map(([k, n]) => `${k} ${n}`)
              .join(", ")}`,
            ...(s.level
              ? [
                  `Krippendorff's alpha (${s.level}) ${f(s.krippendorff_alpha_level ?? null)}`,
                  `weighted kappa by slot pair (linear / quadratic, on the ${s.weighted_kappa_scale === "observed" ? "levels each pair used" : "declared labels"}): ${Object.entries(
                    s.weighted_kappa_by_slot_pair ?? {},
                  )
                    .map(([k, x]) => `${k} ${f(x.linear)} / ${f(x.quadratic)}`)
                    .join(", ")}`,
                ]
              : []),
          ].join("\n"),
    );
    return 0;
  } catch (e) {
    if (e instanceof RatingsError) {
      console.error(`tripjudge agreement: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** Reads a whole text file, refusing one larger than the import limit before reading it. */
async function readLimited(file: string): Promise<string> {
  const { readFileSync, statSync } = await import("node:fs");
  const { config } = await import("../lib/kernel");
  const limit = config().IMPORT_MAX_BYTES;
  if (statSync(file).size > limit) throw new CliInputError(`${file}: larger than IMPORT_MAX_BYTES (${limit} bytes)`);
  return readFileSync(file, "utf8");
}
class CliInputError extends Error {}

async function reliabilityCommand(v: {
  ratings?: string;
  gold?: string;
  labels?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.ratings) {
    console.error(USAGE);
    return 2;
  }
  const { parseRatings, RatingsError } = await import("../lib/results/agreement");
  const { VERDICTS } = await import("../lib/judging/verdict");
  const { reliabilityReport, parseGold, GoldError } = await import("../lib/quality/reliability");
  const { formatReliability } = await import("../lib/quality/reliability");
  try {
    const labels = v.labels
      ? v.labels
          .split(",")
          .map((l) => l.trim())
          .filter(Boolean)
      : [...VERDICTS];
    if (labels.length < 2 || new Set(labels.map((l) => l.toUpperCase())).size !== labels.length)
      throw new RatingsError("--labels needs two or more different labels, comma-separated");
    const rows = parseRatings(await readLimited(v.ratings), v.ratings, labels);
    const gold = v.gold ? parseGold(await readLimited(v.gold), v.gold, labels) : null;
    const report = reliabilityReport(rows, labels, gold);
    await print(v.json ? JSON.stringify(report, null, 2) : formatReliability(report));
    return 0;
  } catch (e) {
    if (
      e instanceof RatingsError ||
      e instanceof GoldError ||
      e instanceof CliInputError ||
      (e as NodeJS.ErrnoException).code === "ENOENT"
    ) {
      console.error(`tripjudge reliability: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}

/** α or δ as a decimal, within the range the app's setting takes too (lib/results/escalation/limits.ts). */
function risk(name: "alpha" | "delta", v: string, riskProblem: (n: "alpha" | "delta", x: number) => string | null) {
  const x = Number(v);
  const problem = /^\s*(0?\.\d+|0|1)\s*$/.test(v) ? riskProblem(name, x) : `${name} must be a decimal number`;
  if (problem) throw new CliInputError(`--${problem}, such as 0.1, not "${v.slice(0, 40)}"`);
  return x;
}

async function escalateCommand(v: {
  calibration?: string;
  items?: string;
  judges?: string;
  alpha?: string;
  delta?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.calibration || !v.judges) {
    console.error(USAGE);
    return 2;
  }
  const { calibrateCascade, decideItems, EscalationInputError, formatEscalation, parseEscalationItems, riskProblem } =
    await import("../lib/results/escalation");
  try {
    // The defaults a dataset's escalation starts from: agreement 0.9, risk 0.1.
    const options = {
      alpha: risk("alpha", v.alpha ?? "0.1", riskProblem),
      delta: risk("delta", v.delta ?? "0.1", riskProblem),
    };
    const judges = v.judges.split(",").map((j) => j.trim());
    if (judges.some((j) => !j) || new Set(judges).size !== judges.length)
      throw new CliInputError("--judges needs one or more different judge names, comma-separated, cheapest first");
    const calibration = parseEscalationItems(await readLimited(v.calibration), v.calibration, { needHuman: true });
    if (!calibration.length) throw new CliInputError(`${v.calibration}: no calibration items`);
    // A misspelt judge would otherwise abstain on everything without a word.
    const named = new Set(calibration.flatMap((it) => [...it.judges.keys()]));
    const unknown = judges.filter((j) => !named.has(j));
    if (unknown.length)
      throw new CliInputError(
        `no calibration item has a verdict of ${unknown.map((j) => `"${j.slice(0, 60)}"`).join(", ")} (the file's judges: ${[...named].slice(0, 20).join(", ") || "none"})`,
      );
    const items = v.items ? parseEscalationItems(await readLimited(v.items), v.items, { needHuman: false }) : [];
    const stages = calibrateCascade(calibration, judges, options);
    const decisions = decideItems(items, stages);
    const json = {
      thresholds: stages.map((s) => ({
        judge: s.judge,
        threshold: s.threshold,
        calibration_items: s.calibrationItems,
        calibration_decided: s.decided,
        calibration_disagreed: s.disagreements,
        disagreement_upper_bound: s.upperBound,
      })),
      decisions,
    };
    await print(v.json ? JSON.stringify(json, null, 2) : formatEscalation(stages, decisions, items, options));
    return 0;
  } catch (e) {
    if (
      e instanceof EscalationInputError ||
      e instanceof CliInputError ||
      (e as NodeJS.ErrnoException).code === "ENOENT"
    ) {
      console.error(`tripjudge escalate: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}

/** A whole number within [low, high], or the default when not given. */
function boundedWhole(name: string, v: string | undefined, low: number, high: number, fallback?: number): number {
  if (v === undefined) {
    if (fallback === undefined) throw new CliInputError(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(v)) throw new CliInputError(`--${name} must be a whole number, not "${v.slice(0, 40)}"`);
  const n = Number(v);
  if (n < low || n > high) throw new CliInputError(`--${name} must be between ${low} and ${high}, not ${n}`);
  return n;
}

/** At most this many planners after --min-battles: the design costs q³ a fit. */
const SIMULATE_MAX_PLANNERS = 500;

async function simulateCommand(v: {
  battles?: string;
  policy?: string;
  budget?: string;
  warmup?: string;
  seeds?: string;
  "min-battles"?: string;
  raters?: string;
  exploration?: string;
  refit?: string;
  checkpoints?: string;
  "include-named"?: boolean;
  "trace-out"?: string;
  json?: boolean;
}): Promise<number> {
  if (!v.battles || v.budget === undefined) {
    console.error(USAGE);
    return 2;
  }
  const { BattlesError, formatServingStudy, POLICIES, readReplayLog, servingStudy } =
    await import("../lib/results/leaderboard");
  const { config } = await import("../lib/kernel");
  const { existsSync } = await import("node:fs");
  const { mkdir, writeFile } = await import("node:fs/promises");
  const path = await import("node:path");
  try {
    const policies = (v.policy ?? POLICIES.join(",")).split(",").map((x) => x.trim());
    const unknown = policies.filter((x) => !(POLICIES as readonly string[]).includes(x));
    if (unknown.length || !policies.length || new Set(policies).size !== policies.length)
      throw new CliInputError(
        `--policy must be one or more of ${POLICIES.join(", ")}, comma-separated, each once, not "${(v.policy ?? "").slice(0, 60)}"`,
      );
    const budget = boundedWhole("budget", v.budget, 1, 10_000_000);
    const warmup = boundedWhole("warmup", v.warmup, 0, 10_000_000, 2000);
    if (warmup >= budget) throw new CliInputError(`--warmup (${warmup}) must be below --budget (${budget})`);
    const seeds = boundedWhole("seeds", v.seeds, 1, 1000, 10);
    const minBattles = boundedWhole("min-battles", v["min-battles"], 0, 10_000_000, 200);
    const refit = boundedWhole("refit", v.refit, 1, 1_000_000, 100);
    const raters = boundedWhole("raters", v.raters, 1, 3, 1);
    if (raters !== 1 && raters !== 3) throw new CliInputError("--raters must be 1 or 3");
    const exploration = v.exploration === undefined ? 0.1 : Number(v.exploration);
    if (
      v.exploration !== undefined &&
      (!/^\s*(0?\.\d+|0|1(\.0*)?)\s*$/.test(v.exploration) || !(exploration >= 0 && exploration <= 1))
    )
      throw new CliInputError(
        `--exploration must be a share from 0 to 1, such as 0.1, not "${v.exploration.slice(0, 40)}"`,
      );
    let checkpoints: number[];
    if (v.checkpoints !== undefined) {
      checkpoints = v.checkpoints.split(",").map((x) => boundedWhole("checkpoints", x.trim(), 0, budget));
      if (checkpoints.length > 200 || checkpoints.some((x, i) => i > 0 && x <= checkpoints[i - 1]))
        throw new CliInputError("--checkpoints must be at most 200 vote counts, ascending, none above --budget");
    } else {
      // The warm-up, then twenty even steps to the budget.
      const step = (budget - warmup) / 20;
      checkpoints = [
        ...new Set([warmup, ...Array.from({ length: 20 }, (_, i) => Math.round(warmup + (i + 1) * step))]),
      ];
    }
    const log = await readReplayLog(v.battles, config().IMPORT_MAX_BYTES, {
      includeNamed: v["include-named"],
      minBattles,
    });
    if (log.models.length > SIMULATE_MAX_PLANNERS)
      throw new CliInputError(
        `${log.models.length} planners, above the limit of ${SIMULATE_MAX_PLANNERS}: raise --min-battles`,
      );
    if (budget > log.a.length)
      throw new CliInputError(`--budget ${budget} is above the ${log.a.length} battles kept from the log: lower it`);
    const dir = v["trace-out"];
    const traceFile = (policy: string, seed: number) => path.join(dir!, `${policy}.${seed}.json`);
    if (dir !== undefined) {
      // Never overwrite an earlier run's traces.
      const taken = policies.flatMap((p) => Array.from({ length: seeds }, (_, s) => traceFile(p, s))).find(existsSync);
      if (taken) throw new CliInputError(`--trace-out: ${taken} exists; remove it or choose another folder`);
      await mkdir(dir, { recursive: true });
    }
    const study = await servingStudy(log, {
      policies: policies as (typeof POLICIES)[number][],
      seeds,
      budget,
      warmup,
      checkpoints,
      exploration,
      refit,
      raters: raters as 1 | 3,
      onRun:
        dir === undefined
          ? undefined
          : (policy, seed, run) => writeFile(traceFile(policy, seed), JSON.stringify(run.trace) + "\n", { flag: "wx" }),
    });
    const pairs = new Set(
      Array.from(log.a, (a, k) => Math.min(a, log.b[k]) * log.models.length + Math.max(a, log.b[k])),
    );
    const json = {
      log: {
        file: v.battles,
        layout: log.layout,
        read: log.read,
        kept: log.a.length,
        planners: log.models.length,
        pairs: pairs.size,
        left_out: { named: log.leftOut.named, self: log.leftOut.self, few_battles: log.leftOut.fewBattles },
        min_battles: minBattles,
      },
      settings: { policies, budget, warmup, seeds, raters, exploration, refit, covariance: "sandwich", checkpoints },
      policies: study.policies.map((p) => ({
        policy: p.policy,
        exhausted_runs: p.exhaustedRuns,
        checkpoints: p.checkpoints.map((c) => ({
          votes: c.votes,
          runs: c.runs,
          median: c.median,
          widest: c.widest,
          rms: c.rms,
          coverage: c.coverage,
          order_agreement: c.orderAgreement,
        })),
      })),
      baseline: study.baseline,
      savings: study.savings.map((x) => ({
        policy: x.policy,
        metric: x.metric,
        baseline_width: x.baselineWidth,
        votes_needed: x.votesNeeded,
        votes_saved: x.votesSaved,
        width_change: x.widthChange,
      })),
    };
    await print(
      v.json
        ? JSON.stringify(json, null, 2)
        : [
            `${v.battles}: ${log.read} battles read, ${log.a.length} kept among ${log.models.length} planners (${pairs.size} pairs); left out: ${log.leftOut.named} non-anonymous, ${log.leftOut.self} of a planner against itself, ${log.leftOut.fewBattles} with a planner below ${minBattles} battles`,
            `${budget} votes (warm-up ${warmup}, the log's own mix), seeds 0–${seeds - 1}, ${raters} vote(s) a pair; informative: exploration ${exploration}, refit every ${refit} labels, sandwich covariance`,
            "",
            formatServingStudy(study, { raters }),
            ...(dir !== undefined ? ["", `traces: ${path.join(dir, "<policy>.<seed>.json")}`] : []),
          ].join("\n"),
    );
    return 0;
  } catch (e) {
    if (e instanceof BattlesError || e instanceof CliInputError) {
      console.error(`tripjudge simulate: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** Writes to stdout and resolves once the bytes are handed to the OS (a pipe read slowly must still get all of them). */
function print(text: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(text + "\n", () => resolve()));
}

/** Exits only after stdout and stderr have flushed everything: process.exit would drop what a full pipe still holds. */
function finish(code: number) {
  process.exitCode = code;
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

main(process.argv.slice(2)).then(finish, (e) => {
  console.error(e instanceof ImportRefused ? e.message : `tripjudge: ${e instanceof Error ? e.message : e}`);
  finish(1);
});
