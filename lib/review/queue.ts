/**
 * What the review queue serves a reviewer (lib/review/store/queue.ts, POST /api/review/next): one judgment with the
 * pair's request and both plans as plan A and plan B (the pair's own terms: the verdict says "plan A", whatever side the
 * expert saw it on, which `leftPlan` tells), held for the reviewer a few minutes so no other reviewer gets it.
 */
import type { AssignmentView } from "../judging/browser";
import type { Verdict } from "../judging/verdict/browser";
import type { DimensionAnswers, DimensionView } from "../results/dimensions/browser";
import type { Itinerary } from "../datasets/browser";
import type { ReviewStatus } from "./status";

/** How long a served judgment stays the reviewer's alone (then another reviewer may be served it). */
export const REVIEW_CLAIM_MINUTES = 10;
/** The count of judgments waiting is exact up to this, then said as "more than". */
export const REVIEW_WAITING_CAP = 1000;

export interface ReviewComment {
  text: string;
  at: string;
  /** Written by the reviewer reading it. */
  mine: boolean;
}

export interface ReviewItem {
  judgmentId: string;
  pairId: string;
  claimExpiresAt: string;
  /** The expert: pseudonymous to reviewers (as in exports), name and address to admins. */
  expert: string;
  verdict: Verdict;
  strength: number | null;
  /** The answers per dimension in the pair's terms, where the dataset asks them. */
  dimensions: DimensionAnswers | null;
  dimensionsAsked: DimensionView[];
  rationale: string;
  timeOnTaskMs: number;
  /** The plan the expert saw on the left. */
  leftPlan: "A" | "B";
  submittedAt: string;
  status: ReviewStatus;
  comments: ReviewComment[];
  query: AssignmentView["query"];
  planA: { itinerary: Itinerary };
  planB: { itinerary: Itinerary };
}

export interface ReviewNextAnswer {
  item: ReviewItem | null;
  /** Judgments of the reviewer's sample still to review (up to REVIEW_WAITING_CAP, then `waitingCapped`). */
  waiting: number;
  waitingCapped: boolean;
}
