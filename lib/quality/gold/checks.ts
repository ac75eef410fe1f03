/**
 * The rule engine behind gold pairs: named checks on a canonical itinerary, each returning what fails and where.
 * A gold candidate is kept only when its altered plan fails exactly the injected check on top of what the source
 * plan already failed (`confirmDefect`). The checks reuse the feature rules' definitions where they exist.
 */
import { weekdayOf, haversineKm, nameKey } from "../../kernel/browser";
import { hotelNights, type PoiFacts, type QueryFacts } from "../../results/features/browser";
import { hasLocation, minutesOf, type Item, type Itinerary } from "../../datasets/browser";

export const CHECKS = [
  "time_order",
  "opening_hours",
  "budget",
  "duplicate_attraction",
  "transfer_time",
  "meal_time",
  "accommodation",
  "intercity_transport",
] as const;
export type CheckName = (typeof CHECKS)[number];

export interface Failure {
  check: CheckName;
  /** 1-based day, and the item's index within the day, where the failure sits (null when it is the whole plan). */
  day: number | null;
  item: number | null;
  message: string;
}

export const GOLD_RULES = {
  /** The fastest a traveller crosses a city between two stops (straight-line km per hour). */
  transferKmh: 40,
  /** Meals may start within these hours; a meal without a type any time in [05:00, 23:00). */
  mealWindows: {
    breakfast: ["05:00", "11:00"],
    lunch: ["10:30", "15:30"],
    dinner: ["16:30", "23:30"],
    any: ["05:00", "23:00"],
  } as Record<string, [string, string]>,
};

/** A numeric budget the request states (TripCraft's budget, or a number in preferences.budget). */
export function requestBudget(q: QueryFacts): number | null {
  const b = q.preferences.budget;
  if (typeof b === "number" && b > 0) return b;
  if (typeof b === "string" && /^\s*\d+(\.\d+)?\s*$/.test(b)) return Number(b);
  return null;
}

/** The POI facts the checks read: the feature rules' facts and the price (for plans that carry no costs). */
export type GoldPoiLookup = (poiId: string) => (PoiFacts & { price: number | null }) | null;

/** Everything the plan spends: items' costs (else their place's price) and the costs of the legs travelled to reach them. */
export function totalCost(it: Itinerary, poiOf: GoldPoiLookup): number {
  let total = 0;
  for (const d of it.days)
    for (const i of d.items) {
      total += i.cost ?? (i.poiId ? (poiOf(i.poiId)?.price ?? 0) : 0);
      for (const l of i.legs) total += l.cost ?? 0;
    }
  return total;
}

const timed = (i: Item) => i.kind !== "hotel" && i.startTime !== null;
const placeKey = (i: Item) => i.poiId ?? nameKey(i.name);

function endOf(i: Item, start: number): number {
  if (!i.endTime) return start;
  const end = minutesOf(i.endTime);
  return end >= start ? end : 24 * 60;
}

export function runChecks(it: Itinerary, q: QueryFacts, poiOf: GoldPoiLookup): Failure[] {
  const out: Failure[] = [];
  const fail = (check: CheckName, day: number | null, item: number | null, message: string) =>
    out.push({ check, day, item, message });
  const seen = new Map<string, number>();
  it.days.forEach((d, di) => {
    let last: { end: number; item: Item } | null = null;
    d.items.forEach((i, ii) => {
      if (i.kind === "attraction") {
        const k = placeKey(i),
          first = seen.get(k);
        if (first !== undefined)
          fail("duplicate_attraction", d.day, ii, `day ${d.day}: ${i.name} again (already visited on day ${first})`);
        else seen.set(k, d.day);
      }
      if (!timed(i)) return;
      const start = minutesOf(i.startTime!);
      // A transport that opens the day may have left the evening before (ChinaTravel lets it end "the next day").
      const end =
        i.endTime && minutesOf(i.endTime) < start && i.kind === "transport" && last === null
          ? minutesOf(i.endTime)
          : endOf(i, start);
      if (last && start < last.end)
        fail(
          "time_order",
          d.day,
          ii,
          `day ${d.day}: ${i.name} starts at ${i.startTime}, before ${last.item.name} ends`,
        );
      else if (
        last &&
        hasLocation(last.item) &&
        hasLocation(i) &&
        i.kind !== "transport" &&
        last.item.kind !== "transport"
      ) {
        const km = haversineKm(last.item.lat!, last.item.lon!, i.lat!, i.lon!);
        const need = (km / GOLD_RULES.transferKmh) * 60;
        if (start - last.end < need - 1e-9)
          fail(
            "transfer_time",
            d.day,
            ii,
            `day ${d.day}: ${Math.round(start - last.end)} min to travel ${km.toFixed(1)} km from ${last.item.name} to ${i.name} (at least ${Math.ceil(need)} min)`,
          );
      }
      if (i.kind === "attraction" && i.poiId) {
        const hours = poiOf(i.poiId)?.openingHours;
        if (hours) {
          const wd = q.startDate ? weekdayOf(q.startDate, di) : null;
          const close = minutesOf(hours.close);
          if (wd !== null && hours.closedWeekdays.includes(wd))
            fail("opening_hours", d.day, ii, `day ${d.day}: ${i.name} is closed that day`);
          else if (start < minutesOf(hours.open) || (close > 0 && endOf(i, start) > close))
            fail(
              "opening_hours",
              d.day,
              ii,
              `day ${d.day}: ${i.name} visited ${i.startTime}–${i.endTime ?? "?"}, outside its opening hours (${hours.open}–${hours.close})`,
            );
        }
      }
      if (i.kind === "meal") {
        const [lo, hi] = GOLD_RULES.mealWindows[i.mealType ?? "any"];
        if (start < minutesOf(lo) || start >= minutesOf(hi))
          fail(
            "meal_time",
            d.day,
            ii,
            `day ${d.day}: ${i.mealType ?? "a meal"} at ${i.startTime} (${i.mealType ?? "meals"} start between ${lo} and ${hi})`,
          );
      }
      last = { end, item: i };
    });
  });
  if (it.days.length > 1) {
    const nights = new Set(hotelNights(it).map((h) => h));
    it.days.slice(0, -1).forEach((d) => {
      if (!d.items.some((i) => i.kind === "hotel" && nights.has(i)))
        fail("accommodation", d.day, null, `night after day ${d.day}: no accommodation`);
    });
  }
  if (q.origin) {
    const first = it.days[0].items.find((i) => i.kind === "transport" && i.transport);
    const last = it.days[it.days.length - 1].items.filter((i) => i.kind === "transport" && i.transport).pop();
    if (!first) fail("intercity_transport", 1, null, "no transport to the destination on the first day");
    if (!last || last === first) fail("intercity_transport", it.days.length, null, "no transport back on the last day");
  }
  const budget = requestBudget(q);
  if (budget !== null) {
    const cost = totalCost(it, poiOf);
    if (cost > budget)
      fail("budget", null, null, `the plan costs ${Math.round(cost)}, over the request's budget of ${budget}`);
  }
  return out;
}

export const failedChecks = (failures: readonly Failure[]) => new Set(failures.map((f) => f.check));
