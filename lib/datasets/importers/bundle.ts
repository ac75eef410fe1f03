/**
 * A dataset bundle: one folder or .zip archive holding a manifest, the POI table, the queries,
 * the plans and optionally the pairs (JSON or JSONL). See docs/admins.md, "Dataset bundles".
 */
import { z } from "zod";
import { ImportRefused, Problems } from "./problems";
import { readAll } from "./records";
import { DEFAULT_MAX_BYTES, sizeText, type BundleFiles, type BundleSource } from "./source";

export { DEFAULT_MAX_BYTES, sizeText, type BundleFiles };

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
  /** The data's licence, as an SPDX identifier (e.g. "cc-by-4.0"): dataset cards made from its labels name it. */
  license: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9.+-]*$/, "expected an SPDX licence identifier such as cc-by-4.0 or mit")
    .optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const PARTS = ["pois", "queries", "plans", "pairs", "transports"] as const;
export type Part = (typeof PARTS)[number];

/** The manifest, or null with its problems (ImportRefused when there is none at all). */
export async function readManifest(source: BundleSource, problems: Problems): Promise<Manifest | null> {
  if (!source.names.includes("manifest.json"))
    throw new ImportRefused(
      "The bundle has no manifest.json (it names the format: tripscore, chinatravel, tripcraft or canonical).",
    );
  if (source.sizeOf("manifest.json") > 1 << 20)
    throw new ImportRefused(
      `manifest.json is ${sizeText(source.sizeOf("manifest.json"))}; a manifest is a few lines (1 MiB at most).`,
    );
  const records = await readAll("manifest.json", source.open("manifest.json"), problems);
  const parsed = manifestSchema.safeParse(records[0]?.value);
  if (parsed.success) return parsed.data;
  if (records.length) problems.fromZod("manifest.json", null, parsed.error);
  return null;
}

/** The file that holds each part (pois.json or pois.jsonl, …); both present is a problem. */
export function partFiles(source: BundleSource, problems: Problems): Partial<Record<Part, string>> {
  const out: Partial<Record<Part, string>> = {};
  for (const part of PARTS) {
    const names = [`${part}.json`, `${part}.jsonl`, `${part}.ndjson`].filter((n) => source.names.includes(n));
    if (names.length > 1) problems.add(names[1], null, "$", `both ${names.join(" and ")} are present; keep one`);
    if (names[0]) out[part] = names[0];
  }
  return out;
}

export function textFiles(entries: Record<string, string>): BundleFiles {
  const enc = new TextEncoder();
  return new Map(Object.entries(entries).map(([k, v]) => [k, enc.encode(v)]));
}
