/**
 * TripScore's rule-based sub-scores (appendix I and J), each in [0, 1], or null where the plan
 * gives nothing to measure. Thresholds the paper leaves open are constants here, documented.
 */
import { haversineKm, nameKey } from "../../kernel/browser";
import { hasLocation, minutesOf, type Day, type Item, type Itinerary } from "../../datasets/browser";

export const RULES = {
  /** Schedule density: a day's activity hours must lie in [lower, upper]; travel days have no lower bound. */
  densityLowerHours: 2,
  densityUpperHours: 12,
  /** Durations for items that have a period but no times. */
  defaultMinutes: { attraction: 120, meal: 60, event: 120 } as Record<string, number>,
  /** Pacing: activity-hour window per pace; compliance falls linearly to 0 over `pacingSlackHours` outside it. */
  pacingHours: { relaxed: [0, 6], moderate: [4, 9], intense: [7, 24] } as Record<string, [number, number]>,
  pacingSlackHours: 3,
  /** Location clustering: hops among the top 20 % longest distances between the plan's places. */
  clusteringTopShare: 0.2,
};

const ACTIVITY = new Set(["attraction", "meal", "event"]);

export interface PoiFacts {
  tags: string[];
  stars: number | null;
  recommendedMinutes: number | null;
  openingHours: { open: string; close: string; closedWeekdays: number[] } | null;
}
export type PoiLookup = (poiId: string) => PoiFacts | null;

export function itemMinutes(item: Item, poi: PoiFacts | null): number {
  if (item.startTime && item.endTime) {
    const d = minutesOf(item.endTime) - minutesOf(item.startTime);
    return d >= 0 ? d : d + 24 * 60;
  }
  return poi?.recommendedMinutes ?? RULES.defaultMinutes[item.kind] ?? 0;
}

export function activityHours(day: Day, poiOf: PoiLookup): number {
  return day.items
    .filter((i) => ACTIVITY.has(i.kind))
    .reduce((h, i) => h + itemMinutes(i, i.poiId ? poiOf(i.poiId) : null) / 60, 0);
}

const isTravelDay = (day: Day) => day.items.some((i) => i.kind === "transport" && i.transport);

export function scheduleDensity(it: Itinerary, poiOf: PoiLookup): number {
  const bad = it.days.filter((d) => {
    const h = activityHours(d, poiOf);
    return h > RULES.densityUpperHours || (!isTravelDay(d) && h < RULES.densityLowerHours);
  }).length;
  return 1 - bad / it.days.length;
}

/** The hotel of each night: the last hotel item of every day but the last. */
export function hotelNights(it: Itinerary): Item[] {
  return it.days.slice(0, -1).flatMap((d) => {
    const hotels = d.items.filter((i) => i.kind === "hotel");
    return hotels.length ? [hotels[hotels.length - 1]] : [];
  });
}

const placeKey = (i: Item) => i.poiId ?? nameKey(i.name);

export function hotelConsistency(it: Itinerary): number | null {
  const nights = hotelNights(it);
  if (!nights.length) return null;
  let switches = 0;
  for (let n = 1; n < nights.length; n++) {
    const sameCity = (nights[n].city ?? "") === (nights[n - 1].city ?? "");
    if (sameCity && placeKey(nights[n]) !== placeKey(nights[n - 1])) switches++;
  }
  return 1 - switches / nights.length;
}

function inDaytime(i: Item): boolean {
  if (i.period) return i.period !== "Evening";
  return i.startTime !== null && minutesOf(i.startTime) < 18 * 60;
}

export function daytimeUtilization(it: Itinerary): number {
  const idle = it.days.filter((d) => !d.items.some((i) => ACTIVITY.has(i.kind) && inDaytime(i))).length;
  return 1 - idle / it.days.length;
}

/** max(0, 1 − |A_dup|/|A_total| − Σ_{a∈A_dup} 0.05·(n_a − 1)²/|A_total|), duplicates counted when non-consecutive. */
export function uniqueAttractions(it: Itinerary): number | null {
  const seq = it.days.flatMap((d) => d.items.filter((i) => i.kind === "attraction").map(placeKey));
  if (!seq.length) return null;
  const count = new Map<string, number>();
  for (const k of seq) count.set(k, (count.get(k) ?? 0) + 1);
  const dup = new Set<string>();
  seq.forEach((k, i) => {
    const before = seq.lastIndexOf(k, i - 1);
    if (i > 0 && before >= 0 && before !== i - 1) dup.add(k);
  });
  let penalty = dup.size / seq.length;
  for (const k of dup) penalty += (0.05 * (count.get(k)! - 1) ** 2) / seq.length;
  return Math.max(0, 1 - penalty);
}

