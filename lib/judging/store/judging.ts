/**
 * The judging queue: claim the next pair, submit idempotently, skip, and the admin's release and
 * reassign. Each is one call of a database function (tj_claim, tj_submit, tj_skip, tj_release,
 * tj_reassign; tj_sweep_expired_leases), which hold a pair's state (docs/decisions/016 names the few
 * other writers); this module passes the policy's choices in (lib/judging/assignment/policy.ts) and turns
 * outcomes into answers.
 * Invariants, kept by those functions and the partial unique index on (pairId, slot): each pair gets at
 * most `requiredRaters` live assignments, from distinct experts who have the pair's destination, and an
 * expert never gets a pair twice.
 */
import { randomUUID } from "node:crypto";
import { leaseEnd, pickLeftPlan, type JudgingSettings } from "../assignment/policy";
import { verdictsBySide, type Choice } from "../verdict";
import { poolOf, type Db } from "../../platform/db";
import { viewPartsOf, type ViewParts, type ViewRow } from "./judging-view";
import { AppError, type ErrorCode } from "../../kernel";
import { dimensionAnswersBySide, type DimensionChoices } from "../../results/dimensions";

export interface ClaimResult {
  assignmentId: string;
  pairId: string;
  resumed: boolean;
  /** What the expert will see, less the itineraries (see judging-view.ts). */
  view: ViewParts;
}

/** Who is asking, as their session token says; the statement itself checks that the account still stands. */
export interface SessionCheck {
  sessionVersion: number;
}

export const signInFirst = () => new AppError("unauthenticated", "Sign in first.");

let lastSweep = 0;
/** Claims sweep expired leases at most once a second per process (and always before saying "nothing left"). */
export function sweepDue(): boolean {
  if (Date.now() - lastSweep < 1000) return false;
  lastSweep = Date.now();
  return true;
}

/**
 * The expert's next pair: a live claim not in `exclude` if there is one (resume after reload),
 * else a new claim on the best open pair of their destinations. null when nothing waits.
 * One round trip: the function tj_claim (prisma/functions/tj_claim.sql) does the work under row locks (asked
 * again briefly while it answers "busy"); with `session`, the same statement checks the account.
 */
export async function claimNext(
  db: Db,
  userId: string,
  settings: JudgingSettings,
  opts: { destinationId?: string | null; exclude?: string[]; session?: SessionCheck } = {},
): Promise<ClaimResult | null> {
  const r = await askAgainWhileBusy(async () => {
    const { rows } = await poolOf(db).query<ViewRow & { outcome: string; assignment_id: string; pair_id: string }>({
      name: "tj_claim",
      text: "SELECT * FROM tj_claim($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
      values: [
        userId,
        opts.session?.sessionVersion ?? null,
        opts.destinationId ?? null,
        opts.exclude ?? [],
        settings.queueOrder === "completion",
        settings.maxClaimsPerExpert,
        leaseEnd(new Date(), settings),
        pickLeftPlan("A", "B") === "A",
        randomUUID(),
        sweepDue(),
      ],
    });
    return rows[0];
  });
  if (r.outcome === "unauthorized") throw signInFirst();
  if (r.outcome === "not_active") throw notActive();
  if (r.outcome === "none" || r.outcome === "busy") return null;
  return {
    assignmentId: r.assignment_id,
    pairId: r.pair_id,
    resumed: r.outcome === "resumed",
    view: viewPartsOf(r),
  };
}

/**
 * Whether a destination a claim was filtered to is one of the expert's: "theirs", "not_theirs" (with its name) or
 * "unknown". Asked only when such a claim found nothing, so a mistyped filter is told apart from an empty queue
 * without a second statement on the claim's path.
 */
export async function destinationForExpert(
  db: Db,
  userId: string,
  destinationId: string,
): Promise<{ kind: "theirs" | "unknown" } | { kind: "not_theirs"; name: string }> {
  const { rows } = await poolOf(db).query<{ name: string; theirs: boolean }>(
    `SELECT d.name, EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = $1 AND e."destinationId" = d.id) AS theirs
       FROM "Destination" d WHERE d.id = $2`,
    [userId, destinationId],
  );
  if (!rows.length) return { kind: "unknown" };
  return rows[0].theirs ? { kind: "theirs" } : { kind: "not_theirs", name: rows[0].name };
}

/**
 * Runs a claim again while it answers "busy" (the only pairs left were held by other statements that instant:
 * another expert's claim or submit), a few times over ~300 ms, so an expert is not told "nothing left" while
 * there is work; a claim still busy after that is answered as none.
 */
