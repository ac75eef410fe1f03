/**
 * A judgment's review status and the actions on it (issue 46, decision 021). A judgment is "none" until reviewed;
 * "commented" while it has comments only; "accepted" once accepted; "rejected" once rejected (it then lives in
 * RejectedJudgment, out of every figure). Accepting or commenting never changes a figure; rejecting is final.
 */
import { z } from "zod";

export const REVIEW_STATUSES = ["none", "commented", "accepted", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_ACTIONS = ["accept", "reject", "comment"] as const;
export type ReviewActionName = (typeof REVIEW_ACTIONS)[number];

/** A rejection's reason and a comment: a few words at least, at most this many characters. */
export const REVIEW_TEXT_MAX = 2000;
const text = (what: string) =>
  z.string().trim().min(3, `say ${what} in a few words`).max(REVIEW_TEXT_MAX, `at most ${REVIEW_TEXT_MAX} characters`);

/** POST /api/review/judgments/<id>: one action; a reason with a rejection, a text with a comment. */
export const reviewActionInput = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("accept") }).strict(),
    z.object({ action: z.literal("reject"), reason: text("why it is rejected") }).strict(),
    z.object({ action: z.literal("comment"), text: text("your comment") }).strict(),
  ],
  { error: 'expected an action: "accept", "reject" (with a reason) or "comment" (with a text)' },
);
export type ReviewActionInput = z.infer<typeof reviewActionInput>;

/** The status a judgment's actions give it, oldest first (a rejection ends them; a later accept is refused before). */
export function reviewStatusOf(actions: readonly ("ACCEPT" | "REJECT" | "COMMENT")[]): ReviewStatus {
  if (actions.includes("REJECT")) return "rejected";
  if (actions.includes("ACCEPT")) return "accepted";
  return actions.includes("COMMENT") ? "commented" : "none";
}

/** Accepted among the judgments reviewed (accepted or rejected) of one expert; null before any. */
export function acceptRate(accepted: number, rejected: number): number | null {
  return accepted + rejected > 0 ? accepted / (accepted + rejected) : null;
}

/** The answer to a review action. */
export interface ReviewActionAnswer {
  judgmentId: string;
  status: ReviewStatus;
  /** False when the action was already done (a retry, a second accept): nothing was recorded. */
  changed: boolean;
}
