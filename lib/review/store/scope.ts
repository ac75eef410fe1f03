/** The one place that decides which pairs a user may review (lib/review/scope.ts): admins every destination. */
import type { Db } from "../../platform/db";
import { EVERY_DESTINATION, type ReviewScope } from "../scope";

/** The user's scope (async and given the database: a reviewer's destinations will be read here). */
export async function reviewScope(_db: Db, user: { role: string }): Promise<ReviewScope> {
  return user.role === "ADMIN" ? EVERY_DESTINATION : { destinationIds: [] };
}