/** 1 − share of consecutive same-day hops that are among the top 20 % longest distances between the plan's places. */
export function locationClustering(it: Itinerary): number | null {
  const located = it.days.map((d) => d.items.filter((i) => i.kind !== "transport" && hasLocation(i)));
  const all = located.flat();
  // Every two stops' distance, ascending in a typed array (its numeric sort needs no comparator).
  const dists = new Float64Array((all.length * (all.length - 1)) / 2);
  let k = 0;
  for (let a = 0; a < all.length; a++)
    for (let b = a + 1; b < all.length; b++)
      dists[k++] = haversineKm(all[a].lat!, all[a].lon!, all[b].lat!, all[b].lon!);
  const hops = located.flatMap((items) =>
    items.slice(1).map((x, i) => haversineKm(items[i].lat!, items[i].lon!, x.lat!, x.lon!)),
  );
  if (!hops.length || !dists.length) return null;
  dists.sort();
  // The distance at the top share's edge, counted from the largest.
  const threshold = dists[dists.length - Math.max(1, Math.ceil(dists.length * RULES.clusteringTopShare))];
  const far = hops.filter((h) => h > 0 && h >= threshold).length;
  return 1 - far / hops.length;
}

const BUDGET_STARS: [RegExp, (s: number) => boolean][] = [
  [/econom|cheap|budget|cost/i, (s) => s <= 2],
  [/comfort|mid|moderate/i, (s) => s >= 3 && s <= 4],
  [/high|luxur|premium/i, (s) => s >= 5],
];

export function budgetPreference(it: Itinerary, budget: unknown, poiOf: PoiLookup): number | null {
  if (typeof budget !== "string") return null;
  const rule = BUDGET_STARS.find(([re]) => re.test(budget));
  const stars = hotelNights(it)
    .map((h) => (h.poiId ? (poiOf(h.poiId)?.stars ?? null) : null))
    .filter((s): s is number => s !== null);
  if (!rule || !stars.length) return null;
  return stars.filter(rule[1]).length / stars.length;
}

export function pacingPreference(it: Itinerary, pace: unknown, poiOf: PoiLookup): number | null {
  const key =
    typeof pace === "string"
      ? /relax/i.test(pace)
        ? "relaxed"
        : /compact|intense|packed|fast/i.test(pace)
          ? "intense"
          : /moderate|balanced/i.test(pace)
            ? "moderate"
            : null
      : null;
  if (!key) return null;
  const [lo, hi] = RULES.pacingHours[key];
  const days = it.days.filter((d) => !isTravelDay(d) || it.days.length === 1);
  const judged = days.length ? days : it.days;
  return (
    judged.reduce((s, d) => {
      const h = activityHours(d, poiOf);
      const off = h < lo ? lo - h : h > hi ? h - hi : 0;
      return s + Math.max(0, 1 - off / RULES.pacingSlackHours);
    }, 0) / judged.length
  );
}

export function attractionPreference(it: Itinerary, types: unknown, poiOf: PoiLookup): number | null {
  const wanted = (Array.isArray(types) ? types : typeof types === "string" ? [types] : []).map((t) =>
    String(t).toLowerCase(),
  );
  const attractions = it.days.flatMap((d) => d.items.filter((i) => i.kind === "attraction"));
  if (!wanted.length || !attractions.length) return null;
  const match = attractions.filter((a) => {
    const tags = (a.poiId ? (poiOf(a.poiId)?.tags ?? []) : []).map((t) => t.toLowerCase());
    return tags.some((t) => wanted.some((w) => t.includes(w) || w.includes(t)));
  });
  return match.length / attractions.length;
}

const EXERTION: [RegExp, number][] = [
  [/cycl|bike/i, 2],
  [/hik|trek|theme.?park|mountain|climb/i, 1],
];

/** Day effort classes by TripScore's rule: strenuous, light or moderate. */
export function effortClasses(it: Itinerary, poiOf: PoiLookup): ("light" | "moderate" | "strenuous")[] {
  const score = it.days.map((d) =>
    d.items
      .filter((i) => i.kind === "attraction" || i.kind === "event")
      .reduce((s, i) => {
        const tags = [...(i.poiId ? (poiOf(i.poiId)?.tags ?? []) : []), i.name].join(" ");
        return s + (EXERTION.find(([re]) => re.test(tags))?.[1] ?? 0);
      }, 0),
  );
  return score.map((s, d) => {
    const prev = d > 0 && score[d - 1] > 0;
    const next = d < score.length - 1 && score[d + 1] > 0;
    if (s > 2 || (s > 0 && (prev || next))) return "strenuous";
    if (s === 0 && !prev && !next) return "light";
    return "moderate";
  });
}

export function effortPreference(it: Itinerary, effort: unknown, poiOf: PoiLookup): number | null {
  if (typeof effort !== "string") return null;
  const want = /light|easy|low/i.test(effort)
    ? "light"
    : /strenuous|hard|high|intense/i.test(effort)
      ? "strenuous"
      : /moderate|medium/i.test(effort)
        ? "moderate"
        : null;
  if (!want) return null;
  const classes = effortClasses(it, poiOf);
  return classes.filter((c) => c === want).length / classes.length;
}
