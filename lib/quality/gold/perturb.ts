/**
 * Gold pairs from checked perturbations: copy a feasible plan and inject exactly one defect. Each kind proposes
 * candidates (different places in the plan, in a seeded order); `makeGold` keeps the first one the rule engine
 * confirms — the altered plan fails the injected check and nothing else the source passed, and the request's
 * final constraints (when given) agree — and discards the rest.
 */
import type { QueryFacts } from "../../results/features/browser";
import { haversineKm, shuffle } from "../../kernel/browser";
import { clockOf, hasLocation, minutesOf, type Item, type Itinerary } from "../../datasets/browser";
import {
  failedChecks,
  GOLD_RULES,
  requestBudget,
  runChecks,
  totalCost,
  type CheckName,
  type Failure,
  type GoldPoiLookup,
} from "./checks";

import { DEFECT_KINDS, DEFECT_LABELS, type DefectKind } from "./kinds";

export { DEFECT_KINDS, DEFECT_LABELS, type DefectKind };

/** Where the defect is, for the feedback after a qualification pair (and the admin's gold list). */
export interface Defect {
  kind: DefectKind;
  day: number | null;
  item: number | null;
  message: string;
}

const clone = (it: Itinerary): Itinerary => structuredClone(it);
type Candidate = (it: Itinerary) => Itinerary | null;

function candidates(kind: DefectKind, it: Itinerary, q: QueryFacts, poiOf: GoldPoiLookup): Candidate[] {
  const out: Candidate[] = [];
  const each = (f: (d: number, i: number, item: Item) => Candidate | null) =>
    it.days.forEach((d, di) =>
      d.items.forEach((item, ii) => {
        const c = f(di, ii, item);
        if (c) out.push(c);
      }),
    );
  switch (kind) {
    case "opening_hours":
      // Stay on past closing: the last timed item of a day, when it is an attraction with opening hours.
      each((di, ii, item) => {
        const hours = item.kind === "attraction" && item.poiId ? poiOf(item.poiId)?.openingHours : null;
        const laterTimed = it.days[di].items.slice(ii + 1).some((x) => x.kind !== "hotel" && x.startTime);
        if (!hours || !item.startTime || laterTimed) return null;
        const close = minutesOf(hours.close);
        if (!(close > 0) || close + 75 > 23 * 60 + 59) return null;
        return (p) => {
          p.days[di].items[ii].endTime = clockOf(close + 75);
          return p;
        };
      });
      // Arrive before opening: the first timed item of a day, when it is an attraction, starts an hour before its place opens.
      each((di, ii, item) => {
        const hours = item.kind === "attraction" && item.poiId ? poiOf(item.poiId)?.openingHours : null;
        const first = it.days[di].items.find((x) => x.kind !== "hotel" && x.startTime);
        if (!hours || !item.startTime || first !== item) return null;
        const start = minutesOf(hours.open) - 60,
          shift = minutesOf(item.startTime) - start;
        if (start < 5 * 60 || shift <= 0) return null;
        return (p) => {
          const x = p.days[di].items[ii];
          x.startTime = clockOf(start);
          for (const l of x.legs) {
            if (l.startTime) l.startTime = clockOf(minutesOf(l.startTime) - shift);
            if (l.endTime) l.endTime = clockOf(minutesOf(l.endTime) - shift);
          }
          return p;
        };
      });
      break;
    case "budget": {
      const budget = requestBudget(q);
      if (budget === null) break;
      const over = budget * 1.25 - totalCost(it, poiOf);
      // The priciest item costs more (a dearer hotel, a dearer ticket) until the plan is a quarter over budget.
      const priced = it.days
        .flatMap((d, di) =>
          d.items.map((x, ii) => ({ di, ii, cost: x.cost ?? (x.poiId ? (poiOf(x.poiId)?.price ?? 0) : 0) })),
        )
        .filter((x) => x.cost > 0)
        .sort((a, b) => b.cost - a.cost);
      for (const x of priced.slice(0, 3))
        out.push((p) => {
          p.days[x.di].items[x.ii].cost = Math.round(x.cost + Math.max(over, 1));
          return p;
        });
      break;
    }
    case "duplicate_attraction": {
      const attractions = it.days
        .flatMap((d, di) => d.items.map((x, ii) => ({ di, ii, x })))
        .filter((a) => a.x.kind === "attraction");
      // A later day's attraction becomes an earlier day's one (same place, the later visit's times).
      for (const later of attractions)
        for (const earlier of attractions) {
          if (earlier.di >= later.di) continue;
          out.push((p) => {
            const target = p.days[later.di].items[later.ii];
            const { startTime, endTime, period, legs } = target;
            p.days[later.di].items[later.ii] = { ...structuredClone(earlier.x), startTime, endTime, period, legs };
            return p;
          });
        }
      break;
    }
    case "transfer_time":
      // The earlier of two distant stops runs on until the later one starts: no time left to get there.
      each((di, ii, item) => {
        const prevIndex = it.days[di].items
          .slice(0, ii)
          .map((x, k) => ({ x, k }))
          .filter(({ x }) => x.kind !== "hotel" && x.startTime)
          .pop();
        if (!prevIndex || !item.startTime || item.kind === "transport" || prevIndex.x.kind === "transport") return null;
        if (!hasLocation(item) || !hasLocation(prevIndex.x)) return null;
        if (haversineKm(prevIndex.x.lat!, prevIndex.x.lon!, item.lat!, item.lon!) < 3) return null;
        return (p) => {
          p.days[di].items[prevIndex.k].endTime = item.startTime;
          return p;
        };
      });
      break;
    case "meal_time":
      each((di, ii, item) => {
        if (item.kind !== "meal" || !item.startTime) return null;
        const start = minutesOf(item.startTime);
        if (item.mealType) {
          // Call it the meal whose hours are furthest from when it is eaten (a "dinner" at 08:30).
          const far = (["breakfast", "lunch", "dinner"] as const)
            .map((t) => {
              const [lo, hi] = GOLD_RULES.mealWindows[t].map(minutesOf);
              return { t, gap: start < lo ? lo - start : start >= hi ? start - hi : -1 };
            })
            .sort((a, b) => b.gap - a.gap)[0];
          if (far.gap < 120) return null;
          return (p) => {
            p.days[di].items[ii].mealType = far.t;
            return p;
          };
        }
        // Untyped: the day's first timed item moves to 03:00, keeping its length.
        const first = it.days[di].items.find((x) => x.kind !== "hotel" && x.startTime);
        if (first !== item) return null;
        const length = item.endTime ? Math.max(15, minutesOf(item.endTime) - start) : 45;
        return (p) => {
          Object.assign(p.days[di].items[ii], {
            startTime: "03:00",
            endTime: clockOf(180 + length),
            period: "Morning",
          });
          return p;
        };
      });
      break;
    case "accommodation":
      it.days.slice(0, -1).forEach((d, di) => {
        if (d.items.some((x) => x.kind === "hotel"))
          out.push((p) => {
            p.days[di].items = p.days[di].items.filter((x) => x.kind !== "hotel");
            return p.days[di].items.length ? p : null;
          });
      });
      break;
  }
  return out;
}

