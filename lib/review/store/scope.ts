/** The review pages' scope of a signed-in user (lib/review/scope.ts): the one place that decides what they may read. */
import type { SessionUser } from "../../accounts/store";
import { AppError } from "../../kernel";
import type { Db } from "../../platform/db";
import { EVERY_DESTINATION, type ReviewScope } from "../scope";

/** An admin reads every destination; anyone else nothing yet (the reviewer role adds its destinations here). */
export async function reviewScope(_db: Db, user: Pick<SessionUser, "id" | "role">): Promise<ReviewScope> {
  if (user.role === "ADMIN") return EVERY_DESTINATION;
  throw new AppError("forbidden", "You do not have access to this.");
}