export async function askAgainWhileBusy<T extends { outcome: string }>(claim: () => Promise<T>): Promise<T> {
  let r = await claim();
  for (const ms of [20, 40, 80, 160]) {
    if (r.outcome !== "busy") return r;
    await new Promise((res) => setTimeout(res, ms));
    r = await claim();
  }
  return r;
}

/** Leases that ran out return their slots: CLAIMED → EXPIRED, and the pairs' counters follow. */
export async function sweepExpiredLeases(db: Db): Promise<number> {
  lastSweep = Date.now();
  const { rows } = await poolOf(db).query<{ n: number }>("SELECT tj_sweep_expired_leases() AS n");
  return rows[0].n;
}

/** The refusal when an expert's standing does not allow judging real pairs now (decision 009). */
export function notActive(): AppError {
  return new AppError(
    "not_active",
    "Your account cannot judge pairs right now (paused, qualifying or awaiting an admin); your pairs page says why.",
  );
}

/** Adaptive raters on or off for a dataset (tj_set_adaptive); returns how many pairs changed. */
export async function setAdaptiveRaters(
  db: Db,
  datasetId: string,
  on: boolean,
  calibrationShare: number,
  actorId: string,
): Promise<number> {
  if (!(await db.dataset.findUnique({ where: { id: datasetId }, select: { id: true } })))
    throw new AppError("not_found", "There is no such dataset.");
  const { rows } = await poolOf(db).query<{ changed: number }>(
    "SELECT tj_set_adaptive($1, $2, $3, $4, $5) AS changed",
    [actorId, datasetId, on, calibrationShare, randomUUID()],
  );
  return rows[0].changed;
}

export interface SubmitInput {
  assignmentId: string;
  choice: Choice;
  /** How much better the chosen plan is (1–3), on datasets with preference strength; null otherwise. */
  strength?: 1 | 2 | 3 | null;
  /** Per-dimension answers in screen sides, on datasets that ask for dimensions (lib/results/dimensions/set.ts). */
  dimensions?: DimensionChoices | null;
  rationale: string;
  timeOnTaskMs: number;
  clientRequestId: string;
}

/** The strength and dimension refusals of tj_submit and tj_gold_submit, in the same words (a gold pair must not show itself). */
export const STRENGTH_REFUSALS: Record<string, () => AppError> = {
  dimensions_required: () =>
    new AppError("dimensions_required", "Answer every dimension of this pair before the overall verdict."),
  dimensions_not_asked: () => new AppError("dimensions_not_asked", "This pair asks for no per-dimension verdicts."),
  dimensions_invalid: () =>
    new AppError(
      "dimensions_invalid",
      "The dimension answers do not fit this pair's dimensions: an unknown dimension, an answer it does not allow, or a strength missing or not asked.",
    ),
  strength_required: () =>
    new AppError(
      "strength_required",
      "Say how much better the chosen plan is: 1 slightly, 2 clearly or 3 decisively better.",
    ),
  strength_not_asked: () =>
    new AppError("strength_not_asked", "This pair asks for no strength (Neither, or a dataset without strength)."),
};

/**
 * The trimmed rationale, or the refusal of a short one: checked before anything is read, by gold and real submits
 * alike, so the refusal takes the same time whichever the pair is (issue 48: 4.3 ms on gold against 2.7 on real).
 */
export function refuseShortRationale(rationale: string, settings: Pick<JudgingSettings, "rationaleMinLength">): string {
  const trimmed = rationale.trim();
  if (trimmed.length < settings.rationaleMinLength)
    throw new AppError(
      "rationale_too_short",
      `Write a rationale of at least ${settings.rationaleMinLength} characters.`,
    );
  return trimmed;
}

// tj_submit's refusals (its outcome names) as the API's error codes and messages.
const SUBMIT_REFUSALS: Record<string, [ErrorCode, string]> = {
  request_reused: ["request_reused", "This request id was used for another judgment."],
  not_yours: ["not_assigned", "This pair is not assigned to you."],
  withdrawn: ["withdrawn", "This pair was skipped or taken back by an admin; your judgment was not stored."],
  slot_taken: [
    "slot_taken",
    "Your claim on this pair expired and its slot went to another expert. Your draft is kept; take the next pair.",
  ],
};

/**
 * Stores one judgment per assignment; a retry with the same request id returns the stored one.
 * One round trip (the function tj_submit, which also applies the adaptive-raters rule); with `session`, the
 * statement also checks the account.
 */
