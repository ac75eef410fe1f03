/**
 * ChinaTravel plans (`itinerary[].activities[]` with times, costs and `transports[]`) and queries
 * (`uid`, `nature_language`, `hard_logic_py`, …). Positions are names: coordinates come from the
 * bundle's POI table, matched by name within the target city.
 */
import { z } from "zod";
import type { NormalizedQuery } from "../normalized";
import { clockTime, emptyItem, type Item, type TransportLeg } from "../itinerary/model";
import { literalEval } from "../../constraints";
import { id, queryDestination, parseRecord, queryIdOf, type FormatModule } from "./context";

const num = z.number().nonnegative();
const leg = z.object({
  start: z.string(),
  end: z.string(),
  mode: z.string().min(1),
  start_time: clockTime.nullish(),
  end_time: clockTime.nullish(),
  price: num.nullish(),
  cost: num.nullish(),
  distance: num.nullish(),
  tickets: z.number().int().nullish(),
  cars: z.number().int().nullish(),
});

const activity = z
  .object({
    type: z.enum(["airplane", "train", "attraction", "breakfast", "lunch", "dinner", "accommodation"], {
      message: "expected airplane|train|attraction|breakfast|lunch|dinner|accommodation",
    }),
    position: z.string().nullish(),
    start_time: clockTime.nullish(),
    end_time: clockTime.nullish(),
    price: num.nullish(),
    cost: num.nullish(),
    tickets: z.number().int().nonnegative().nullish(),
    rooms: z.number().int().nonnegative().nullish(),
    room_type: z.number().int().nullish(),
    FlightID: z.string().nullish(),
    TrainID: z.string().nullish(),
    start: z.string().nullish(),
    end: z.string().nullish(),
    transports: z.array(leg).default([]),
  })
  .superRefine((a, ctx) => {
    const intercity = a.type === "airplane" || a.type === "train";
    if (!intercity && !a.position)
      ctx.addIssue({ code: "custom", path: ["position"], message: `a ${a.type} needs a position` });
    if (intercity && (!a.start || !a.end))
      ctx.addIssue({ code: "custom", path: ["start"], message: `a ${a.type} needs start and end` });
  });

export const chinaTravelPlanSchema = z.object({
  people_number: z.number().int().positive(),
  start_city: z.string().min(1),
  target_city: z.string().min(1),
  itinerary: z
    .array(z.object({ day: z.number().int().positive(), activities: z.array(activity) }))
    .min(1, "a plan needs at least one day"),
});
export type ChinaTravelPlan = z.infer<typeof chinaTravelPlanSchema>;

/**
 * A list of strings, or its Python-literal text: ChinaTravel's Hugging Face release stores list fields such as
 * `hard_logic_py` as strings its loader reads with `ast.literal_eval`.
 */
const pyStringList = z.unknown().transform((v, ctx): string[] => {
  let list = v;
  if (typeof v === "string") {
    try {
      list = literalEval(v);
    } catch (e) {
      ctx.addIssue({ code: "custom", message: `not a Python list literal (${(e as Error).message})` });
      return z.NEVER;
    }
  }
  if (Array.isArray(list) && list.every((x) => typeof x === "string")) return list;
  ctx.addIssue({
    code: "custom",
    message: "expected a list of strings (or its Python literal, as in ChinaTravel's Hugging Face release)",
  });
  return z.NEVER;
});

const queryRecord = z
  .object({
    uid: id,
    nature_language: z.string().min(1),
    start_city: z.string().min(1),
    target_city: z.string().min(1),
    days: z.number().int().positive(),
    people_number: z.number().int().positive(),
    hard_logic_py: pyStringList.default([]),
    hard_logic_nl: pyStringList.optional(),
    preference_py: z.union([z.string(), z.array(z.string())]).nullish(),
    split: z.string().nullish(),
  })
  .passthrough();

const planRecord = z.object({ id, uid: id, model: z.string().min(1), plan: chinaTravelPlanSchema });

const MEALS = new Set(["breakfast", "lunch", "dinner"]);

