/** All features of one plan: the two gates, the soft and preference sub-scores, and why a gate failed. */
import { minutesOf, type Itinerary } from "../../datasets/browser";
import { weekdayOf } from "../../kernel/browser";
import {
  attractionPreference,
  budgetPreference,
  daytimeUtilization,
  effortPreference,
  hotelConsistency,
  hotelNights,
  locationClustering,
  pacingPreference,
  scheduleDensity,
  uniqueAttractions,
  type PoiLookup,
} from "./rules";
import type { PlanFeatures } from "./types";

export * from "./types";
export { reward } from "./reward";

export interface QueryFacts {
  days: number;
  startDate: string | null;
  origin: string | null;
  preferences: Record<string, unknown>;
}

export interface FeatureReport {
  features: PlanFeatures;
  violations: string[];
}

/** Commonsense violations: time conflicts, closed or not-yet-open sites, missing nights, missing trips there and back. */
export function commonsenseViolations(it: Itinerary, q: QueryFacts, poiOf: PoiLookup): string[] {
  const out: string[] = [];
  it.days.forEach((d, di) => {
    let lastEnd: number | null = null;
    let lastName = "";
    for (const i of d.items) {
      if (i.kind === "hotel" || !i.startTime) continue;
      const start = minutesOf(i.startTime);
      if (lastEnd !== null && start < lastEnd)
        out.push(`day ${d.day}: ${i.name} starts at ${i.startTime}, before ${lastName} ends`);
      const end = i.endTime ? minutesOf(i.endTime) : start;
      // Past midnight: a train or flight that opens the day left the evening before and arrived at `end`
      // (ChinaTravel's Is_time_correct lets intercity transport end "the next day"); anything else runs to midnight.
      lastEnd = end >= start ? end : i.kind === "transport" && lastEnd === null ? end : 24 * 60;
      lastName = i.name;
      const hours = i.kind === "attraction" && i.poiId ? poiOf(i.poiId)?.openingHours : null;
      if (!hours) continue;
      const wd = q.startDate ? weekdayOf(q.startDate, di) : null;
      if (wd !== null && hours.closedWeekdays.includes(wd)) out.push(`day ${d.day}: ${i.name} is closed that day`);
      else if (
        start < minutesOf(hours.open) ||
        (i.endTime && minutesOf(i.endTime) > minutesOf(hours.close) && minutesOf(hours.close) > 0)
      ) {
        out.push(`day ${d.day}: ${i.name} visited outside its opening hours (${hours.open}–${hours.close})`);
      }
    }
  });
  if (it.days.length > 1 && hotelNights(it).length < it.days.length - 1) out.push("a night without accommodation");
  if (q.origin) {
    const first = it.days[0].items.find((i) => i.kind === "transport" && i.transport);
    const last = it.days[it.days.length - 1].items.filter((i) => i.kind === "transport" && i.transport).pop();
    if (!first) out.push("no transport to the destination on the first day");
    if (!last || last === first) out.push("no transport back on the last day");
  }
  return out;
}

export function computeFeatures(it: Itinerary, q: QueryFacts, poiOf: PoiLookup): FeatureReport {
  const violations: string[] = [];
  const formatOk = it.days.length === q.days && it.days.every((d) => d.items.length > 0);
  if (!formatOk)
    violations.push(
      it.days.length !== q.days
        ? `the plan has ${it.days.length} day(s); the request asks for ${q.days}`
        : "a day without any item",
    );
  const common = formatOk ? commonsenseViolations(it, q, poiOf) : [];
  violations.push(...common);
  const p = q.preferences;
  const judged = it.judgedScores;
  return {
    violations,
    features: {
      format: formatOk ? 1 : -3,
      commonsense: common.length ? -1 : 1,
      schedule_density: scheduleDensity(it, poiOf),
      hotel_consistency: hotelConsistency(it),
      daytime_utilization: daytimeUtilization(it),
      unique_attractions: uniqueAttractions(it),
      location_clustering: locationClustering(it),
      iconic_landmarks: judged?.iconic_landmarks ?? null,
      attraction_diversity: judged?.attraction_diversity ?? null,
      attraction_prioritization: attractionPreference(it, p.attractionTypes ?? p.attraction, poiOf),
      pacing: pacingPreference(it, p.pacing ?? p.pace, poiOf),
      budget: budgetPreference(it, p.budget, poiOf),
      physical_effort: effortPreference(it, p.effort, poiOf),
      user_request: judged?.user_request ?? null,
    },
  };
}
export * from "./rules";
export * from "./weights";
