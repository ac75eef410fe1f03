/**
 * A dataset repository a researcher can push to the Hugging Face Hub as it is (issue 28 item 5): one folder per
 * configuration (preference pairs in data/, SFT rows in sft/, raw judgments in judgments/), one Parquet file per
 * split named as the Hub's own conversions are (`train-00000-of-00001.parquet`), and a README.md dataset card whose
 * YAML header lists each configuration's data_files per split (the Hub's "configs" metadata, docs: datasets-manual-
 * configuration) so `load_dataset(DIR, "sft")` finds them. Each file is written as its rows stream (memory flat).
 */
import { createReadStream, readFileSync } from "node:fs";
import { mkdir, open, readdir } from "node:fs/promises";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import path from "node:path";
import type { Interval } from "../results/agreement";
import { parquetChunks, type Columns } from "./parquet";

/** A configuration of the repository: its folder, its columns, and its rows each with the split it belongs to. */
export interface HfConfig {
  name: "preference_pairs" | "sft" | "judgments";
  folder: string;
  columns: Columns;
  rows: () => AsyncIterable<{ split: string; row: Record<string, unknown> }>;
}

export const HF_FILE = (split: string) => `${split}-00000-of-00001.parquet`;

/** A folder to write into must be new or empty: a repository never mixes this export's files with older ones. */
export async function checkOutDir(dir: string): Promise<string | null> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : null));
  if (entries === null) return `${dir} cannot be read as a folder`;
  return entries.length ? `${dir} is not empty: give a new or empty folder` : null;
}

/**
 * Writes one configuration: a pass that counts each split's rows, then one pass per split writing its file (a
 * split's rows are never held; a split with no rows has no file and no entry in the card).
 */
export async function writeConfig(dir: string, c: HfConfig): Promise<Record<string, number>> {
  return writeSplitFiles(path.join(dir, c.folder), "parquet", c.columns, c.rows, HF_FILE, {
    "tripjudge.config": c.name,
  });
}

/**
 * One file per split in `dir`, named by `fileName`: JSONL in one pass (a file per split open at once); Parquet a
 * pass that counts each split's rows, then one pass per split (a split's rows are never held). A split with no
 * rows has no file. Returns the rows per split.
 */