export async function submitJudgment(
  db: Db,
  userId: string,
  input: SubmitInput,
  settings: JudgingSettings,
  session?: SessionCheck,
) {
  const rationale = refuseShortRationale(input.rationale, settings);
  const verdicts = verdictsBySide(input.choice);
  const dims = input.dimensions ? dimensionAnswersBySide(input.dimensions) : null;
  const { rows } = await poolOf(db).query<{ outcome: string; judgment_id: string | null }>({
    name: "tj_submit",
    text: "SELECT * FROM tj_submit($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::smallint, $11::jsonb, $12::jsonb)",
    values: [
      userId,
      session?.sessionVersion ?? null,
      input.assignmentId,
      verdicts.leftIsA,
      verdicts.leftIsB,
      rationale,
      Math.max(0, Math.round(input.timeOnTaskMs)),
      input.clientRequestId,
      randomUUID(),
      input.strength ?? null,
      dims && JSON.stringify(dims.ifLeftIsA),
      dims && JSON.stringify(dims.ifLeftIsB),
    ],
  });
  const { outcome, judgment_id } = rows[0];
  if (outcome === "unauthorized") throw signInFirst();
  if (outcome === "not_active") throw notActive();
  if (outcome === "stored" || outcome === "duplicate")
    return { judgmentId: judgment_id as string, duplicate: outcome === "duplicate" };
  if (STRENGTH_REFUSALS[outcome]) throw STRENGTH_REFUSALS[outcome]();
  const refusal = SUBMIT_REFUSALS[outcome];
  if (!refusal) throw new Error(`unexpected submit outcome ${outcome}`);
  throw new AppError(...refusal);
}

/**
 * tj_skip's and tj_gold_skip's refusals, in the same words: another expert's pair answers as submitting it does (404),
 * a gold pair as a real one.
 */
export const SKIP_REFUSALS: Record<string, () => AppError> = {
  unauthorized: signInFirst,
  not_active: notActive,
  not_yours: () => new AppError("not_assigned", "This pair is not assigned to you."),
  not_claimed: () =>
    new AppError("not_claimed", "This pair is not claimed by you (already submitted, skipped or released)."),
};

/**
 * The expert skips a pair they hold (claimed, or lapsed and not yet swept); it goes to another expert and
 * never comes back to them. One round trip (tj_skip); with `session`, the statement checks the account.
 */
export async function skipAssignment(
  db: Db,
  userId: string,
  assignmentId: string,
  reason: string,
  session?: SessionCheck,
) {
  const { rows } = await poolOf(db).query<{ outcome: string }>({
    name: "tj_skip",
    text: "SELECT tj_skip($1, $2, $3, $4) AS outcome",
    values: [userId, session?.sessionVersion ?? null, assignmentId, reason],
  });
  const outcome = rows[0].outcome;
  if (outcome === "skipped") return;
  throw SKIP_REFUSALS[outcome]?.() ?? new Error(`unexpected skip outcome ${outcome}`);
}

/** Admin: take a claim back; the slot returns to the pool (that expert will not be offered the pair again). One round trip (tj_release). */
export async function releaseAssignment(db: Db, assignmentId: string, actorId: string) {
  const { rows } = await poolOf(db).query<{ outcome: string }>("SELECT tj_release($1, $2, $3) AS outcome", [
    actorId,
    assignmentId,
    randomUUID(),
  ]);
  if (rows[0].outcome !== "released")
    throw new AppError("not_claimed", "Only a claimed (not yet submitted) assignment can be released.");
}

const REASSIGN_REFUSALS: Record<string, [ErrorCode, string]> = {
  not_claimed: ["not_claimed", "Only a claimed (not yet submitted) assignment can be reassigned."],
  no_destination: ["invalid_request", "That expert does not have this pair's destination."],
  had_pair: ["conflict", "That expert already had this pair."],
};

/** Admin: give a claimed slot to another expert of the destination (fresh lease, same slot). One round trip (tj_reassign). */
export async function reassignAssignment(
  db: Db,
  assignmentId: string,
  toUserId: string,
  actorId: string,
  settings: JudgingSettings,
): Promise<string> {
  const newId = randomUUID();
  const { rows } = await poolOf(db).query<{ outcome: string }>(
    "SELECT tj_reassign($1, $2, $3, $4, $5, $6, $7) AS outcome",
    [
      actorId,
      assignmentId,
      toUserId,
      pickLeftPlan("A", "B") === "A",
      leaseEnd(new Date(), settings),
      newId,
      randomUUID(),
    ],
  );
  const outcome = rows[0].outcome;
  if (outcome === "reassigned") return newId;
  throw new AppError(...(REASSIGN_REFUSALS[outcome] ?? ["internal", `unexpected reassign outcome ${outcome}`]));
}
