/**
 * Gold pairs in the judging queue. One statement (tj_next) gives an expert their next pair: a gold answer or a
 * real claim they hold (resumed in claim order), a new gold pair at its dataset's rate, else a real pair; a
 * qualifying expert gets qualification pairs only; a paused one gets nothing. A gold answer's view is built by the same
 * SQL shape as a real assignment's (tj_gold_view_parts), and it is submitted and skipped through the same API:
 * nothing in an answer tells the expert it is gold, except during qualification, which they know they are in.
 * What answers decide is decided in lib/: a qualification set's outcome (lib/quality/gold/qualification.ts), the pause test
 * (lib/quality/reliability/: pause.ts, the gold flag); here it is read and written.
 */
import { randomUUID } from "node:crypto";
import { leaseEnd, pickLeftPlan, type JudgingSettings } from "../../judging";
import { sideOf, verdictsBySide } from "../../judging/verdict";
import { ttlCache, AppError } from "../../kernel";
import { goldResults, goldFlag } from "../reliability";
import { qualificationDecision } from "../gold";
import type { Standing } from "../../accounts";
import { inTransaction, poolOf, type Db } from "../../platform/db";
import { dimensionAnswersBySide } from "../../results/dimensions";
import {
  askAgainWhileBusy,
  notActive,
  refuseShortRationale,
  SKIP_REFUSALS,
  signInFirst,
  STRENGTH_REFUSALS,
  sweepDue,
  type SessionCheck,
  type SubmitInput,
  viewPartsOf,
  type ViewParts,
  type ViewRow,
} from "../../judging/store";

// The highest gold rate of any dataset with active gold pairs, so that most claims need not look for a gold pair
// at all. The data functions that change it (lib/quality/store/gold-pairs.ts) forget it.
const rateCache = ttlCache("gold-max-rate", 5000, async (db: Db): Promise<number> => {
  const { rows } = await poolOf(db).query<{ rate: number | null }>(
    `SELECT max("goldRate") AS rate FROM "Dataset" d WHERE EXISTS (SELECT 1 FROM "GoldPair" g WHERE g."datasetId" = d.id AND g.active)`,
  );
  return rows[0]?.rate ?? 0;
});
export function forgetGoldRate(db: Db) {
  rateCache.forget(db);
}

type Client = import("pg").PoolClient;

/**
 * The expert's next pair, gold or real, in one statement (tj_next): see nextPairFor (lib/judging/http/judging-api.ts)
 * for what each outcome becomes. `draw`: this claim's gold draw (goldDraw), null when it looks for no gold pair.
 */
export type NextPair =
  | { kind: "unauthorized" }
  | { kind: "not_active"; standing: Standing; note: string | null }
  | { kind: "qualifying"; live: string | null }
  | { kind: "none" }
  | { kind: "gold"; json: string }
  | { kind: "real"; view: ViewParts };

export async function nextPair(
  db: Db,
  userId: string,
  settings: JudgingSettings,
  draw: number | null,
  opts: { destinationId: string | null; exclude?: string[]; sessionVersion?: number | null },
): Promise<NextPair> {
  const r = await askAgainWhileBusy(async () => {
    const { rows } = await poolOf(db).query<
      ViewRow &
        GoldViewTexts & {
          outcome: string;
          standing: Standing;
          standing_note: string | null;
          gold: boolean;
          assignment_id: string | null;
        }
    >({
      name: "tj_next",
      text: "SELECT * FROM tj_next($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
      values: [
        userId,
        opts.sessionVersion ?? null,
        opts.destinationId,
        opts.exclude ?? [],
        settings.queueOrder === "completion",
        settings.maxClaimsPerExpert,
        leaseEnd(new Date(), settings),
        pickLeftPlan("A", "B") === "A",
        randomUUID(),
        sweepDue(),
        draw,
        settings.qualificationLength > 0,
      ],
    });
    return rows[0];
  });
  if (r.outcome === "unauthorized") return { kind: "unauthorized" };
  if (r.outcome === "not_active") return { kind: "not_active", standing: r.standing, note: r.standing_note };
  if (r.outcome === "qualifying") return { kind: "qualifying", live: r.assignment_id };
  if (r.outcome === "none" || r.outcome === "busy") return { kind: "none" };
  return r.gold ? { kind: "gold", json: goldViewJson(r) } : { kind: "real", view: viewPartsOf(r) };
}

/**
 * How many pairs of the expert's qualification set come before the one served now: those answered (skipped too)
 * and those still on the screen in front of it (`onScreen`, the look-ahead's exclude). Counted in the order the
 * screen shows them, not the order claims happened to commit in (two claims in flight may commit either way).
 */