export async function writeSplitFiles(
  dir: string,
  format: "jsonl" | "parquet",
  columns: Columns,
  rows: () => AsyncIterable<{ split: string; row: Record<string, unknown> }>,
  fileName: (split: string) => string,
  metadata: Record<string, string> = {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await mkdir(dir, { recursive: true });
  if (format === "jsonl") {
    const files = new Map<string, Awaited<ReturnType<typeof open>>>();
    try {
      for await (const { split, row } of rows()) {
        let f = files.get(split);
        if (!f) files.set(split, (f = await open(path.join(dir, fileName(split)), "wx")));
        await f.write(JSON.stringify(row) + "\n");
        counts[split] = (counts[split] ?? 0) + 1;
      }
    } finally {
      for (const f of files.values()) await f.close();
    }
    return counts;
  }
  for await (const { split } of rows()) counts[split] = (counts[split] ?? 0) + 1;
  for (const split of Object.keys(counts).sort()) {
    const file = await open(path.join(dir, fileName(split)), "wx");
    try {
      const only = async function* () {
        for await (const r of rows()) if (r.split === split) yield r.row;
      };
      for await (const chunk of parquetChunks(columns, only(), { metadata })) await file.write(chunk);
    } finally {
      await file.close();
    }
  }
  return counts;
}

export interface HfCardFacts {
  title: string;
  license: string | null;
  version: string;
  exportedAt: string;
  filters: Record<string, string | number | boolean | null | undefined>;
  /** Rows per split of each configuration written. */
  configs: { name: HfConfig["name"]; folder: string; splits: Record<string, number> }[];
  protocol: { raters: number[]; strength: boolean; dimensions: string[] };
  requestsPerSplit: Record<string, number>;
  leftOut: Record<string, number>;
  agreement: {
    pairs: number;
    fleiss: Stat;
    krippendorff: Stat;
    pairwise: Stat;
    allAgree: Stat;
  };
  dawidSkene: { pairs: number; differ: number };
  target: string;
  /** Whose labels the trainer configurations hold: the experts' only, or the judges' decisions too. */
  labelSource: "experts" | "all";
}

type Stat = { value: number | null; ci: Interval | null };

const SPLIT_ORDER = ["train", "validation", "test"];
const bySplitOrder = (a: string, b: string) =>
  (SPLIT_ORDER.indexOf(a) + 1 || 99) - (SPLIT_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

function sizeCategory(n: number): string {
  const bands: [number, string][] = [
    [1e3, "n<1K"],
    [1e4, "1K<n<10K"],
    [1e5, "10K<n<100K"],
    [1e6, "100K<n<1M"],
    [1e7, "1M<n<10M"],
  ];
  return bands.find(([max]) => n < max)?.[1] ?? "10M<n<100M";
}

const yamlString = (s: string) => JSON.stringify(s);
const num = (x: number | null, digits = 3) => (x === null || !Number.isFinite(x) ? "—" : x.toFixed(digits));
const withCi = (s: Stat) => (s.ci ? `${num(s.value)} (95 % CI ${num(s.ci.lo)}–${num(s.ci.hi)})` : num(s.value));

/** The dataset card: the Hub's YAML header, then what a reviewer needs to trust and reuse the labels. */
export function datasetCard(f: HfCardFacts): string {
  const written = f.configs.filter((c) => Object.keys(c.splits).length);
  const total = written.reduce((s, c) => s + Object.values(c.splits).reduce((a, b) => a + b, 0), 0);
  const yaml = [
    "---",
    ...(f.license ? [`license: ${f.license}`] : []),
    `pretty_name: ${yamlString(f.title)}`,
    "task_categories:",
    "- text-generation",
    "tags:",
    "- travel-planning",
    "- human-feedback",
    "- preference",
    "- dpo",
    "- reward-modeling",
    "- tripjudge",
    "size_categories:",
    `- ${sizeCategory(total)}`,
    "configs:",
    ...written.flatMap((c, i) => [
      `- config_name: ${c.name}`,
      ...(i === 0 ? ["  default: true"] : []),
      "  data_files:",
      ...Object.keys(c.splits)
        .sort(bySplitOrder)
        .flatMap((s) => [`  - split: ${s}`, `    path: ${c.folder}/${s}-*`]),
    ]),
    "---",
  ];
  const raters = [...new Set(f.protocol.raters)].sort((a, b) => a - b);
  const ratersText = raters.length ? raters.join(" or ") : "3";
  const splitNames = [...new Set(written.flatMap((c) => Object.keys(c.splits)))].sort(bySplitOrder);
  const splitsTable = [`| configuration | ${splitNames.join(" | ")} |`];
  splitsTable.push(`|---|${splitNames.map(() => "---:").join("|")}|`);
  for (const c of written) splitsTable.push(`| ${c.name} | ${splitNames.map((s) => c.splits[s] ?? 0).join(" | ")} |`);
  splitsTable.push(`| requests | ${splitNames.map((s) => f.requestsPerSplit[s] ?? 0).join(" | ")} |`);
  const leftOut = Object.entries(f.leftOut).filter(([, n]) => n > 0);
  const ds = f.dawidSkene;
  const body = [
    `# ${f.title}`,
    "",
    "Expert preferences between travel itineraries written by language models, collected and exported with",
    `TripJudge ${f.version} on ${f.exportedAt.slice(0, 10)}.`,
    "",
    "## Protocol",
    "",
    `Each pair of plans for the same travel request was judged blind by ${ratersText} different travel experts of its`,
    "destination, who saw the request and both plans side by side (map and day timeline, the side of each plan drawn at",
    "random and the planner's name hidden) and chose plan A, plan B or Neither, with a written rationale.",
    f.protocol.strength
      ? "A or B verdicts carry a strength: 1 slightly, 2 clearly, 3 decisively better."
      : "Verdicts carry no strength.",
    f.protocol.dimensions.length
      ? `Experts also compared the plans on ${f.protocol.dimensions.length} dimensions: ${f.protocol.dimensions.join(", ")}.`
      : "",
    "A pair's label is its majority verdict (2 of 3), or an administrator's adjudication of a 1-1-1 split. Gold",
    "pairs (plans with a known defect, used to qualify and monitor the experts) are not in this dataset.",
    ...(f.labelSource === "all"
      ? [
          "The preference pairs and SFT rows also hold pairs an automatic judge decided instead of the experts, where",
          "its confidence cleared a threshold calibrated to agree with the experts' majority (guaranteed escalation);",
          `such a pair's label is the judge's verdict${f.target === "trl" ? ', and its row says so (`label_source` "judge", with `label_judge`, `label_threshold` and `label_confidence`)' : ""}.`,
        ]
      : ["Every label is the experts': pairs an automatic judge decided instead of them are not in this dataset."]),
    "",
    "## Configurations",
    "",
    `- \`preference_pairs\` (data/): one row per labelled pair whose label is A or B, in ${f.target === "openai" ? "OpenAI's preference fine-tuning" : "TRL's conversational preference"} format: the request as the prompt, the preferred and the other plan as the assistant's answer, each plan exactly as the source dataset published it.`,
    "- `sft` (sft/): one conversation per request, the answer being the plan its experts prefer (it won every labelled pair it was in, or it is the request's top plan by a Bradley–Terry fit on the request's judgments).",
    "- `judgments` (judgments/): every expert verdict with its rationale and time on task; experts are pseudonymous.",
    "",
    "## Splits",
    "",
    "Splits are by request: a request and all of its pairs, its SFT row and its judgments are in one split, and no",
    "request crosses splits (the source dataset's own train/validation/test field where it has one, else a seeded",
    "hash of the request id).",
    "",
    ...splitsTable,
    "",
    ...(leftOut.length
      ? [
          `Left out of the preference pairs and SFT rows: ${leftOut.map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ")}.`,
          "",
        ]
      : []),
    "## Agreement",
    "",
    `Over ${f.agreement.pairs} complete pairs (95 % bootstrap intervals over pairs):`,
    "",
    `- Fleiss' kappa: ${withCi(f.agreement.fleiss)}`,
    `- Krippendorff's alpha (nominal): ${withCi(f.agreement.krippendorff)}`,
    `- Pairwise agreement: ${withCi(f.agreement.pairwise)}`,
    `- All experts agree: ${withCi(f.agreement.allAgree)}`,
    "",
    `Dawid–Skene's label differs from the majority on ${ds.differ} of ${ds.pairs} labelled pairs (${ds.pairs ? ((100 * ds.differ) / ds.pairs).toFixed(1) : "0.0"} %).`,
    "",
    "## Export",
    "",
    `- TripJudge version: ${f.version}`,
    `- Exported at: ${f.exportedAt}`,
    `- Filters and options: ${
      Object.entries(f.filters)
        .filter(([, v]) => v !== undefined && v !== null && v !== "")
        .map(([k, v]) => `${k}=${v}`)
        .join(", ") || "none"
    }`,
    f.license
      ? `- Licence of the source data: ${f.license}`
      : "- Licence: the source bundle named none; ask its owners.",
    "",
    "## Loading",
    "",
    "```python",
    "from datasets import load_dataset",
    'pairs = load_dataset("path/to/this/folder", "preference_pairs")',
    'sft = load_dataset("path/to/this/folder", "sft")',
    "```",
    "",
  ];
  return [...yaml, "", ...body.filter((l, i, a) => !(l === "" && a[i - 1] === ""))].join("\n");
}

/** TripJudge's version as package.json gives it (the card names it). */
export function tripjudgeVersion(): string {
  return JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version as string;
}

/**
 * The repository as one .zip, streamed a file chunk at a time (the web's download of it: a job's stored file).
 * Parquet files are stored as they are (already compressed); the card is deflated.
 */
export async function* zipFolder(dir: string): AsyncGenerator<Uint8Array> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((e, chunk) => (e ? (failure = e) : out.push(chunk)));
  for (const name of files) {
    const entry = name.endsWith(".parquet") ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    for await (const chunk of createReadStream(path.join(dir, name), { highWaterMark: 1 << 20 })) {
      entry.push(chunk as Uint8Array, false);
      while (out.length) yield out.shift()!;
    }
    entry.push(new Uint8Array(0), true);
    while (out.length) yield out.shift()!;
  }
  zip.end();
  while (out.length) yield out.shift()!;
  if (failure) throw failure;
}
