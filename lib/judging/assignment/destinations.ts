/**
 * Which destinations the admin's assignment matrix and destination filters offer: those with pairs to judge, and
 * those experts are given already (so a link is never out of sight; the matrix marks them "no pairs"). An import
 * adds its manifest's destinations even when it makes no pair (a planner's bundle alone: one plan per request), and
 * listing those would offer experts work that does not exist.
 */
export function destinationsOffered<D extends { id: string; pairs: number }>(
  destinations: readonly D[],
  expertsOf: (id: string) => number,
): { shown: D[]; hiddenWithoutPairs: number } {
  const shown = destinations.filter((d) => d.pairs > 0 || expertsOf(d.id) > 0);
  return { shown, hiddenWithoutPairs: destinations.length - shown.length };
}