export async function qualificationPlace(db: Db, userId: string, onScreen: readonly string[]): Promise<number> {
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT count(*) FILTER (WHERE status IN ('SUBMITTED', 'SKIPPED') OR (status = 'CLAIMED' AND id = ANY($2)))::int AS n
       FROM "GoldAnswer" WHERE "userId" = $1 AND purpose = 'QUALIFICATION'`,
    [userId, onScreen],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Counts of the expert's qualification set: answered (skipped ones too: they count, as not right), held, in all, and
 * its length as the expert will meet it: the setting's, or fewer when fewer gold pairs can be served to them (the set
 * is then decided on those: maybeFinishQualification), so the screen never promises pairs that will not come.
 */
export async function qualificationCounts(
  db: Db,
  userId: string,
  settings: JudgingSettings,
): Promise<QualificationCounts> {
  return countQualification(poolOf(db), userId, settings);
}

interface QualificationCounts {
  answered: number;
  held: number;
  total: number;
  length: number;
}

async function countQualification(
  q: Pick<Client, "query">,
  userId: string,
  settings: JudgingSettings,
): Promise<QualificationCounts> {
  const { rows } = await q.query<{ answered: number; held: number; total: number; servable: number }>(
    `SELECT count(*) FILTER (WHERE status IN ('SUBMITTED', 'SKIPPED'))::int AS answered, count(*) FILTER (WHERE status = 'CLAIMED')::int AS held, count(*)::int AS total,
            (SELECT count(*) FROM tj_gold_candidates($1, NULL))::int AS servable
       FROM "GoldAnswer" WHERE "userId" = $1 AND purpose = 'QUALIFICATION'`,
    [userId],
  );
  const { answered, held, total, servable } = rows[0];
  return { answered, held, total, length: Math.min(settings.qualificationLength, total + servable) };
}

/** Whether this claim should look for a gold pair: a draw against the highest rate (the dataset's own rate decides later). */
export async function goldDraw(db: Db): Promise<number | null> {
  const max = await rateCache.get(db);
  const u = Math.random();
  return u < max ? u : null;
}

/** Gives the expert the gold pair (tj_gold_claim); null when they got it meanwhile (a parallel claim). */
export async function claimGoldPair(
  db: Db,
  userId: string,
  goldPairId: string,
  purpose: "CHECK" | "QUALIFICATION",
  settings: JudgingSettings,
): Promise<string | null> {
  const { rows } = await poolOf(db).query<{ id: string | null }>(
    'SELECT tj_gold_claim($1, $2, $3::"GoldPurpose", $4, $5, $6) AS id',
    [userId, goldPairId, purpose, Math.random() < 0.5, leaseEnd(new Date(), settings), randomUUID()],
  );
  return rows[0].id;
}

/** The next qualification pair of a qualifying expert: a gold pair of their destinations that may be served to them. */
export async function nextQualificationPair(
  db: Db,
  userId: string,
  destinationId: string | null,
): Promise<string | null> {
  const { rows } = await poolOf(db).query<{ id: string }>(
    "SELECT id FROM tj_gold_candidates($1, $2) ORDER BY random() LIMIT 1",
    [userId, destinationId],
  );
  return rows[0]?.id ?? null;
}

/** A gold answer's view as tj_gold_view_parts (and tj_next) give it. */
interface GoldViewTexts {
  head: string;
  left_text: string;
  right_text: string;
  left_diagnostics: string | null;
  right_diagnostics: string | null;
}

export interface GoldViewRow extends GoldViewTexts {
  user_id: string;
  status: string;
  purpose: "CHECK" | "QUALIFICATION";
}

/** The view's JSON text, in exactly the shape renderView gives a real assignment's. */
function goldViewJson(v: GoldViewTexts): string {
  const plan = (text: string, diagnostics: string | null) =>
    `{"itinerary":${text},"diagnostics":${diagnostics ?? "null"}}`;
  return `${v.head.slice(0, -1)},"left":${plan(v.left_text, v.left_diagnostics)},"right":${plan(v.right_text, v.right_diagnostics)}}`;
}

/** A gold answer's view as JSON text; null when `id` is no gold answer. */
export async function goldView(db: Db, id: string): Promise<{ row: GoldViewRow; json: string } | null> {
  const { rows } = await poolOf(db).query<GoldViewRow>({
    name: "tj_gold_view_parts",
    text: "SELECT * FROM tj_gold_view_parts($1)",
    values: [id],
  });
  const row = rows[0];
  return row ? { row, json: goldViewJson(row) } : null;
}

/** The expert's own open gold answer (GET /api/judge/<id>), or null when the id is no gold answer. */
export async function ownGoldViewJson(db: Db, id: string, userId: string): Promise<string | null> {
  const v = await goldView(db, id);
  if (!v) return null;
  if (v.row.user_id !== userId) throw new AppError("not_assigned", "This pair is not assigned to you.");
  if (v.row.status !== "CLAIMED")
    throw new AppError("gone", "This pair is no longer open for you (submitted, skipped or released).");
  return v.json;
}

export interface QualificationFeedback {
  correct: boolean;
  /** The answer, in the expert's screen terms. */
  answer: "left" | "right" | "neither";
  /** What was wrong with the worse plan (perturbations), and where. */
  defect: { kind: string; day: number | null; item: number | null; message: string; side: "left" | "right" } | null;
  answered: number;
  length: number;
  /** Set on the last pair of the set. */
  passed: boolean | null;
}

export interface GoldSubmitResult {
  judgmentId: string;
  duplicate: boolean;
  feedback?: QualificationFeedback;
  standing?: { state: "PAUSED"; note: string };
}

/** What tj_gold_submit says about the answer it stored (or found stored). */
interface GoldSubmitRow {
  outcome: string;
  judgment_id: string | null;
  purpose: "CHECK" | "QUALIFICATION";
  correct: boolean | null;
  left_is_a: boolean;
  label: "A" | "B" | "NEITHER";
  defect: { kind: string; day: number | null; item: number | null; message: string } | null;
}

const GOLD_SUBMIT_REFUSALS: Record<string, () => AppError> = {
  unauthorized: signInFirst,
  not_assigned: () => new AppError("not_assigned", "This pair is not assigned to you."),
  not_active: notActive,
  withdrawn: () =>
    new AppError("withdrawn", "This pair was skipped or taken back by an admin; your judgment was not stored."),
  request_reused: () => new AppError("request_reused", "This request id was used for another judgment."),
};

/**
 * Submits a gold answer (null when `assignmentId` is no gold answer: the caller submits a real judgment) through
 * tj_gold_submit; retries with the same request id return the stored answer. In the same transaction a wrong
 * answer may pause the expert (the sequential test over their gold answers since `goldSince`), and the last
 * qualification pair decides the set.
 */
export async function submitGold(
  db: Db,
  userId: string,
  input: SubmitInput,
  settings: JudgingSettings,
  session?: SessionCheck,
): Promise<GoldSubmitResult | null> {
  const rationale = refuseShortRationale(input.rationale, settings);
  // Every submit passes here first: a real assignment costs one indexed lookup, not a transaction.
  const { rowCount } = await poolOf(db).query({
    name: "tj_is_gold_answer",
    text: `SELECT 1 FROM "GoldAnswer" WHERE id = $1`,
    values: [input.assignmentId],
  });
  if (!rowCount) return null;
  const v = verdictsBySide(input.choice);
  const dims = input.dimensions ? dimensionAnswersBySide(input.dimensions) : null;
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<GoldSubmitRow>(
      "SELECT * FROM tj_gold_submit($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::smallint, $12::jsonb, $13::jsonb)",
      [
        userId,
        session?.sessionVersion ?? null,
        input.assignmentId,
        v.leftIsA,
        v.leftIsB,
        rationale,
        Math.max(0, Math.round(input.timeOnTaskMs)),
        input.clientRequestId,
        randomUUID(),
        settings.rationaleMinLength,
        input.strength ?? null,
        dims && JSON.stringify(dims.ifLeftIsA),
        dims && JSON.stringify(dims.ifLeftIsB),
      ],
    );
    const a = rows[0];
    if (a.outcome === "not_gold") return null;
    if (a.outcome === "rationale_too_short")
      throw new AppError(
        "rationale_too_short",
        `Write a rationale of at least ${settings.rationaleMinLength} characters.`,
      );
    const refusal = GOLD_SUBMIT_REFUSALS[a.outcome] ?? STRENGTH_REFUSALS[a.outcome];
    if (refusal) throw refusal();
    const feedbackOf = async (decision: { passed: boolean; length: number } | null): Promise<QualificationFeedback> => {
      const { answered, length } = await countQualification(client, userId, settings);
      return {
        correct: a.correct ?? false,
        answer: sideOf(a.label, a.left_is_a) ?? "neither",
        // Plan B of a perturbation carries the defect.
        defect: a.defect ? { ...a.defect, side: sideOf("B", a.left_is_a)! } : null,
        answered,
        length: decision?.length ?? length,
        passed: decision?.passed ?? null,
      };
    };
    const qualification = a.purpose === "QUALIFICATION";
    if (a.outcome === "duplicate")
      return {
        judgmentId: a.judgment_id!,
        duplicate: true,
        ...(qualification ? { feedback: await feedbackOf(null) } : {}),
      };
    const decision = qualification ? await maybeFinishQualification(client, userId, settings) : null;
    const pausedNote = qualification ? null : await maybePause(client, userId);
    return {
      judgmentId: a.judgment_id!,
      duplicate: false,
      ...(qualification ? { feedback: await feedbackOf(decision) } : {}),
      // Only the submit that pauses says so (the pair it answered was gold: the expert is paused by then).
      ...(pausedNote ? { standing: { state: "PAUSED" as const, note: pausedNote } } : {}),
    };
  });
}

/**
 * The pause test over the expert's checking gold answers since they were last resumed (lib/quality/reliability/pause.ts
 * decides; tj_gold_pause writes, giving back every pair the expert holds). Returns the note of a pause.
 */
async function maybePause(client: Client, userId: string): Promise<string | null> {
  // Gold answers since the test last started, skipped ones too; and how often the expert skips real pairs.
  const { rows } = await client.query<{
    correct: boolean | null;
    skipped: boolean;
    standing: Standing;
    real_skips: number;
    real_served: number;
  }>(
    `SELECT a.correct, a.status = 'SKIPPED' AS skipped, u.standing::text AS standing,
            (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status = 'SKIPPED' AND x."claimedAt" >= u."goldSince") AS real_skips,
            (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status IN ('SUBMITTED', 'SKIPPED') AND x."claimedAt" >= u."goldSince") AS real_served
       FROM "GoldAnswer" a JOIN "User" u ON u.id = a."userId"
      WHERE a."userId" = $1 AND a.purpose = 'CHECK' AND a.status IN ('SUBMITTED', 'SKIPPED') AND a."completedAt" >= u."goldSince" ORDER BY a."completedAt", a.id`,
    [userId],
  );
  if (!rows.length || rows[0].standing !== "ACTIVE") return null;
  // Skipping gold costs what answering wrong costs once the expert skips gold more than real pairs (lib/quality/reliability/pause.ts).
  const results = goldResults(rows, { skips: rows[0].real_skips, served: rows[0].real_served });
  // The gold flag is the pause decision (pauseDecision) with its explanation, which becomes the standing's note.
  const flag = goldFlag(results);
  if (!flag) return null;
  const note = flag.message;
  const { rows: done } = await client.query<{ paused: boolean }>("SELECT tj_gold_pause($1, $2, $3, $4) AS paused", [
    userId,
    note,
    results.length,
    randomUUID(),
  ]);
  return done[0].paused ? note : null;
}

/**
 * After each qualification answer or skip: the set's decision (lib/quality/gold/qualification.ts decides,
 * tj_qualification_decided writes). Returns the decision and the set's length, or null while the set goes on.
 */
async function maybeFinishQualification(
  client: Client,
  userId: string,
  settings: JudgingSettings,
): Promise<{ passed: boolean; length: number } | null> {
  const { rows } = await client.query<{ n: number; right: number; held: number; left: boolean }>(
    `SELECT count(*) FILTER (WHERE status IN ('SUBMITTED', 'SKIPPED'))::int AS n, count(*) FILTER (WHERE status = 'SUBMITTED' AND correct)::int AS right,
            count(*) FILTER (WHERE status = 'CLAIMED')::int AS held, EXISTS (SELECT 1 FROM tj_gold_candidates($1, NULL)) AS left
       FROM "GoldAnswer" WHERE "userId" = $1 AND purpose = 'QUALIFICATION'`,
    [userId],
  );
  const { n, right, held, left } = rows[0];
  const decision = qualificationDecision({ answered: n, right, held, more: left }, settings);
  if (!decision) return null;
  await client.query("SELECT tj_qualification_decided($1, $2, $3, $4, $5, $6)", [
    userId,
    decision.passed,
    decision.note,
    right,
    n,
    randomUUID(),
  ]);
  return { passed: decision.passed, length: decision.length };
}

/**
 * Skips a gold answer the expert holds (tj_gold_skip); null when `id` is no gold answer. A skipped qualification
 * pair counts towards the set (as not right), so the set may end here; a skipped checking pair enters the pause test.
 */
export async function skipGold(
  db: Db,
  userId: string,
  id: string,
  settings?: JudgingSettings,
  session?: SessionCheck,
): Promise<boolean | null> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ outcome: string; purpose: "CHECK" | "QUALIFICATION" | null }>(
      "SELECT * FROM tj_gold_skip($1, $2, $3)",
      [userId, session?.sessionVersion ?? null, id],
    );
    const { outcome, purpose } = rows[0];
    if (outcome === "not_gold") return null;
    if (outcome !== "skipped") throw SKIP_REFUSALS[outcome]?.() ?? new Error(`unexpected skip outcome ${outcome}`);
    if (purpose === "QUALIFICATION" && settings) await maybeFinishQualification(client, userId, settings);
    else if (purpose === "CHECK") await maybePause(client, userId);
    return true;
  });
}

/** Decides a qualification set whose gold pairs ran out (see maybeFinishQualification), in its own transaction. */
export async function finishExhaustedQualification(
  db: Db,
  userId: string,
  settings: JudgingSettings,
): Promise<{ passed: boolean; length: number } | null> {
  return inTransaction(db, (client) => maybeFinishQualification(client, userId, settings));
}
