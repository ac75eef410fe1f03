/**
 * Which pairs a caller may see in the pair browser and on a pair's page: every destination (an admin), or a list of
 * destinations (a reviewer's, issue 46 item 3). Every store function of lib/review takes one; reviewScope
 * (lib/review/store/scope.ts) is the one place that decides it for a user.
 */
export interface ReviewScope {
  /** null: every destination. */
  destinationIds: string[] | null;
}

export const EVERY_DESTINATION: ReviewScope = { destinationIds: null };
