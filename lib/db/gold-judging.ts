/**
 * Gold pairs in the judging queue. Before each claim one statement reads the expert's standing, a gold pair
 * they hold (resume), and — when the draw asks for one — a random gold pair of their destinations they never
 * had. An active expert gets that gold pair with the probability its dataset's gold rate sets; a qualifying
 * expert gets qualification pairs only; a paused one gets nothing. A gold answer's view is built by the same
 * SQL shape as a real assignment's (tj_gold_view_parts), and it is submitted and skipped through the same API:
 * nothing in an answer tells the expert it is gold, except during qualification, which they know they are in.
 */
import { randomUUID } from "node:crypto";
import { leaseEnd, verdictsBySide, type Choice, type JudgingSettings } from "../assignment/policy";
import { processCache } from "../cache";
import { AppError } from "../errors";
import { goldResults, pauseDecision } from "../reliability/pause";
import { goldFlag } from "../reliability/anomalies";
import { inTransaction, poolOf, type Db } from "./client";
import { notActive, signInFirst, type SessionCheck } from "./judging";

export type Standing = "ACTIVE" | "QUALIFYING" | "QUALIFICATION_FAILED" | "PAUSED";

export interface GoldGate {
  authorized: boolean;
  standing: Standing;
  standingNote: string | null;
  /** A gold answer the expert holds (claimed, not in `exclude`): the oldest. */
  live: string | null;
  /** Whether a real claim the expert holds (not in `exclude`) is older than `live`: held pairs resume in claim order, gold or not. */
  realFirst: boolean;
  /** Pairs held now, gold answers and real claims together (the claim limit counts both); `realOpen`: real claims not in `exclude`. */
  held: { gold: number; real: number; realOpen: number };
  candidate: { goldPairId: string; rate: number } | null;
}

// The highest gold rate of any dataset, so that most claims need not look for a gold pair at all.
const rateCache = processCache("gold-max-rate", () => new WeakMap<Db, { at: number; value: number }>());
async function maxGoldRate(db: Db): Promise<number> {
  const hit = rateCache.get(db);
  if (hit && Date.now() - hit.at < 5000) return hit.value;
  const { rows } = await poolOf(db).query<{ rate: number | null }>(`SELECT max("goldRate") AS rate FROM "Dataset" d WHERE EXISTS (SELECT 1 FROM "GoldPair" g WHERE g."datasetId" = d.id AND g.active)`);
  const value = rows[0]?.rate ?? 0;
  rateCache.set(db, { at: Date.now(), value });
  return value;
}
export function forgetGoldRate(db: Db) {
  rateCache.delete(db);
}

/**
 * The gold pair `g` (of dataset `ds`) may be served to the expert whose id is `user` (an SQL expression): active,
 * never had by them, nor made from a pair they judged. With diagnostics shown, a perturbation whose defect
 * changes the plan's violations would give itself away (the altered plan alone would show it): only those the
 * diagnostics cannot tell from their source are served. The expert's waiting count uses the same test.
 */
export const servableGold = (user: string) => `g.active
     AND (NOT ds."showDiagnostics" OR g."planBId" IS NOT NULL
          OR EXISTS (SELECT 1 FROM "Plan" pa WHERE pa.id = g."planAId" AND (pa.features::jsonb -> 'violations') IS NOT DISTINCT FROM (g."alteredFeatures"::jsonb -> 'violations')))
     AND NOT EXISTS (SELECT 1 FROM "GoldAnswer" x WHERE x."goldPairId" = g.id AND x."userId" = ${user})
     AND (g."sourcePairId" IS NULL OR NOT EXISTS (SELECT 1 FROM "Assignment" y WHERE y."pairId" = g."sourcePairId" AND y."userId" = ${user}))`;

/** A random gold pair of the expert's ($1) destinations (or the one in parameter `dest`) that may be served to them. */
const candidateSql = (dest: string) => `
  SELECT g.id, ds."goldRate" AS rate FROM "GoldPair" g JOIN "Dataset" ds ON ds.id = g."datasetId"
   WHERE g."destinationId" IN (SELECT e."destinationId" FROM "ExpertDestination" e WHERE e."userId" = $1)
     AND (${dest}::text IS NULL OR g."destinationId" = ${dest})
     AND ${servableGold("$1")}
   ORDER BY random() LIMIT 1`;

