#!/usr/bin/env -S npx tsx
/**
 * tripjudge — the command line. Reuses lib/ exactly as the app does.
 *   tripjudge validate BUNDLE [--exclude-infeasible] [--progress] [--json]
 *   tripjudge import BUNDLE [--exclude-infeasible] [--progress] [--json]     (DATABASE_URL, or the embedded server)
 *   tripjudge export judgments|labelled-pairs|training-pairs|annotations|battles [--format jsonl|csv] [--dataset ID] [--destination ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--complete] [--final] [--names] [--out FILE]
 *   tripjudge fit --pairs FILE [--grid FILE] [--folds 5] [--bootstrap 1000] [--seed N] [--threads N] [--json]
 *   tripjudge dsl eval --plan FILE [--pois FILE] --code FILE [--code FILE …] [--preference NAME] [--json]
 *   tripjudge dsl check --code FILE [--code FILE …] [--preference NAME] [--json]
 *   tripjudge features --plan FILE [--format tripscore|chinatravel|tripcraft] [--pois FILE] [--query FILE] [--json]
 *   tripjudge agreement --ratings FILE [--labels A,B,NEITHER] [--json]
 *   tripjudge leaderboard --battles FILE [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
 *   tripjudge reliability --ratings FILE [--gold FILE] [--labels A,B,NEITHER] [--json]
 * Every command writes all of its output before it exits (a slow reader of a pipe gets every byte).
 */
import { parseArgs } from "node:util";
import { formatProblem, ImportRefused } from "../lib/importers/problems";

