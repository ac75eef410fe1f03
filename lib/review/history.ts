/**
 * A pair's history on its page: typed events in time order, built in one function (pairHistory) from every source
 * that records something about the pair — its creation, its assignments (claims, submits, skips with their reason,
 * releases, expiries, reassignments), the audit events naming it or its assignments (adjudications, a fourth rater,
 * promotion to gold, judgments removed by an admin), a judge's decision, uploads of judges' verdicts and corrections
 * of either plan, and reviewers' actions on its judgments (accept, reject, comment: JudgmentReview). Each source is one
 * function in HISTORY_SOURCES.
 * People are named by a key the caller gives (`who`: a pseudonym unless names are asked), never by their user id.
 */
import type { Verdict } from "../judging/verdict";

/** One assignment of the pair as its row records it (status as text: a status added later reads as "ended"). */
export interface HistoryAssignment {
  id: string;
  userId: string;
  slot: number;
  status: string;
  leftIsA: boolean;
  claimedAt: Date;
  completedAt: Date | null;
  skipReason: string | null;
  /** When its judgment was stored (a submitted one), else null. */
  submittedAt: Date | null;
  verdict: Verdict | null;
}

/** An audit event naming the pair, one of its assignments, or (judgments removed) one of its experts. */
export interface HistoryAudit {
  action: string;
  actorId: string | null;
  targetType: string | null;
  targetId: string | null;
  data: unknown;
  createdAt: Date;
}

/** Everything the history is made of, as the store reads it. */
export interface HistoryRows {
  pair: { createdAt: Date };
  assignments: HistoryAssignment[];
  audits: HistoryAudit[];
  /** The adjudication in force: shown from its row when no audit event recorded it. */
  adjudication: { label: Verdict; note: string | null; adminId: string | null; createdAt: Date } | null;
  decision: {
    judge: string;
    verdict: Verdict;
    confidence: number;
    threshold: number;
    audit: boolean;
    createdAt: Date;
  } | null;
  /** Uploads of judges' verdicts on the pair: one event per upload. */
  judgeImports: { name: string; judges: string[]; createdAt: Date }[];
  corrections: { id: string; userId: string; plan: "A" | "B"; createdAt: Date }[];
  /** Reviewers' actions on the pair's judgments, those rejected since included (JudgmentReview). */
  reviews: HistoryReview[];
}

/** A reviewer's action on one of the pair's judgments, with the slot of the judgment's assignment. */
export interface HistoryReview {
  judgmentId: string;
  reviewerId: string;
  expertId: string;
  slot: number | null;
  action: "ACCEPT" | "REJECT" | "COMMENT";
  text: string | null;
  createdAt: Date;
}

/** How a person is named in the answer (a pseudonym, or a name when asked); null: nobody (the system). */
export type Who = (userId: string | null) => string | null;

interface At {
  /** ISO 8601. */
  at: string;
}
export type HistoryEvent = At &
  (
    | { kind: "created" }
    | { kind: "claimed"; who: string | null; slot: number; leftPlan: "A" | "B" }
    | { kind: "submitted"; who: string | null; slot: number; verdict: Verdict | null }
    | { kind: "skipped"; who: string | null; slot: number; reason: string | null }
    | { kind: "expired"; who: string | null; slot: number }
    | { kind: "released"; who: string | null; slot: number; by: string | null }
    | { kind: "reassigned"; who: string | null; slot: number; to: string | null; by: string | null }
    | { kind: "judgments-removed"; who: string | null; slot: number; by: string | null }
    /** An assignment that left CLAIMED for a status this page does not know yet. */
    | { kind: "ended"; who: string | null; slot: number; status: string }
    | { kind: "extra-rater"; by: string | null }
    | { kind: "adjudicated"; by: string | null; label: Verdict | null; note: string | null }
    | { kind: "promoted-to-gold"; by: string | null }
    | {
        kind: "judge-decided";
        judge: string;
        verdict: Verdict;
        confidence: number;
        threshold: number;
        audit: boolean;
      }
    | { kind: "judge-verdicts"; name: string; judges: string[] }
    | { kind: "corrected"; who: string | null; plan: "A" | "B"; correctionId: string }
    /** A reviewer (`by`) accepted, rejected (text: the reason) or commented (text) the judgment of `who`'s slot. */
    | {
        kind: "reviewed";
        by: string | null;
        who: string | null;
        slot: number | null;
        action: "accept" | "reject" | "comment";
        text: string | null;
      }
  );

const iso = (d: Date) => d.toISOString();

function createdEvents(r: HistoryRows): HistoryEvent[] {
  return [{ kind: "created", at: iso(r.pair.createdAt) }];
}

/** Audit events about one assignment, by its id. */
function auditsByAssignment(r: HistoryRows) {
  const m = new Map<string, HistoryAudit>();
  for (const e of r.audits) if (e.targetType === "Assignment" && e.targetId) m.set(e.targetId, e);
  return m;
}

