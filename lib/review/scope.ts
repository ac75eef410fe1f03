/**
 * Which pairs a reader of the review pages (the pair browser, a pair's page) may see: the pairs of some
 * destinations, or of every one (`null`). Admins see every destination; the reviewer role (issue 46, item 3) gets
 * its destinations here, in the one helper that makes a scope (lib/review/store/scope.ts). A pair outside the
 * scope is answered as one that does not exist (404, not 403), so its id cannot be probed.
 */
export interface ReviewScope {
  /** The destinations whose pairs may be read; null: every destination. */
  destinationIds: string[] | null;
}

/** Every destination (an admin's scope). */
export const EVERY_DESTINATION: ReviewScope = { destinationIds: null };

/** Whether a destination's pairs are in the scope. */
export function inScope(scope: ReviewScope, destinationId: string): boolean {
  return scope.destinationIds === null || scope.destinationIds.includes(destinationId);
}
