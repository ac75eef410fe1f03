/**
 * What the Assign page shows the moment an admin changes something, before the server answers (TanStack Query's
 * optimistic update; components/admin/mutations.ts rolls it back if the server refuses). Each mirrors what the
 * server does with the change (lib/judging/store/assignment-overview.ts), on the page's overview as it stands.
 */

export interface FamiliarityLink {
  userId: string;
  destinationId: string;
  familiarity: number;
}

/** Familiarity `familiarity` (1–5) of every given expert with every given destination; 0 takes the link away. */
export function withFamiliarity<L extends FamiliarityLink>(
  links: readonly L[],
  change: { userIds: string[]; destinationIds: string[]; familiarity: number },
): FamiliarityLink[] {
  const users = new Set(change.userIds);
  const destinations = new Set(change.destinationIds);
  const touched = (l: FamiliarityLink) => users.has(l.userId) && destinations.has(l.destinationId);
  const kept: FamiliarityLink[] = links.filter((l) => !touched(l));
  if (change.familiarity === 0) return kept;
  for (const userId of change.userIds)
    for (const destinationId of change.destinationIds)
      kept.push({ userId, destinationId, familiarity: change.familiarity });
  return kept;
}

/**
 * The dataset `id` with the changed settings (raters per pair shown as `raters`); the others as they were. A new
 * dimension set is left to the server's answer: its version number is the server's to give.
 */
export function withDatasetChange<D extends { id: string; raters?: number | null }>(
  datasets: readonly D[],
  change: { id: string; requiredRaters?: number } & Record<string, unknown>,
): D[] {
  const { id, requiredRaters, ...rest } = change;
  const settings = Object.fromEntries(Object.entries(rest).filter(([k, v]) => v !== undefined && k !== "dimensions"));
  return datasets.map((d) =>
    d.id !== id ? d : { ...d, ...settings, ...(requiredRaters !== undefined ? { raters: requiredRaters } : {}) },
  );
}