/** A claim, and how it ended: submitted, skipped, expired, released (by an admin, to another expert, or a removal). */
function assignmentEvents(r: HistoryRows, who: Who): HistoryEvent[] {
  const byAssignment = auditsByAssignment(r);
  const removals = r.audits.filter((e) => e.action === "expert.remove_judgments");
  return r.assignments.flatMap((a): HistoryEvent[] => {
    const base = { who: who(a.userId), slot: a.slot };
    const claimed: HistoryEvent = { kind: "claimed", at: iso(a.claimedAt), ...base, leftPlan: a.leftIsA ? "A" : "B" };
    const at = iso(a.completedAt ?? a.claimedAt);
    const audit = byAssignment.get(a.id);
    let end: HistoryEvent | null;
    switch (a.status) {
      case "CLAIMED":
        end = null;
        break;
      // A rejected judgment was submitted first; its rejection is the review source's event.
      case "SUBMITTED":
      case "REJECTED":
        end = {
          kind: "submitted",
          at: iso(a.submittedAt ?? a.completedAt ?? a.claimedAt),
          ...base,
          verdict: a.verdict,
        };
        break;
      case "SKIPPED":
        end = { kind: "skipped", at, ...base, reason: a.skipReason };
        break;
      case "EXPIRED":
        end = { kind: "expired", at, ...base };
        break;
      case "RELEASED": {
        if (audit?.action === "assignment.reassign") {
          const to = (audit.data as { to?: unknown } | null)?.to;
          end = {
            kind: "reassigned",
            at,
            ...base,
            to: typeof to === "string" ? who(to) : null,
            by: who(audit.actorId),
          };
          break;
        }
        // A removal of the expert's judgments releases their assignments in its own statement: the same moment.
        const removal = removals.find(
          (e) => e.targetId === a.userId && e.createdAt.getTime() === a.completedAt?.getTime(),
        );
        if (removal) end = { kind: "judgments-removed", at, ...base, by: who(removal.actorId) };
        else end = { kind: "released", at, ...base, by: audit ? who(audit.actorId) : null };
        break;
      }
      default:
        end = { kind: "ended", at, ...base, status: a.status };
    }
    return end ? [claimed, end] : [claimed];
  });
}

/** What admins did to the pair itself: adjudications (each one, as recorded), a fourth rater, promotion to gold. */
function pairAuditEvents(r: HistoryRows, who: Who): HistoryEvent[] {
  const out: HistoryEvent[] = [];
  for (const e of r.audits) {
    if (e.targetType !== "Pair") continue;
    const at = iso(e.createdAt);
    if (e.action === "pair.adjudicate") {
      const d = (e.data ?? {}) as { label?: Verdict; note?: string | null };
      out.push({ kind: "adjudicated", at, by: who(e.actorId), label: d.label ?? null, note: d.note ?? null });
    } else if (e.action === "pair.extra-rater") out.push({ kind: "extra-rater", at, by: who(e.actorId) });
    else if (e.action === "gold.promote") out.push({ kind: "promoted-to-gold", at, by: who(e.actorId) });
  }
  // An adjudication recorded before its audit event was written stands for itself.
  if (r.adjudication && !out.some((e) => e.kind === "adjudicated")) {
    const a = r.adjudication;
    out.push({ kind: "adjudicated", at: iso(a.createdAt), by: who(a.adminId), label: a.label, note: a.note });
  }
  return out;
}

function judgeEvents(r: HistoryRows): HistoryEvent[] {
  const out: HistoryEvent[] = r.judgeImports.map((i) => ({
    kind: "judge-verdicts",
    at: iso(i.createdAt),
    name: i.name,
    judges: i.judges,
  }));
  const d = r.decision;
  if (d)
    out.push({
      kind: "judge-decided",
      at: iso(d.createdAt),
      judge: d.judge,
      verdict: d.verdict,
      confidence: d.confidence,
      threshold: d.threshold,
      audit: d.audit,
    });
  return out;
}

function correctionEvents(r: HistoryRows, who: Who): HistoryEvent[] {
  return r.corrections.map((c) => ({
    kind: "corrected",
    at: iso(c.createdAt),
    who: who(c.userId),
    plan: c.plan,
    correctionId: c.id,
  }));
}

function reviewEvents(r: HistoryRows, who: Who): HistoryEvent[] {
  return r.reviews.map((v) => ({
    kind: "reviewed",
    at: iso(v.createdAt),
    by: who(v.reviewerId),
    who: who(v.expertId),
    slot: v.slot,
    action: v.action === "ACCEPT" ? "accept" : v.action === "REJECT" ? "reject" : "comment",
    text: v.text,
  }));
}

/** Every source of the history, in the order events of the same moment are listed. One more source is one more entry. */
export const HISTORY_SOURCES: readonly ((r: HistoryRows, who: Who) => HistoryEvent[])[] = [
  createdEvents,
  assignmentEvents,
  correctionEvents,
  pairAuditEvents,
  judgeEvents,
  reviewEvents,
];

/** The pair's history, oldest first (events of one moment in their sources' order: a sort that keeps ties). */
export function pairHistory(rows: HistoryRows, who: Who): HistoryEvent[] {
  return HISTORY_SOURCES.flatMap((source) => source(rows, who)).sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );
}