/** One statement: standing, held gold answer, and (when `lookForGold`) a candidate gold pair. */
export async function goldGate(db: Db, userId: string, opts: { exclude?: string[]; destinationId?: string | null; sessionVersion?: number | null; lookForGold: boolean }): Promise<GoldGate> {
  const { rows } = await poolOf(db).query<{ ok: boolean; standing: Standing; note: string | null; live: string | null; real_first: boolean; held_gold: number; held_real: number; held_real_open: number; candidate: string | null; rate: number | null }>({
    name: "tj_gold_gate",
    text: `SELECT (u.active AND u.role = 'EXPERT' AND ($5::int IS NULL OR u."sessionVersion" = $5)) AS ok, u.standing::text AS standing, u."standingNote" AS note,
             g.id AS live,
             coalesce(r.oldest_open < g."claimedAt", g.id IS NULL) AS real_first,
             (SELECT count(*)::int FROM "GoldAnswer" a WHERE a."userId" = u.id AND a.status = 'CLAIMED') AS held_gold,
             r.held AS held_real, r.held_open AS held_real_open,
             c.id AS candidate, c.rate
        FROM "User" u
        LEFT JOIN LATERAL (SELECT a.id, a."claimedAt" FROM "GoldAnswer" a WHERE a."userId" = u.id AND a.status = 'CLAIMED' AND NOT (a.id = ANY($2)) ORDER BY a."claimedAt" LIMIT 1) g ON true
        -- The real claims held, in one pass: how many, how many not in exclude, and the oldest of those.
        CROSS JOIN LATERAL (SELECT count(*)::int AS held, count(*) FILTER (WHERE NOT (x.id = ANY($2)))::int AS held_open,
                                   min(x."claimedAt") FILTER (WHERE NOT (x.id = ANY($2))) AS oldest_open
                              FROM "Assignment" x WHERE x."userId" = u.id AND x.status = 'CLAIMED' AND x."leaseExpiresAt" > now()) r
        LEFT JOIN LATERAL (${candidateSql("$3")}) c ON $4
       WHERE u.id = $1`,
    values: [userId, opts.exclude ?? [], opts.destinationId ?? null, opts.lookForGold, opts.sessionVersion ?? null],
  });
  const r = rows[0];
  if (!r) return { authorized: false, standing: "ACTIVE", standingNote: null, live: null, realFirst: true, held: { gold: 0, real: 0, realOpen: 0 }, candidate: null };
  return {
    authorized: r.ok, standing: r.standing, standingNote: r.note, live: r.live, realFirst: r.real_first, held: { gold: r.held_gold, real: r.held_real, realOpen: r.held_real_open },
    candidate: r.candidate ? { goldPairId: r.candidate, rate: r.rate ?? 0 } : null,
  };
}

/** Whether this claim should look for a gold pair: a draw against the highest rate (the dataset's own rate decides later). */
export async function goldDraw(db: Db): Promise<number | null> {
  const max = await maxGoldRate(db);
  const u = Math.random();
  return u < max ? u : null;
}

/** Gives the expert the gold pair; null when they got it meanwhile (a parallel claim). */
export async function claimGoldPair(db: Db, userId: string, goldPairId: string, purpose: "CHECK" | "QUALIFICATION", settings: JudgingSettings): Promise<string | null> {
  const id = randomUUID();
  const { rowCount } = await poolOf(db).query(
    `INSERT INTO "GoldAnswer" (id, "goldPairId", "userId", purpose, "leftIsA", "leaseExpiresAt") VALUES ($1, $2, $3, $4::"GoldPurpose", $5, $6) ON CONFLICT ("goldPairId", "userId") DO NOTHING`,
    [id, goldPairId, userId, purpose, Math.random() < 0.5, leaseEnd(new Date(), settings)],
  );
  return rowCount ? id : null;
}

/** The next qualification pair of a qualifying expert: a gold pair of their destinations they have not had. */
export async function nextQualificationPair(db: Db, userId: string, destinationId: string | null): Promise<string | null> {
  const { rows } = await poolOf(db).query<{ id: string }>(candidateSql("$2"), [userId, destinationId]);
  return rows[0]?.id ?? null;
}

export interface GoldViewRow {
  user_id: string;
  status: string;
  purpose: "CHECK" | "QUALIFICATION";
  head: string;
  left_text: string;
  right_text: string;
  left_diagnostics: string | null;
  right_diagnostics: string | null;
}

