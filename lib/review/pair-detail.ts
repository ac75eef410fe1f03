/**
 * A pair's page (issue 46, item 2): what GET /api/admin/pairs/<id> answers and /admin/pairs/<id> shows — the request,
 * the two plans in the pair's own terms with their planners, every judgment with its expert, the judges' verdicts,
 * the label and its source as the exports give it (lib/exports pairLabel), and the history (./history.ts). Experts
 * are named by their export pseudonym unless names are asked (`?names=1`, recorded as an audit event as an export
 * with names is). lib/review/store/pair-detail.ts reads it.
 */
import { z } from "zod";
import type { Itinerary } from "../datasets/browser";
import type { DimensionAnswers } from "../results/dimensions/browser";
import type { Verdict } from "../judging/verdict/browser";
import type { HistoryEvent } from "./history";
import type { ReviewStatus } from "./status";

/** The page's and the route's query: `names=1` shows experts' names and addresses instead of their pseudonyms. */
export const pairDetailQuery = z
  .object({ names: z.enum(["0", "1"], { error: "names is 0 or 1" }).optional() })
  .strict();

/**
 * A plan's itinerary is sent whole up to this many characters of its JSON (about 1 MB; an imported plan is a few
 * kilobytes): a larger one is named with its size and left out, so one page never holds more.
 */
export const PLAN_CHARS_CAP = 1_000_000;
/** At most this many assignments, judges' verdicts and corrections are read for one pair (each list says if cut). */
export const PAIR_ROWS_CAP = 500;

/** A person as the page names them; the answer's keys of people are pseudonyms, never user ids. */
export interface PairPerson {
  /** The pseudonym (experts, unless names are asked) or the name. */
  label: string;
  /** The address, when names are asked (experts) or for admins. */
  email: string | null;
  role: string;
}

export interface PairPlan {
  id: string;
  /** The planner that wrote it (its `model` label): never shown to experts, shown here. */
  planner: string;
  sourceId: string;
  /** Characters of its itinerary's JSON. */
  chars: number;
  /** Null when the plan is over PLAN_CHARS_CAP. */
  itinerary: Itinerary | null;
}

export interface PairJudgment {
  id: string;
  /** A key of `people`. */
  who: string;
  slot: number;
  verdict: Verdict;
  strength: number | null;
  dimensions: DimensionAnswers | null;
  rationale: string;
  timeOnTaskMs: number;
  /** Which of the pair's plans the expert saw on the left (Assignment.leftPlanId). */
  leftPlan: "A" | "B";
  claimedAt: string;
  submittedAt: string;
  /** Its review so far (JudgmentReview): none, commented, accepted. */
  review: ReviewStatus;
  /** Reviewers' comments on it, oldest first (`by`: a key of `people`). */
  comments: { by: string; at: string; text: string }[];
}

/**
 * A judgment a reviewer rejected (RejectedJudgment): out of every figure and export, shown on the page marked, with
 * who rejected it (a key of `people`), why and when.
 */
export interface PairRejectedJudgment extends Omit<PairJudgment, "review" | "comments"> {
  reason: string;
  rejectedBy: string;
  rejectedAt: string;
}

export interface PairJudgeVerdict {
  judge: string;
  verdict: Verdict;
  /** "ab": plan A shown first, "ba": B first; null: not said. */
  order: string | null;
  scoreA: number | null;
  scoreB: number | null;
  pA: number | null;
  pB: number | null;
  pNeither: number | null;
  samples: Verdict[];
  upload: string;
}

export interface PairDetail {
  pair: {
    id: string;
    status: "OPEN" | "COMPLETE" | "DECIDED";
    requiredRaters: number;
    submitted: number;
    claimed: number;
    createdAt: string;
    /** The adaptive raters' calibration share, or an escalation's calibration sample. */
    calibration: boolean;
    escalationCalibration: boolean;
    /** The gold pair it was promoted to, if any. */
    goldPairId: string | null;
    /** When the pair is a correction's verification pair: whose correction (a key of `people`). */
    verifies: { correctionId: string; by: string } | null;
  };
  dataset: { id: string; name: string; askStrength: boolean; dimensions: { key: string; name: string }[] };
  /** The request as the judging screen's RequestPanel shows it, with its id in the dataset and its constraints' stage. */
  query: {
    id: string;
    sourceId: string;
    text: string;
    origin: string | null;
    days: number;
    people: number;
    startDate: string | null;
    preferences: Record<string, unknown>;
    destination: { id: string; name: string; country: string; lat: number; lon: number };
    dslStage: string | null;
  };
  plans: { A: PairPlan; B: PairPlan };
  /** In slot order. */
  judgments: PairJudgment[];
  /** The judgments reviewers rejected, in the order they were rejected. */
  rejected: PairRejectedJudgment[];
  judges: { verdicts: PairJudgeVerdict[]; more: boolean };
  label: {
    label: Verdict | null;
    basis: "majority" | "adjudication" | "unresolved" | "incomplete" | "judge";
    /** The verdicts it comes from, in slot order, and their pairwise agreement. */
    verdicts: Verdict[];
    agreement: number | null;
    /** The judge's decision that labels the pair (a DECIDED pair) or watches it (an audit pair). */
    decision: { judge: string; verdict: Verdict; confidence: number; threshold: number; audit: boolean } | null;
    adjudication: { label: Verdict; note: string | null; by: string | null; at: string } | null;
  };
  history: HistoryEvent[];
  /** True when the assignments or corrections read were cut at PAIR_ROWS_CAP (the history is then partial). */
  historyCut: boolean;
  people: Record<string, PairPerson>;
  names: boolean;
}
