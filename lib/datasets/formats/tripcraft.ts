/**
 * TripCraft day records: `days`, `current_city`, `transportation`, meals, `attraction`,
 * `accommodation`, `event` and `point_of_interest_list` ("<POI>, stay|visit from HH:MM to HH:MM,
 * nearest transit: <stop>, <d>m away" entries separated by ";"), with a persona.
 */
import { z } from "zod";
import type { NormalizedQuery } from "../normalized";
import { emptyItem, type Item } from "../itinerary/model";
import { id, isoDate, queryDestination, parseRecord, queryIdOf, type FormatModule } from "./context";

const text = z.string().default("-");
export const tripCraftDaySchema = z.object({
  days: z.coerce.number().int().positive(),
  current_city: z.string().min(1),
  transportation: text,
  breakfast: text,
  attraction: text,
  lunch: text,
  dinner: text,
  accommodation: text,
  event: text,
  point_of_interest_list: text,
});

const queryRecord = z
  .object({
    id,
    /** TripCraft's evaluation format leaves it null: the request is then written from the structured fields. */
    query: z.string().min(1).nullish(),
    org: z.string().min(1),
    dest: z.string().min(1),
    days: z.number().int().positive(),
    people_number: z.number().int().positive().default(1),
    date: z.array(isoDate).max(366).nullish(),
    budget: z.number().nullish(),
    persona: z.string().nullish(),
    split: z.string().nullish(),
  })
  .passthrough();

const planRecord = z.object({
  id,
  queryId: id,
  model: z.string().min(1),
  persona: z.string().nullish(),
  plan: z.array(tripCraftDaySchema).min(1, "a plan needs at least one day"),
});

/** TripCraft's own evaluation format (postprocess/sample_evaluation_format.jsonl): the request rides with the plan. */
const isEvaluationRecord = (
  v: unknown,
): v is { idx: string | number; JSON: Record<string, unknown>; persona?: unknown; model?: unknown; plan?: unknown } =>
  !!v &&
  typeof v === "object" &&
  "idx" in v &&
  "JSON" in v &&
  !!(v as { JSON: unknown }).JSON &&
  typeof (v as { JSON: unknown }).JSON === "object";
const evaluationModel = (v: { model?: unknown }) => (typeof v.model === "string" && v.model ? v.model : "unknown");

/** The request in words, from TripCraft's structured fields (its evaluation format has `"query": null`). */
export function requestText(q: {
  org: string;
  dest: string;
  days: number;
  people_number: number;
  date?: string[] | null;
  budget?: number | null;
  persona?: string | null;
  local_constraint?: unknown;
}): string {
  const dates = q.date?.length ? `, ${q.date[0]}${q.date.length > 1 ? ` to ${q.date[q.date.length - 1]}` : ""}` : "";
  const budget = q.budget ? `, budget $${q.budget}` : "";
  const local =
    q.local_constraint && typeof q.local_constraint === "object"
      ? Object.entries(q.local_constraint as Record<string, unknown>)
          .filter(([, v]) => v !== null && v !== undefined && v !== "")
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join("; ")
      : "";
  return `[Written by TripJudge from TripCraft's structured fields; the source has no request text] A ${q.days}-day trip from ${q.org} to ${q.dest} for ${q.people_number} ${q.people_number === 1 ? "person" : "people"}${dates}${budget}.${local ? ` Constraints: ${local}.` : ""}${q.persona ? ` Persona: ${q.persona}.` : ""}`;
}

const ENTRY =
  /^(.+?),\s*(stay|visit) from (\d{1,2}:\d{2}) to (\d{1,2}:\d{2})\s*(?:,\s*nearest transit:\s*(.*?),\s*([\d.]+)\s*m away)?\.?$/i;

export interface PoiVisit {
  name: string;
  stay: boolean;
  start: string;
  end: string;
  transitStop: string | null;
  transitMeters: number | null;
}

const pad = (t: string) => t.padStart(5, "0");

/** Splits a point_of_interest_list; returns the visits and the entries it could not read. */
export function parsePoiList(list: string): { visits: PoiVisit[]; unreadable: string[] } {
  const visits: PoiVisit[] = [];
  const unreadable: string[] = [];
  if (!list || list.trim() === "-") return { visits, unreadable };
  // Split on ";" only where the next entry has its own "stay|visit from" (names may hold commas).
  for (const raw of list.split(/;(?=[^;]*\b(?:stay|visit) from\b)/i)) {
    const entry = raw.replace(/\s+/g, " ").trim();
    if (!entry) continue;
    const m = ENTRY.exec(entry);
    if (!m) unreadable.push(entry);
    else
      visits.push({
        name: m[1].trim(),
        stay: m[2].toLowerCase() === "stay",
        start: pad(m[3]),
        end: pad(m[4]),
        transitStop: m[5] ?? null,
        transitMeters: m[6] ? Number(m[6]) : null,
      });
  }
  return { visits, unreadable };
}