/** A gold answer's view as JSON text, in exactly the shape renderView gives a real one; null when `id` is no gold answer. */
export async function goldView(db: Db, id: string): Promise<{ row: GoldViewRow; json: string } | null> {
  const { rows } = await poolOf(db).query<GoldViewRow>({ name: "tj_gold_view_parts", text: "SELECT * FROM tj_gold_view_parts($1)", values: [id] });
  const row = rows[0];
  if (!row) return null;
  const plan = (text: string, diagnostics: string | null) => `{"itinerary":${text},"diagnostics":${diagnostics ?? "null"}}`;
  return { row, json: `${row.head.slice(0, -1)},"left":${plan(row.left_text, row.left_diagnostics)},"right":${plan(row.right_text, row.right_diagnostics)}}` };
}

/** The expert's own open gold answer (GET /api/judge/<id>), or null when the id is no gold answer. */
export async function ownGoldViewJson(db: Db, id: string, userId: string): Promise<string | null> {
  const v = await goldView(db, id);
  if (!v) return null;
  if (v.row.user_id !== userId) throw new AppError("not_assigned", "This pair is not assigned to you.");
  if (v.row.status !== "CLAIMED") throw new AppError("gone", "This pair is no longer open for you (submitted, skipped or released).");
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

/**
 * Submits a gold answer (null when `assignmentId` is no gold answer: the caller submits a real judgment).
 * Retries with the same request id return the stored answer. A wrong answer may pause the expert (the
 * sequential test over their gold answers since `goldSince`); the last qualification pair decides the set.
 */
export async function submitGold(db: Db, userId: string, input: { assignmentId: string; choice: Choice; rationale: string; timeOnTaskMs: number; clientRequestId: string }, settings: JudgingSettings, session?: SessionCheck): Promise<GoldSubmitResult | null> {
  // Every submit passes here first: a real assignment costs one indexed lookup, not a transaction.
  const { rowCount } = await poolOf(db).query({ name: "tj_is_gold_answer", text: `SELECT 1 FROM "GoldAnswer" WHERE id = $1`, values: [input.assignmentId] });
  if (!rowCount) return null;
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    // The session (as tj_submit checks it) and the standing are read in the statement that locks the answer.
    const { rows } = await client.query<{ user_id: string; status: string; purpose: "CHECK" | "QUALIFICATION"; left_is_a: boolean; client_request_id: string | null; judgment_id: string | null; label: "A" | "B" | "NEITHER"; defect: { kind: string; day: number | null; item: number | null; message: string } | null; correct: boolean | null; session_ok: boolean; standing: Standing }>(
      `SELECT a."userId" AS user_id, a.status::text, a.purpose::text, a."leftIsA" AS left_is_a, a."clientRequestId" AS client_request_id, a."judgmentId" AS judgment_id, a.correct, g.label::text, g.defect,
              ($2::int IS NULL OR tj_session_ok($3, $2, 'EXPERT')) AS session_ok, (SELECT u.standing::text FROM "User" u WHERE u.id = $3) AS standing
         FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" WHERE a.id = $1 FOR UPDATE OF a`,
      [input.assignmentId, session?.sessionVersion ?? null, userId],
    );
    const a = rows[0];
    if (!a) {
      await client.query("ROLLBACK");
      return null;
    }
    if (!a.session_ok) throw signInFirst();
    if (a.user_id !== userId) throw new AppError("not_assigned", "This pair is not assigned to you.");
    const feedbackOf = async (correct: boolean, decision: { passed: boolean; length: number } | null): Promise<QualificationFeedback> => {
      const { rows: n } = await client.query<{ answered: number }>(`SELECT count(*)::int AS answered FROM "GoldAnswer" WHERE "userId" = $1 AND purpose = 'QUALIFICATION' AND status IN ('SUBMITTED', 'SKIPPED')`, [userId]);
      const sideOf = (v: "A" | "B") => ((v === "A") === a.left_is_a ? "left" : "right");
      return {
        correct,
        answer: a.label === "NEITHER" ? "neither" : sideOf(a.label),
        // Plan B of a perturbation carries the defect.
        defect: a.defect ? { ...a.defect, side: sideOf("B") } : null,
        answered: n[0].answered,
        length: decision?.length ?? settings.qualificationLength,
        passed: decision?.passed ?? null,
      };
    };
    if (a.status === "SUBMITTED" && a.client_request_id === input.clientRequestId) {
      await client.query("COMMIT");
      return { judgmentId: a.judgment_id!, duplicate: true, ...(a.purpose === "QUALIFICATION" ? { feedback: await feedbackOf(a.correct ?? false, null) } : {}) };
    }
    if (a.standing === "PAUSED" || a.standing === "QUALIFICATION_FAILED") throw notActive();
    if (a.status !== "CLAIMED") throw new AppError("withdrawn", "This pair was skipped or taken back by an admin; your judgment was not stored.");
    const rationale = input.rationale.trim();
    if (rationale.length < settings.rationaleMinLength) throw new AppError("rationale_too_short", `Write a rationale of at least ${settings.rationaleMinLength} characters.`);
    const v = verdictsBySide(input.choice);
    const verdict = a.left_is_a ? v.leftIsA : v.leftIsB;
    const correct = verdict === a.label;
    const judgmentId = randomUUID();
    const stored = await client.query(
      `UPDATE "GoldAnswer" SET status = 'SUBMITTED', verdict = $2::"Verdict", correct = $3, rationale = $4, "timeOnTaskMs" = $5, "clientRequestId" = $6, "judgmentId" = $7, "completedAt" = now()
        WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM "GoldAnswer" o WHERE o."clientRequestId" = $6)`,
      [input.assignmentId, verdict, correct, rationale, Math.max(0, Math.round(input.timeOnTaskMs)), input.clientRequestId, judgmentId],
    );
    if (!stored.rowCount) throw new AppError("request_reused", "This request id was used for another judgment.");
    let decision: { passed: boolean; length: number } | null = null;
    let pausedNote: string | null = null;
    if (a.purpose === "CHECK") pausedNote = await maybePause(client, userId);
    else decision = await maybeFinishQualification(client, userId, settings);
    await client.query("COMMIT");
    return {
      judgmentId, duplicate: false,
      ...(a.purpose === "QUALIFICATION" ? { feedback: await feedbackOf(correct, decision) } : {}),
      // Only the submit that pauses says so (the pair it answered was gold: the expert is paused by then).
      ...(pausedNote ? { standing: { state: "PAUSED" as const, note: pausedNote } } : {}),
    };
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

type Client = import("pg").PoolClient;

/**
 * The pause test over the expert's checking gold answers since they were last resumed. A pause also gives back
 * the pairs the expert holds (real claims are released to other experts, gold ones dropped); returns its note.
 */
async function maybePause(client: Client, userId: string): Promise<string | null> {
  // Gold answers since the test last started, skipped ones too; and how often the expert skips real pairs.
  const { rows } = await client.query<{ correct: boolean | null; skipped: boolean; standing: Standing; real_skips: number; real_served: number }>(
    `SELECT a.correct, a.status = 'SKIPPED' AS skipped, u.standing::text AS standing,
            (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status = 'SKIPPED' AND x."claimedAt" >= u."goldSince") AS real_skips,
            (SELECT count(*)::int FROM "Assignment" x WHERE x."userId" = u.id AND x.status IN ('SUBMITTED', 'SKIPPED') AND x."claimedAt" >= u."goldSince") AS real_served
       FROM "GoldAnswer" a JOIN "User" u ON u.id = a."userId"
      WHERE a."userId" = $1 AND a.purpose = 'CHECK' AND a.status IN ('SUBMITTED', 'SKIPPED') AND a."completedAt" >= u."goldSince" ORDER BY a."completedAt", a.id`,
    [userId],
  );
  if (!rows.length || rows[0].standing !== "ACTIVE") return null;
  // Skipping gold costs what answering wrong costs once the expert skips gold more than real pairs (lib/reliability/pause.ts).
  const results = goldResults(rows, { skips: rows[0].real_skips, served: rows[0].real_served });
  if (!pauseDecision(results).paused) return null;
  const note = goldFlag(results)!.message;
  await client.query(`UPDATE "User" SET standing = 'PAUSED', "standingNote" = $2, "standingChangedAt" = now() WHERE id = $1`, [userId, note]);
  await client.query(`INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, NULL, 'expert.pause', 'User', $2, $3::jsonb)`, [randomUUID(), userId, JSON.stringify({ reason: note, gold: results.length })]);
  await client.query(`SELECT tj_release(NULL, a.id, gen_random_uuid()::text) FROM "Assignment" a WHERE a."userId" = $1 AND a.status = 'CLAIMED'`, [userId]);
  await client.query(`UPDATE "GoldAnswer" SET status = 'RELEASED', "completedAt" = now() WHERE "userId" = $1 AND status = 'CLAIMED'`, [userId]);
  return note;
}

/**
 * After the last pair of the qualification set: pass (real pairs from now on) or fail (an admin decides). A
 * skipped qualification pair counts as answered and not right (skipping is never cheaper than a wrong answer).
 * When the expert's destinations hold fewer gold pairs than the set's length, the set is what exists: it is
 * decided once none is left to give and none is held, so a small dataset never holds a new expert back.
 * Returns the decision and the set's length, or null while the set goes on.
 */
async function maybeFinishQualification(client: Client, userId: string, settings: JudgingSettings): Promise<{ passed: boolean; length: number } | null> {
  const { rows } = await client.query<{ n: number; right: number; held: number; left: boolean }>(
    `SELECT count(*) FILTER (WHERE status IN ('SUBMITTED', 'SKIPPED'))::int AS n, count(*) FILTER (WHERE status = 'SUBMITTED' AND correct)::int AS right,
            count(*) FILTER (WHERE status = 'CLAIMED')::int AS held, EXISTS (${candidateSql("NULL")}) AS left
       FROM "GoldAnswer" WHERE "userId" = $1 AND purpose = 'QUALIFICATION'`,
    [userId],
  );
  const { n, right, held, left } = rows[0];
  if (n === 0 || (n < settings.qualificationLength && (held > 0 || left))) return null;
  const passed = right >= Math.ceil(settings.qualificationPassMark * n - 1e-9);
  const shortened = n < settings.qualificationLength ? ` (a set of ${n}: no more gold pairs for the expert's destinations)` : "";
  const note = `qualification: ${right} of ${n} right (pass mark ${Math.round(settings.qualificationPassMark * 100)} %)${shortened}`;
  const { rowCount } = await client.query(`UPDATE "User" SET standing = $2::"Standing", "standingNote" = $3, "standingChangedAt" = now(), "goldSince" = now() WHERE id = $1 AND standing = 'QUALIFYING'`, [userId, passed ? "ACTIVE" : "QUALIFICATION_FAILED", note]);
  if (rowCount) await client.query(`INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, NULL, $2, 'User', $3, $4::jsonb)`, [randomUUID(), passed ? "expert.qualify" : "expert.qualification_failed", userId, JSON.stringify({ right, n })]);
  return { passed, length: n };
}

/**
 * Skips a gold answer the expert holds; null when `id` is no gold answer. A skipped qualification pair counts
 * towards the set (as not right), so the set may end here.
 */
export async function skipGold(db: Db, userId: string, id: string, settings?: JudgingSettings, session?: SessionCheck): Promise<boolean | null> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ user_id: string; status: string; purpose: string; session_ok: boolean; standing: Standing }>(
      `SELECT a."userId" AS user_id, a.status::text, a.purpose::text, ($2::int IS NULL OR tj_session_ok($3, $2, 'EXPERT')) AS session_ok,
              (SELECT u.standing::text FROM "User" u WHERE u.id = $3) AS standing
         FROM "GoldAnswer" a WHERE a.id = $1 FOR UPDATE OF a`,
      [id, session?.sessionVersion ?? null, userId],
    );
    if (!rows[0]) return null;
    if (!rows[0].session_ok) throw signInFirst();
    if (rows[0].standing === "PAUSED" || rows[0].standing === "QUALIFICATION_FAILED") throw notActive();
    if (rows[0].user_id !== userId || rows[0].status !== "CLAIMED") throw new AppError("not_claimed", "This pair is not claimed by you (already submitted, skipped or released).");
    await client.query(`UPDATE "GoldAnswer" SET status = 'SKIPPED', "completedAt" = now() WHERE id = $1`, [id]);
    if (rows[0].purpose === "QUALIFICATION" && settings) await maybeFinishQualification(client, userId, settings);
    else if (rows[0].purpose === "CHECK") await maybePause(client, userId);
    return true;
  });
}

/** Decides a qualification set whose gold pairs ran out (see maybeFinishQualification), in its own transaction. */
export async function finishExhaustedQualification(db: Db, userId: string, settings: JudgingSettings): Promise<{ passed: boolean; length: number } | null> {
  return inTransaction(db, (client) => maybeFinishQualification(client, userId, settings));
}