function legOf(l: z.infer<typeof leg>): TransportLeg {
  return {
    mode: l.mode,
    from: l.start,
    to: l.end,
    startTime: l.start_time ?? null,
    endTime: l.end_time ?? null,
    distanceKm: l.distance ?? null,
    cost: l.cost ?? null,
  };
}

export const chinatravel: FormatModule = {
  planQueryId: (v) => queryIdOf(v, "uid"),

  query(r, ctx) {
    const q = parseRecord(queryRecord, r, ctx);
    if (!q) return null;
    // ChinaTravel's first release wrote constraints as set expressions ("days==2", "{'南京博物院'}<=attraction_names")
    // in hard_logic; TripJudge evaluates the current release's hard_logic_py. Dropping them unread would lose them.
    const old = (r.value as { hard_logic?: unknown }).hard_logic;
    if (Array.isArray(old) && old.length && !q.hard_logic_py.length) {
      ctx.problems.add(
        r.file,
        r.record,
        "$.hard_logic",
        `${old.length} constraint(s) in ChinaTravel's old hard_logic expressions (as "${String(old[0]).slice(0, 60)}") are not read: give them as hard_logic_py, the DSL of ChinaTravel's current release, or remove hard_logic to import the request without constraints`,
      );
      return null;
    }
    const destination = queryDestination(ctx, r, "target_city", q.target_city);
    if (!destination) return null;
    const hard = q.hard_logic_py;
    return {
      sourceId: q.uid,
      destination,
      text: q.nature_language,
      origin: q.start_city,
      days: q.days,
      people: q.people_number,
      startDate: null,
      preferences: q.preference_py ? { preference_py: q.preference_py } : {},
      split: q.split ?? null,
      raw: r.value,
      dsl: hard.map((code, i) => ({ code, note: q.hard_logic_nl?.[i] ?? "" })),
    } satisfies NormalizedQuery;
  },

  plan(r, query, ctx) {
    const p = parseRecord(planRecord, r, ctx);
    if (!p) return null;
    const city = ctx.destinations.resolve(p.plan.target_city) ?? query.destination;
    const days = p.plan.itinerary.map((d) => ({
      day: d.day,
      title: null,
      items: d.activities.map((a): Item => {
        const common = {
          startTime: a.start_time ?? null,
          endTime: a.end_time ?? null,
          price: a.price ?? null,
          cost: a.cost ?? null,
          legs: a.transports.map(legOf),
        };
        if (a.type === "airplane" || a.type === "train") {
          // The station in the target city: arrival on the way in, departure on the way out.
          const arrival = ctx.places.byNameIn(city, a.end!) ?? ctx.places.byNameIn(city, a.start!);
          return ctx.places.place(
            {
              ...emptyItem(
                "transport",
                `${a.type === "train" ? "Train" : "Flight"} ${a.TrainID ?? a.FlightID ?? ""}`.trim(),
              ),
              ...common,
              tickets: a.tickets ?? null,
              transport: {
                mode: a.type,
                number: a.TrainID ?? a.FlightID ?? null,
                from: a.start!,
                to: a.end!,
                distanceKm: null,
              },
            },
            arrival,
            city,
          );
        }
        const poi = ctx.places.byNameIn(city, a.position!);
        const kind = MEALS.has(a.type) ? "meal" : a.type === "accommodation" ? "hotel" : "attraction";
        return ctx.places.place(
          {
            ...emptyItem(kind, a.position!),
            ...common,
            tickets: a.type === "accommodation" ? (a.rooms ?? null) : (a.tickets ?? null),
            mealType: MEALS.has(a.type) ? (a.type as Item["mealType"]) : null,
          },
          poi,
          city,
        );
      }),
    }));
    return {
      sourceId: p.id,
      query: query.sourceId,
      model: p.model,
      // The plan as the record published it (its keys and their order), not as the schema parsed it.
      raw: (r.value as { plan: unknown }).plan,
      itinerary: {
        title: null,
        startCity: p.plan.start_city,
        targetCity: city,
        people: p.plan.people_number,
        days,
        judgedScores: null,
      },
    };
  },
};
