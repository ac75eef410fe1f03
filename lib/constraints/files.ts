/** Files for the command line: plans (a ChinaTravel plan as it is, or a canonical itinerary viewed in that shape) and POI tables. */
import { z } from "zod";
import { itinerarySchema } from "../datasets";
import type { DslPoi } from "./concepts";
import { fromJs, parseJsonPy } from "./json";
import { chinaTravelView } from "./plan-view";
import type { Py } from "./values";

export function planFromFile(text: string, name: string): Py {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${name}: not valid JSON (${(e as Error).message})`);
  }
  if (raw && typeof raw === "object" && "itinerary" in raw) return parseJsonPy(text);
  const canonical = itinerarySchema.safeParse(raw);
  if (canonical.success) return fromJs(chinaTravelView(canonical.data));
  throw new Error(
    `${name}: neither a ChinaTravel plan (with "itinerary") nor a canonical TripJudge itinerary (with "days")`,
  );
}

const num = z.number().finite().nullable().optional();
/**
 * One POI of a `--pois` file. Recommended minutes may be spelled `recommendMinutes` (as in a bundle's pois.json)
 * or `recommendedMinutes`; any other unknown key is refused, never dropped.
 */
export const dslPoiSchema = z
  .strictObject({
    name: z.string().min(1),
    city: z.string().min(1),
    kind: z.enum(["attraction", "restaurant", "hotel", "accommodation", "station", "airport", "poi"]),
    type: z.string().nullable().optional(),
    recommendedMinutes: num,
    recommendMinutes: num,
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    // Carried by bundle POI tables; not used by the concept functions.
    id: z.union([z.string(), z.number()]).optional(),
    tags: z.array(z.string()).optional(),
    opentime: z.string().nullable().optional(),
    endtime: z.string().nullable().optional(),
    closedWeekdays: z.array(z.number()).optional(),
    price: num,
    stars: num,
  })
  .refine(
    (p) => p.recommendMinutes == null || p.recommendedMinutes == null || p.recommendMinutes === p.recommendedMinutes,
    { message: "recommendMinutes and recommendedMinutes disagree", path: ["recommendedMinutes"] },
  );

/** A POI table: a JSON array, or JSONL (one POI a line). Problems name the record and the JSON path. */
export function poisFromFile(text: string, name: string): DslPoi[] {
  let records: unknown[];
  const trimmed = text.trimStart();
  try {
    records = trimmed.startsWith("[")
      ? JSON.parse(text)
      : text
          .split("\n")
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l));
  } catch (e) {
    throw new Error(`${name}: not valid JSON or JSONL (${(e as Error).message})`);
  }
  if (!Array.isArray(records)) throw new Error(`${name}: expected a list of POIs`);
  return records.map((r, i) => {
    const p = dslPoiSchema.safeParse(r);
    if (!p.success) {
      const issue = p.error.issues[0];
      const where = ["$", ...issue.path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`))].join("");
      const keys =
        issue.code === "unrecognized_keys"
          ? ` (${issue.keys.join(", ")}; known: name, city, kind, type, recommendedMinutes or recommendMinutes, lat, lon)`
          : "";
      throw new Error(`${name}:${i + 1} ${where}: ${issue.message}${keys}`);
    }
    const v = p.data;
    return {
      name: v.name,
      city: v.city,
      kind: v.kind,
      type: v.type ?? v.tags?.[0] ?? null,
      recommendedMinutes: v.recommendedMinutes ?? v.recommendMinutes ?? null,
      lat: v.lat ?? null,
      lon: v.lon ?? null,
    };
  });
}