/** "Name, City" → "Name"; "-" → null. */
function placeName(field: string): string | null {
  const v = field.trim();
  if (!v || v === "-") return null;
  const i = v.lastIndexOf(",");
  return (i > 0 ? v.slice(0, i) : v).trim();
}

const TRANSPORT =
  /(Flight Number|Self-driving|Taxi|Train)[:\s]*([^,]*),\s*from (.+?) to (.+?),\s*Departure Time:\s*(\d{1,2}:\d{2})\s*,\s*Arrival Time:\s*(\d{1,2}:\d{2})/i;

export const tripcraft: FormatModule = {
  planQueryId: (v) => (isEvaluationRecord(v) ? String(v.idx) : queryIdOf(v, "queryId")),

  embeddedQuery: (v) =>
    isEvaluationRecord(v) ? { id: v.idx, ...v.JSON, persona: v.JSON.persona ?? v.persona ?? null } : null,

  query(r, ctx) {
    const q = parseRecord(queryRecord, r, ctx);
    if (!q) return null;
    const destination = queryDestination(ctx, r, "dest", q.dest);
    if (!destination) return null;
    return {
      sourceId: q.id,
      destination,
      text: q.query ?? requestText(q),
      origin: q.org,
      days: q.days,
      people: q.people_number,
      startDate: q.date?.[0] ?? null,
      preferences: { budget: q.budget ?? undefined, persona: q.persona ?? undefined },
      split: q.split ?? null,
      raw: r.value,
    } satisfies NormalizedQuery;
  },

  plan(r, query, ctx) {
    const v = r.value;
    const source = isEvaluationRecord(v)
      ? {
          ...r,
          value: {
            id: `${evaluationModel(v)}:${String(v.idx)}`,
            queryId: v.idx,
            model: evaluationModel(v),
            persona: v.persona,
            plan: v.plan,
          },
        }
      : r;
    const p = parseRecord(planRecord, source, ctx);
    if (!p) return null;
    const days = p.plan.map((d, di) => {
      const items: Item[] = [];
      const cityName = d.current_city.replace(/^from .+? to /i, "").trim();
      const city = ctx.destinations.resolve(cityName) ?? query.destination;
      const t = TRANSPORT.exec(d.transportation);
      if (t) {
        items.push({
          ...emptyItem("transport", `${t[1]} ${t[2]}`.trim()),
          city,
          startTime: pad(t[5]),
          endTime: pad(t[6]),
          transport: {
            mode: /flight/i.test(t[1]) ? "airplane" : t[1].toLowerCase(),
            number: t[2].trim() || null,
            from: t[3].trim(),
            to: t[4].trim(),
            distanceKm: null,
          },
        });
      } else if (d.transportation.trim() !== "-" && d.transportation.trim()) {
        items.push({ ...emptyItem("transport", d.transportation.trim().slice(0, 200)), city });
      }
      const meals = new Map<string, Item["mealType"]>();
      for (const m of ["breakfast", "lunch", "dinner"] as const) {
        const n = placeName(d[m]);
        if (n) meals.set(n.toLowerCase(), m);
      }
      const hotel = placeName(d.accommodation)?.toLowerCase();
      const event = placeName(d.event)?.toLowerCase();
      const { visits, unreadable } = parsePoiList(d.point_of_interest_list);
      for (const u of unreadable)
        ctx.problems.add(
          r.file,
          r.record,
          `$.plan[${di}].point_of_interest_list`,
          `cannot read entry "${u.slice(0, 80)}" (expected "<POI>, visit from HH:MM to HH:MM, nearest transit: <stop>, <d>m away")`,
        );
      for (const v of visits) {
        const lower = v.name.toLowerCase();
        const mealType = meals.get(lower) ?? null;
        const kind = v.stay || lower === hotel ? "hotel" : mealType ? "meal" : lower === event ? "event" : "attraction";
        items.push(
          ctx.places.place(
            { ...emptyItem(kind, v.name), startTime: v.start, endTime: v.end, mealType },
            ctx.places.byNameIn(city, v.name),
            city,
          ),
        );
      }
      // The record lists transport apart from the visits: put everything in time order, except that a
      // first-day arrival (often an overnight flight) opens the day.
      const arrival =
        di === 0 && /^from /i.test(d.current_city) && items[0]?.kind === "transport" ? [items.shift()!] : [];
      const ordered = items
        .map((item, i) => ({ item, i }))
        .sort((x, y) => (x.item.startTime ?? "99").localeCompare(y.item.startTime ?? "99") || x.i - y.i);
      return { day: d.days, title: d.current_city, items: [...arrival, ...ordered.map((x) => x.item)] };
    });
    return {
      sourceId: p.id,
      query: query.sourceId,
      model: p.model,
      // The day records as published (trainer exports give `plan` alone; the persona is the traveller's, kept here
      // for the record).
      raw: { plan: (source.value as { plan: unknown }).plan, persona: p.persona ?? null },
      itinerary: {
        title: null,
        startCity: query.origin,
        targetCity: query.destination,
        people: query.people,
        days,
        judgedScores: null,
      },
    };
  },
};