export interface DslCheck {
  /** Which of the request's final constraints the plan fails (indexes), or null when they cannot be evaluated. */
  failing(it: Itinerary): Set<number> | null;
  /** The constraints' code, to tell whether a newly failing one is about money. */
  codes: readonly string[];
}

export interface GoldCandidate {
  altered: Itinerary;
  defect: Defect;
}

const MONEY = /cost|budget|price|spend/i;

/**
 * The rule engine's verdict on one perturbation: the injected check passes on the source and fails on the
 * altered plan, no other check changes, and no final constraint the source passes fails — except, for a budget
 * overrun, constraints about money (they are the same requirement written in the DSL).
 */
export function confirmDefect(
  kind: DefectKind,
  source: Itinerary,
  altered: Itinerary,
  q: QueryFacts,
  poiOf: GoldPoiLookup,
  dsl?: DslCheck,
): Failure | null {
  const before = runChecks(source, q, poiOf),
    after = runChecks(altered, q, poiOf);
  const was = failedChecks(before),
    now = failedChecks(after);
  if (was.has(kind as CheckName) || !now.has(kind as CheckName)) return null;
  for (const c of now) if (c !== kind && !was.has(c)) return null;
  for (const c of was) if (!now.has(c)) return null;
  if (dsl) {
    const a = dsl.failing(source),
      b = dsl.failing(altered);
    if (!a || !b) return null;
    for (const i of b) if (!a.has(i) && !(kind === "budget" && MONEY.test(dsl.codes[i] ?? ""))) return null;
  }
  return after.find((f) => f.check === kind) ?? null;
}

/** The first confirmed perturbation of this kind (candidates in a seeded order), or null when none survives. */
export function makeGold(
  kind: DefectKind,
  source: Itinerary,
  q: QueryFacts,
  poiOf: GoldPoiLookup,
  opts: { rng: () => number; dsl?: DslCheck; maxTries?: number },
): GoldCandidate | null {
  const list = shuffle(opts.rng, candidates(kind, source, q, poiOf)).slice(0, opts.maxTries ?? 30);
  for (const c of list) {
    const altered = c(clone(source));
    if (!altered) continue;
    const failure = confirmDefect(kind, source, altered, q, poiOf, opts.dsl);
    if (failure) return { altered, defect: { kind, day: failure.day, item: failure.item, message: failure.message } };
  }
  return null;
}
