/**
 * TripCraft's Ordering Score (Chaudhuri et al., 2025, eq. 9): per day, 1 − ED(G, A) / max(|G|, |A|) for the
 * generated and the annotated sequences of places (Levenshtein's edit distance), averaged over the days of the
 * journey. Here the annotated plan is an expert's verified correction. A place is its id in the place table, else
 * its name; transport items are not places of the day. Days pair by position; a day only one plan has scores 0
 * (unless both are empty: 1).
 */
import type { Itinerary } from "../datasets";

/** Levenshtein distance with unit costs, over two rows of the table. */
export function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const placesOf = (it: Itinerary, day: number) =>
  (it.days[day]?.items ?? []).filter((i) => i.kind !== "transport").map((i) => i.poiId ?? i.name.trim().toLowerCase());

/** The plan's Ordering Score against the reference, in [0, 1]. */
export function orderingScore(generated: Itinerary, reference: Itinerary): number {
  const days = Math.max(generated.days.length, reference.days.length);
  if (!days) return 1;
  let sum = 0;
  for (let d = 0; d < days; d++) {
    const g = placesOf(generated, d);
    const a = placesOf(reference, d);
    const longest = Math.max(g.length, a.length);
    sum += longest ? 1 - editDistance(g, a) / longest : 1;
  }
  return sum / days;
}
