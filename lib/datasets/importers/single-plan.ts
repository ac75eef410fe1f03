/**
 * Features of one plan file, without a database (`tripjudge features`): the plan (bare, or as a bundle's
 * plan record), optionally its request and a POI table, are put in a bundle in memory and read by the same
 * importer as any dataset, so the gates, sub-scores and violations are exactly those an import computes.
 * Without a request file, the request is built from the plan itself (its days, cities, people) and the
 * answer says so.
 */
import { DEFAULT_WEIGHTS, reward, type PlanFeatures } from "../../results/features";
import type { BundleFiles, BundleFormat } from "./bundle";
import { parseBundle } from ".";
import type { ImportProblem } from "./problems";

export type PlanFormat = Exclude<BundleFormat, "canonical">;

export interface SinglePlanInput {
  plan: unknown;
  format?: PlanFormat;
  query?: unknown;
  pois?: unknown[];
}

export type SinglePlanReport =
  | {
      ok: true;
      format: PlanFormat;
      gates: { format: number; commonsense: number };
      sub_scores: Omit<PlanFeatures, "format" | "commonsense">;
      reward: number;
      weights: "tripscore-defaults";
      feasible: boolean;
      violations: string[];
      request: { from: "query file" | "plan"; text: string };
      /** What the plan names that the given files do not describe, taken as known only by name. */
      assumed: string[];
    }
  | { ok: false; format: PlanFormat | null; problems: ImportProblem[] };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The format a plan is written in, from its shape. */
export function detectFormat(plan: unknown): PlanFormat | null {
  const p = isObj(plan) && "plan" in plan ? plan.plan : plan;
  if (isObj(p) && Array.isArray(p.itinerary)) return "chinatravel";
  if (isObj(p) && Array.isArray(p.dayInfos)) return "tripscore";
  if (Array.isArray(p) && p.every((d) => isObj(d) && "current_city" in d)) return "tripcraft";
  return null;
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);

/** The plan as a bundle's plan record, and the query id it names. */
function planRecord(
  format: PlanFormat,
  plan: unknown,
  queryId: string | null,
): { record: Record<string, unknown>; queryId: string } {
  if (isObj(plan) && "plan" in plan) {
    const named =
      format === "chinatravel" ? str(plan.uid) : (str(plan.queryId) ?? (format === "tripcraft" ? str(plan.idx) : null));
    const q = queryId ?? named ?? "query";
    return {
      record: {
        id: str(plan.id) ?? str(plan.idx) ?? "plan",
        model: str(plan.model) ?? "unknown",
        ...plan,
        ...(format === "chinatravel" ? { uid: q } : { queryId: q }),
      },
      queryId: q,
    };
  }
  const q = queryId ?? "query";
  return {
    record: { id: "plan", model: "unknown", plan, ...(format === "chinatravel" ? { uid: q } : { queryId: q }) },
    queryId: q,
  };
}

/** A request made from the plan alone (ChinaTravel and TripCraft plans name their cities; TripScore's do not). */
function requestFromPlan(
  format: PlanFormat,
  plan: unknown,
  id: string,
): { query: Record<string, unknown>; city: string } | null {
  const p = isObj(plan) && "plan" in plan ? plan.plan : plan;
  if (format === "chinatravel" && isObj(p) && Array.isArray(p.itinerary)) {
    const city = String(p.target_city ?? "");
    return {
      city,
      query: {
        uid: id,
        nature_language: `${p.itinerary.length} day(s) in ${city} from ${String(p.start_city ?? "?")} for ${Number(p.people_number) || 1} ${Number(p.people_number) > 1 ? "people" : "person"} (request built from the plan)`,
        start_city: String(p.start_city ?? city),
        target_city: city,
        days: p.itinerary.length,
        people_number: Number(p.people_number) || 1,
      },
    };
  }
  if (format === "tripcraft" && isObj(plan) && isObj(plan.JSON)) return null; // the evaluation format carries its request
  if (format === "tripcraft" && Array.isArray(p) && p.length) {
    const first = String((p[0] as Record<string, unknown>).current_city ?? "");
    const m = /^from (.+?) to (.+)$/i.exec(first);
    const city = m ? m[2].trim() : first;
    return {
      city,
      query: {
        id,
        query: `${p.length} day(s) in ${city} (request built from the plan)`,
        org: m ? m[1].trim() : city,
        dest: city,
        days: p.length,
        people_number: 1,
      },
    };
  }
  return null;
}

function destinationOf(format: PlanFormat, query: unknown): string | null {
  if (!isObj(query)) return null;
  const q = isObj(query.JSON) ? query.JSON : query;
  return str(format === "chinatravel" ? q.target_city : format === "tripscore" ? q.destination : q.dest);
}

