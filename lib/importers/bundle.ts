/**
 * A dataset bundle: one folder or .zip archive holding a manifest, the POI table, the queries,
 * the plans and optionally the pairs (JSON or JSONL). See README "Dataset bundles".
 */
import { createHash } from "node:crypto";
import { unzipSync } from "fflate";
import { z } from "zod";
import { ImportRefused, Problems } from "./problems";
import { decodeUtf8, readJsonLines, readRecords, type SourceRecord } from "./records";

export const BUNDLE_FORMATS = ["tripscore", "chinatravel", "tripcraft", "canonical"] as const;
export type BundleFormat = (typeof BUNDLE_FORMATS)[number];

export const manifestSchema = z.object({
  format: z.enum(BUNDLE_FORMATS, { message: `expected one of ${BUNDLE_FORMATS.join(", ")}` }),
  name: z.string().min(1).max(200),
  destinations: z
    .array(
      z.object({
        name: z.string().min(1),
        country: z.string().min(1),
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
        /** Other spellings used by the records (e.g. "南京" for Nanjing). */
        aliases: z.array(z.string()).default([]),
      }),
    )
    .min(1),
  requiredRaters: z.number().int().min(1).max(10).default(3),
  /** "all": every two plans of a query form a pair; "listed": only the pairs in pairs.json(l). */
  pairs: z.enum(["all", "listed"]).default("all"),
});
export type Manifest = z.infer<typeof manifestSchema>;

export interface BundleRecords {
  manifest: Manifest;
  pois: SourceRecord[];
  queries: SourceRecord[];
  plans: SourceRecord[];
  pairs: SourceRecord[];
  transports: SourceRecord[];
}

export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** A size for people: "256 MiB", "1.5 MiB", "980 bytes". */
export function sizeText(bytes: number): string {
  if (bytes >= 1048576) return `${Number((bytes / 1048576).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}
const PARTS = ["pois", "queries", "plans", "pairs", "transports"] as const;

/** Files by their name inside the bundle (folder prefix removed). */
export type BundleFiles = Map<string, Uint8Array>;

export function filesFromZip(bytes: Uint8Array, maxBytes = DEFAULT_MAX_BYTES): BundleFiles {
  let entries: Record<string, Uint8Array>;
  let total = 0;
  // Files are known by their name alone: two entries with one name (in two folders, or twice) are ambiguous.
  const seen = new Map<string, string>();
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        total += f.originalSize;
        if (total > maxBytes) throw new ImportRefused(`The archive unpacks to more than the ${sizeText(maxBytes)} limit.`);
        const keep = !f.name.endsWith("/") && !f.name.split("/").some((p) => p.startsWith(".") || p === "__MACOSX");
        if (keep) {
          const base = f.name.split("/").pop()!;
          const other = seen.get(base);
          if (other !== undefined) throw new ImportRefused(`The archive holds two files named ${base} (${other} and ${f.name}): keep one.`);
          seen.set(base, f.name);
        }
        return keep;
      },
    });
  } catch (e) {
    if (e instanceof ImportRefused) throw e;
    throw new ImportRefused(`The archive could not be read as a .zip file: ${(e as Error).message}`);
  }
  const files: BundleFiles = new Map();
  for (const [name, data] of Object.entries(entries)) files.set(name.split("/").pop()!, data);
  return files;
}

export function readBundle(files: BundleFiles, problems: Problems, maxBytes = DEFAULT_MAX_BYTES): BundleRecords | null {
  const total = [...files.values()].reduce((n, f) => n + f.byteLength, 0);
  if (total > maxBytes) throw new ImportRefused(`The bundle is ${sizeText(total)}, over the ${sizeText(maxBytes)} limit.`);
  const manifestBytes = files.get("manifest.json");
  if (!manifestBytes) throw new ImportRefused("The bundle has no manifest.json (it names the format: tripscore, chinatravel, tripcraft or canonical).");
  const manifestText = decodeUtf8("manifest.json", manifestBytes, problems);
  const manifestRecords = manifestText === null ? [] : readRecords("manifest.json", manifestText, problems);
  const parsed = manifestSchema.safeParse(manifestRecords[0]?.value);
  if (!parsed.success) {
    if (manifestRecords.length) problems.fromZod("manifest.json", null, parsed.error);
    return null;
  }
  const out: BundleRecords = { manifest: parsed.data, pois: [], queries: [], plans: [], pairs: [], transports: [] };
  for (const part of PARTS) {
    const names = [`${part}.json`, `${part}.jsonl`].filter((n) => files.has(n));
    if (names.length > 1) problems.add(names[1], null, "$", `both ${names.join(" and ")} are present; keep one`);
    const name = names[0];
    if (!name) continue;
    if (/\.(jsonl|ndjson)$/.test(name)) {
      out[part] = readJsonLines(name, files.get(name)!, problems);
      continue;
    }
    const text = decodeUtf8(name, files.get(name)!, problems);
    if (text !== null) out[part] = readRecords(name, text, problems);
  }
  // TripCraft's evaluation format carries each request in its plan record: no queries file is needed then.
  const embedded = parsed.data.format === "tripcraft" && out.plans.some((r) => !!r.value && typeof r.value === "object" && "JSON" in r.value);
  if (!out.queries.length && !embedded && !problems.list.some((p) => p.file.startsWith("queries"))) problems.add("queries.json", null, "$", "the bundle has no queries (queries.json or queries.jsonl)");
  if (!out.plans.length && !problems.list.some((p) => p.file.startsWith("plans"))) problems.add("plans.json", null, "$", "the bundle has no plans (plans.json or plans.jsonl)");
  if (parsed.data.pairs === "listed" && !out.pairs.length) problems.add("manifest.json", null, "$.pairs", `"listed" needs a pairs.json or pairs.jsonl file`);
  return out;
}

/** Content hash of a bundle: its files by name and bytes (so a re-import is recognized before parsing). */
export function bundleHash(files: BundleFiles): string {
  const h = createHash("sha256");
  for (const name of [...files.keys()].sort()) {
    h.update(`${name}\0${files.get(name)!.byteLength}\0`);
    h.update(files.get(name)!);
  }
  return h.digest("hex");
}

export function textFiles(entries: Record<string, string>): BundleFiles {
  const enc = new TextEncoder();
  return new Map(Object.entries(entries).map(([k, v]) => [k, enc.encode(v)]));
}
