/** The review scope of a signed-in account (lib/review/scope.ts): a reviewer's destinations, every one for an admin. */
import { AppError } from "../../kernel";
import { mayReview, type Asker } from "../../accounts";
import type { Db } from "../../platform/db";
import { scopeFor, type ReviewScope } from "../scope";

/** Refused (403) to an account that reviews nothing (an expert). */
export async function reviewScope(db: Db, user: Asker): Promise<ReviewScope> {
  if (!mayReview(user)) throw new AppError("forbidden", "Reviewing is for reviewers and admins.");
  if (user.role === "ADMIN") return scopeFor("ADMIN", []);
  const rows = await db.expertDestination.findMany({ where: { userId: user.id }, select: { destinationId: true } });
  return scopeFor(
    user.role,
    rows.map((r) => r.destinationId),
  );
}