const USAGE = `usage:
  tripjudge validate BUNDLE [--exclude-infeasible] [--progress] [--json]
  tripjudge import BUNDLE [--exclude-infeasible] [--progress] [--json]
  tripjudge export judgments|labelled-pairs|training-pairs|annotations|battles [--format jsonl|csv] [--dataset ID] [--destination ID] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--complete] [--final] [--names] [--out FILE]
  tripjudge fit --pairs FILE [--grid FILE] [--folds 5] [--bootstrap 1000] [--seed N] [--threads N] [--json]
  tripjudge dsl eval --plan FILE [--pois FILE] --code FILE [--code FILE …] [--preference NAME] [--json]
  tripjudge dsl check --code FILE [--code FILE …] [--preference NAME] [--json]
  tripjudge features --plan FILE [--format tripscore|chinatravel|tripcraft] [--pois FILE] [--query FILE] [--json]
  tripjudge agreement --ratings FILE [--labels A,B,NEITHER] [--json]
  tripjudge leaderboard --battles FILE [--bootstrap N] [--seed N] [--include-named] [--anchor MODEL=RATING] [--json]
  tripjudge reliability --ratings FILE [--gold FILE] [--labels A,B,NEITHER] [--json]
BUNDLE is a folder or .zip with manifest.json, pois, queries, plans (JSON or JSONL).`;

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
      battles: { type: "string" },
      gold: { type: "string" },
      "include-named": { type: "boolean", default: false },
      anchor: { type: "string" },
      progress: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (command === "fit" && !values.help) return fitCommand(values);
  if (command === "features" && !values.help) return featuresCommand(values);
  if (command === "agreement" && !values.help) return agreementCommand(values);
  if (command === "leaderboard" && !values.help) return leaderboardCommand(values);
  if (command === "reliability" && !values.help) return reliabilityCommand(values);
  if (command === "dsl" && !values.help && (positionals[0] === "eval" || positionals[0] === "check"))
    return dslCommand(positionals[0], values);
  if (!command || values.help || !["validate", "import", "export"].includes(command) || positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  if (command === "export") return exportCommand(positionals[0], values);
  const { sourceFromPath } = await import("../lib/importers/source");
  const { config } = await import("../lib/config");
  const { progressPrinter } = await import("../lib/importers/progress");
  // One size limit for the web upload and the command line.
  const maxBytes = config().IMPORT_MAX_BYTES;
  const json = values.json ?? false;
  const onProgress =
    values.progress || process.stderr.isTTY ? progressPrinter((line) => process.stderr.write(line)) : undefined;
  const opts = { excludeInfeasible: values["exclude-infeasible"], maxBytes, onProgress };
  if (command === "validate") {
    const { streamBundle, DiscardingSink } = await import("../lib/importers");
    const source = await sourceFromPath(positionals[0], maxBytes);
    try {
      const r = await streamBundle(source, new DiscardingSink(), opts);
      if (!r.ok) {
        const more = r.more ? `\n… and ${r.more} more problem(s)` : "";
        out(
          json,
          { ok: false, problems: r.problems, truncated: r.truncated, more: r.more },
          r.problems.map(formatProblem).join("\n") + more,
        );
        return 1;
      }
      out(
        json,
        { ok: true, counts: r.counts },
        `valid: ${Object.entries(r.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
      return 0;
    } finally {
      await source.close();
    }
  }
  const { openDatabase } = await import("../lib/db/embedded");
  const { migrate } = await import("../lib/db/migrate");
  const { closeDb, createDb } = await import("../lib/db/client");
  const { importBundle } = await import("../lib/db/imports");
  const source = await sourceFromPath(positionals[0], maxBytes);
  const database = await openDatabase();
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    const r = await importBundle(db, source, opts);
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
      r,
      `${r.created ? "imported" : "already imported, nothing changed"}: ${r.name} (${Object.entries(r.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")})`,
    );
    return 0;
  } finally {
    await database.stop();
  }
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
  },
): Promise<number> {
  const { EXPORT_KINDS, exportQuery, exportText, filtersOf } = await import("../lib/export/kinds");
  const { records } = await import("../lib/db/exports");
  const kind = EXPORT_KINDS.find((k) => k === what);
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
  });
  if (!kind || !parsed.success) {
    if (!parsed.success) for (const i of parsed.error.issues) console.error(`--${i.path.join(".")}: ${i.message}`);
    console.error(USAGE);
    return 2;
  }
  const q = parsed.data;
  const { createWriteStream } = await import("node:fs");
  const { openDatabase } = await import("../lib/db/embedded");
  const { closeDb, createDb } = await import("../lib/db/client");
  const { migrate } = await import("../lib/db/migrate");
  const database = await openDatabase();
  await migrate(database.url);
  const db = createDb(database.url);
  const out = v.out ? createWriteStream(v.out) : process.stdout;
  const write = (s: string) =>
    new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once("drain", () => resolve())));
  try {
    let n = 0;
    for await (const chunk of exportText(
      kind,
      q.format,
      records(kind, db, filtersOf(q), { names: q.names === "1" }),
      65_536,
      (rows) => (n = rows),
    ))
      await write(chunk);
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

async function leaderboardCommand(v: {
  battles?: string;
  bootstrap?: string;
  seed?: string;
  json?: boolean;
  "include-named"?: boolean;
  anchor?: string;
}): Promise<number> {
  if (!v.battles) {
    console.error(USAGE);
    return 2;
  }
  const { readBattlesFile } = await import("../lib/leaderboard/file");
  const { BattlesError } = await import("../lib/leaderboard/battles");
  const { leaderboard, LeaderboardInputError } = await import("../lib/leaderboard/leaderboard");
  const { formatLeaderboard } = await import("../lib/leaderboard/text");
  const { config } = await import("../lib/config");
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
    const file = await readBattlesFile(v.battles, config().IMPORT_MAX_BYTES, { includeNamed: v["include-named"] });
    const lb = leaderboard(file.set, { bootstrap, seed: wholeNumber("seed", v.seed), anchor });
    const models = lb.models.map(({ model, rating, ci95, rank, battles, wins, losses, ties, absentReplicates }) => ({
      model,
      rating,
      ci95,
      rank,
      battles,
      wins,
      losses,
      ties,
      absent_replicates: absentReplicates,
    }));
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
      layout: file.layout,
    };
    const { replicates, seed, units, unit, unconverged } = lb.bootstrap;
    const json = {
      models,
      pairs,
      battles,
      bootstrap: { replicates, seed, units, unit, unconverged },
      anchor: lb.anchor,
    };
    await print(
      v.json
        ? JSON.stringify(json, null, 2)
        : formatLeaderboard(lb, { named: file.named, selfBattles: file.selfBattles }),
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
    await import("../lib/fitting");
  const { formatFitReport } = await import("../lib/fitting/text");
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
  const dsl = await import("../lib/dsl");
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
  const { planFromFile, poisFromFile } = await import("../lib/dsl/files");
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
  const { featuresOfPlan } = await import("../lib/importers/single-plan");
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

async function agreementCommand(v: { ratings?: string; labels?: string; json?: boolean }): Promise<number> {
  if (!v.ratings) {
    console.error(USAGE);
    return 2;
  }
  const { readFileSync } = await import("node:fs");
  const { agreementSummary, parseRatings, RatingsError } = await import("../lib/agreement/ratings");
  try {
    const labels = v.labels
      ? v.labels
          .split(",")
          .map((l) => l.trim())
          .filter(Boolean)
      : undefined;
    if (labels && (labels.length < 2 || new Set(labels.map((l) => l.toUpperCase())).size !== labels.length))
      throw new RatingsError("--labels needs two or more different labels, comma-separated");
    const s = agreementSummary(parseRatings(readFileSync(v.ratings, "utf8"), v.ratings, labels), labels);
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
  const { config } = await import("../lib/config");
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
  const { parseRatings, RatingsError } = await import("../lib/agreement/ratings");
  const { VERDICTS } = await import("../lib/agreement/labels");
  const { reliabilityReport, parseGold, GoldError } = await import("../lib/reliability/report");
  const { formatReliability } = await import("../lib/reliability/text");
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