export async function featuresOfPlan(input: SinglePlanInput): Promise<SinglePlanReport> {
  const format = input.format ?? detectFormat(input.plan);
  const fail = (message: string, path = "$"): SinglePlanReport => ({
    ok: false,
    format,
    problems: [{ file: "plan", record: 1, path, message }],
  });
  if (!format)
    return fail(
      "cannot tell the plan's format: expected a ChinaTravel plan (itinerary), a TripScore plan (dayInfos) or a list of TripCraft day records; or pass --format",
    );
  const givenId = isObj(input.query)
    ? str(format === "chinatravel" ? input.query.uid : (input.query.id ?? input.query.idx))
    : null;
  const { record, queryId } = planRecord(format, input.plan, givenId);
  let query = input.query;
  let from: "query file" | "plan" = "query file";
  const embedded = format === "tripcraft" && isObj(input.plan) && isObj(input.plan.JSON);
  if (query === undefined && !embedded) {
    const made = requestFromPlan(format, input.plan, queryId);
    if (!made)
      return fail(
        format === "tripscore"
          ? "a TripScore plan does not name its destination: pass the request with --query"
          : "the plan does not say enough to build its request: pass --query",
      );
    query = made.query;
    from = "plan";
  }
  const city = destinationOf(format, embedded ? input.plan : query);
  if (!city) return fail("the request names no destination city", "$.query");
  const inCity = (input.pois ?? []).filter(
    (p): p is { lat: number; lon: number } => isObj(p) && typeof p.lat === "number" && typeof p.lon === "number",
  );
  const mean = (k: "lat" | "lon") => (inCity.length ? inCity.reduce((a, p) => a + p[k], 0) / inCity.length : 0);
  const cities = new Set([
    city,
    ...(input.pois ?? []).map((p) => (isObj(p) ? str(p.city) : null)).filter((c): c is string => !!c),
  ]);
  const manifest = {
    format,
    name: "single plan",
    destinations: [...cities].map((name) => ({ name, country: "-", lat: mean("lat"), lon: mean("lon") })),
  };
  const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
  // A POI table made for `tripjudge dsl eval --pois` has no ids: number its rows.
  const pois = (input.pois ?? []).map((p, i) => (isObj(p) && p.id === undefined ? { id: `poi-${i + 1}`, ...p } : p));
  const assumed: string[] = [];
  const transports: unknown[] = [];
  if (format === "tripscore") {
    // A lone TripScore plan names places and trains by id; those no file describes are kept by name only
    // (no coordinates, no timetable) rather than refused, and the answer lists them.
    const known = new Set(pois.map((p) => (isObj(p) ? String(p.id) : "")));
    const p = isObj(record.plan) ? record.plan : {};
    for (const day of Array.isArray(p.dayInfos) ? p.dayInfos : [])
      for (const slot of isObj(day) && Array.isArray(day.scheduleDetail) ? day.scheduleDetail : []) {
        for (const d of isObj(slot) && Array.isArray(slot.detailList) ? slot.detailList : []) {
          const id = isObj(d) ? str(d.id) : null;
          if (!id || known.has(`${d.type}:${id}`) || (d.type !== "transportation" && known.has(id))) continue;
          known.add(`${d.type}:${id}`);
          if (d.type === "transportation") {
            transports.push({ id, name: str(d.name) ?? id });
            assumed.push(`transport ${id} (${String(d.name)}): no timetable`);
          } else {
            pois.push({ id, name: str(d.name) ?? id, city, kind: d.type === "hotel" ? "hotel" : "attraction" });
            assumed.push(
              `${d.type === "hotel" ? "hotel" : "place"} ${id} (${String(d.name)}): no coordinates or opening hours`,
            );
          }
        }
      }
  }
  const files: BundleFiles = new Map([
    ["manifest.json", enc(manifest)],
    ["plans.json", enc([record])],
    ["pois.json", enc(pois)],
    ["transports.json", enc(transports)],
  ]);
  if (query !== undefined) files.set("queries.json", enc([query]));
  const parsed = await parseBundle(files);
  if (!parsed.ok) return { ok: false, format, problems: parsed.problems };
  const plan = parsed.dataset.plans[0];
  const q = parsed.dataset.queries.find((x) => x.sourceId === plan.query)!;
  const features = plan.features as PlanFeatures;
  const { format: formatGate, commonsense, ...sub } = features;
  return {
    ok: true,
    format,
    gates: { format: formatGate, commonsense },
    sub_scores: sub,
    reward: reward(features, DEFAULT_WEIGHTS),
    weights: "tripscore-defaults",
    feasible: plan.feasible!,
    violations: plan.violations ?? [],
    request: { from: embedded ? "plan" : from, text: q.text },
    assumed,
  };
}
