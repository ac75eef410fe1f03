/**
 * Which destinations a reviewing account acts on (issue 46): a reviewer their own (ExpertDestination, as experts have
 * them), an admin every one. The pair browser's and pair page's store functions and the review queue take it;
 * lib/review/store/scope.ts reads it for a signed-in account. A pair outside the scope is answered as one that does
 * not exist (404, not 403), so its id cannot be probed.
 */
import type { Role } from "../accounts/browser";

export interface ReviewScope {
  /** The destinations' ids; null: every destination (an admin). */
  destinationIds: string[] | null;
}

/** Every destination: an admin's scope. */
export const EVERY_DESTINATION: ReviewScope = { destinationIds: null };

/** The scope of an account of `role` with `destinationIds` assigned (null for an admin, whatever is assigned). */
export function scopeFor(role: Role, destinationIds: readonly string[]): ReviewScope {
  return role === "ADMIN" ? EVERY_DESTINATION : { destinationIds: [...destinationIds] };
}

/** Whether a destination is in the scope. */
export function inScope(scope: ReviewScope, destinationId: string): boolean {
  return scope.destinationIds === null || scope.destinationIds.includes(destinationId);
}
