/** What the pair browser's API answers (GET /api/admin/pairs) and its page shows: a page of pairs and the filter's choices. */
import type { Verdict } from "../judging/verdict/browser";
import type { PairAgreement, PairStatusFilter } from "./pair-filter";

export interface PairRow {
  id: string;
  queryId: string;
  /** The request's text (its first 400 characters) and its id in its dataset. */
  request: string;
  requestSourceId: string;
  dataset: { id: string; name: string };
  destination: { id: string; name: string };
  /** The planners of plan A and plan B. */
  planners: { a: string; b: string };
  status: PairStatusFilter;
  judgments: { submitted: number; required: number; claimed: number };
  /** Its judgments' verdicts (the pair's A/B terms) and strengths, in slot order. */
  verdicts: { verdict: Verdict; strength: number | null }[];
  agreement: PairAgreement | null;
  label: { verdict: Verdict; source: "majority" | "adjudication" | "judge" } | null;
  /** The judge that decided the pair (DECIDED), or null. */
  decidedBy: string | null;
  /** Automatic judges' verdicts, where the judges column is asked for (else null). */
  judges: { judge: string; verdict: Verdict }[] | null;
  /** Promoted to a gold pair (with the gold column; else false). */
  gold: boolean;
  /** A plan of the pair was corrected, or the pair verifies a correction (with the corrected column; else null). */
  corrected: "corrected" | "verification" | null;
  /** A rationale (the first that matches the search, else slot 1's; its first 300 characters), with its column. */
  rationale: string | null;
  /** With the review column: its rejected judgments, and its standing judgments a reviewer acted on (else null). */
  review: { rejected: number; reviewed: number } | null;
  priority: number;
  /** ISO time, UTC. */
  createdAt: string;
}

export interface PairPage {
  rows: PairRow[];
  /** Cursors (after=, before=) of the pages after and before this one; null where there is none. */
  next: string | null;
  previous: string | null;
}

/** Pairs a filter matches, counted up to a cap (`more`: at least that many): GET /api/admin/pairs/count. */
export interface PairCount {
  count: number;
  more: boolean;
}

export interface PairFilterOptions {
  datasets: { id: string; name: string; strength: boolean; dimensions: { key: string; name: string }[] }[];
  destinations: { id: string; name: string }[];
  planners: string[];
  judges: string[];
  experts: { id: string; name: string }[];
}
