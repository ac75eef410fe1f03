/**
 * Saving a correction: the operations are applied and checked again here (the screen's checks are advice; these
 * decide), the corrected plan is written as a new Plan row of the request in the dataset's own format, and its
 * verification pair (corrected vs source) joins the ordinary queue for two other experts of the destination
 * (tj_verification_pair: the corrector is kept from it as from a pair they once had). One transaction; a retry
 * with the same clientRequestId answers the stored correction.
 */
import { createHash, randomUUID } from "node:crypto";
import { z } from "zod";
import { editList, liveCheck, opSchema, type CheckContext, type LiveCheck, type Op, type Place } from "..";
import { computeFeatures } from "../../results/features";
import { DATASET_FORMATS, serialise, itemCount, type Itinerary } from "../../datasets";
import { AppError } from "../../kernel";
import { planStyle } from "../../results/leaderboard";
import { poolOf, type Db } from "../../platform/db";
import type { SessionUser } from "../../accounts/store";
import { correctionSource, storedGoldSource, type CorrectionSource } from "./context";
import { applyToAltered, saveGoldCorrection } from "./gold-corrections";

export const correctionInput = z.object({
  ops: z
    .array(opSchema)
    .min(1, "a correction changes something")
    .max(500)
    // `restore` is undo's own step, never in what the editor saves (lib/corrections/history.ts opsOf): taken from a
    // body it would store any item at all, made-up places and text included (issue 48).
    .refine((ops) => !ops.some((o) => o.type === "restore"), {
      message: "restore is undo's own step, not an edit: send the edits in effect (undone ones left out)",
    }),
  timeOnTaskMs: z.number().int().min(0).max(86_400_000),
  clientRequestId: z.string().min(8).max(100),
});
export type CorrectionInput = z.input<typeof correctionInput>;

export interface SavedCorrection {
  id: string;
  planId: string;
  sourcePlanId: string;
  verificationPairId: string | null;
  checks: Pick<LiveCheck, "fixed" | "unchanged" | "reward">;
  created: boolean;
}

/** The checks' context of a source (the same the screen's worker gets). */
export function checkContext(s: Pick<CorrectionSource, "request" | "places" | "dsl" | "weights">): CheckContext {
  const byId = new Map(s.places.map((p) => [p.sourceId, p]));
  return {
    request: s.request,
    places: (id) => byId.get(id) ?? null,
    dsl: s.dsl
      ? { codes: s.dsl.codes, pois: s.dsl.pois, destination: s.request.destination, people: s.request.people }
      : undefined,
    weights: s.weights,
  };
}

export async function saveCorrection(
  db: Db,
  planId: string,
  input: CorrectionInput,
  user: SessionUser,
): Promise<SavedCorrection> {
  const pool = poolOf(db);
  const body = correctionInput.parse(input);
  // One request-id space over real and gold corrections (gold must not show itself): an id used for another plan is
  // refused (issue 48: it answered 200 with the first plan's correction); a retry for the same plan answers what was
  // stored.
  const asked = await correctionRequest(db, user.id, body.clientRequestId);
  if (asked && asked.planId !== planId)
    throw new AppError("request_reused", "This request id was used for a correction of another plan.");
  // A retry is answered from what was stored, before any other check, gold or real alike (issue 48: a gold retry
  // went through the checks again, and over the hourly limit answered 429 where a real one answered 200).
  const again = !asked
    ? null
    : asked.kind === "real"
      ? await storedCorrection(db, user.id, body.clientRequestId)
      : await storedGoldCorrection(db, user.id, body.clientRequestId);
  if (again) return again;
  const s = await correctionSource(db, planId, user);
  if (user.role !== "ADMIN") await refuseOverCorrectionLimit(db, user.id);
  const ctx = checkContext(s);
  const ops = body.ops as Op[];
  const format = s.dataset.format as (typeof DATASET_FORMATS)[number];
  const out = s.gold ? applyToAltered(s, ops) : serialise(format, s.plan.raw, s.plan.itinerary, ops, ctx.places);
  if (!out.ok) throw new AppError("invalid_request", out.error.message, { path: out.error.path ?? null });
  const corrected = out.value.itinerary;
  const check = liveCheck(s.plan.itinerary, corrected, ctx);
  if (!check.ok)
    throw new AppError(
      "correction_regressed",
      `The correction breaks ${check.regressions.length === 1 ? "a check" : `${check.regressions.length} checks`} the plan passed: ${check.regressions.map((r) => r.message).join("; ")}.`,
      { regressions: check.regressions },
    );
  const edits = editList(s.plan.itinerary, ops, ctx.places);
  if (!edits.ok) throw new AppError("invalid_request", edits.error.message);
  const poiOf = (id: string) => ctx.places(id);
  const before = computeFeatures(s.plan.itinerary, s.request, poiOf);
  const after = computeFeatures(corrected, s.request, poiOf);
  const dslOf = (side: "before" | "after") =>
    [...check.fixed, ...check.unchanged]
      .filter((c) => c.group === "dsl")
      .map((c) => ({ constraint: c.label, passed: c[side] }));
  const checks = { fixed: check.fixed, unchanged: check.unchanged, reward: check.reward };
  const id = randomUUID();
  const newPlanId = randomUUID();
  const itinerary = JSON.stringify(corrected);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // A gold pair's altered copy runs the very writes a real correction makes, rolled back to this savepoint, before
    // it is stored apart (lib/corrections/store/gold-corrections.ts): a save takes as long either way (issue 48: a gold correction,
    // one insert, was answered some 11 ms sooner than a real one's transaction). Its source plan stands in.
    await client.query("SAVEPOINT as_real");
    const sourcePlanId = s.gold ? s.gold.sourcePlanId : s.plan.id;
    const n = (
      await client.query<{ n: number }>(`SELECT count(*)::int + 1 AS n FROM "Correction" WHERE "sourcePlanId" = $1`, [
        sourcePlanId,
      ])
    ).rows[0].n;
    await client.query(
      `INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, features, feasible, "contentHash", "itemCount", style)
       VALUES ($1, $2, $3, $4, $5::json, $6::json, $7::jsonb, $8, $9, $10, $11::jsonb)`,
      [
        newPlanId,
        s.request.id,
        // The source's id with the correction's number: unique in the request, and it says where it came from.
        `${s.plan.sourceId}~corrected-${n}-${id.slice(0, 8)}`,
        // The source's planner: a verification pair is then a self-battle, which leaderboards leave out.
        s.plan.model,
        JSON.stringify(out.value.record),
        itinerary,
        JSON.stringify({ ...after.features, violations: after.violations }),
        after.features.format > 0 && after.features.commonsense > 0,
        createHash("sha256").update(itinerary).digest("hex"),
        itemCount(corrected),
        JSON.stringify(planStyle(corrected)),
      ],
    );
    // Judging state changes in the database's functions (decision 016): the pair, kept from the corrector.
    const pairId = randomUUID();
    await client.query("SELECT tj_verification_pair($1, $2, $3, $4, $5, $6, $7)", [
      pairId,
      s.request.id,
      newPlanId,
      sourcePlanId,
      s.dataset.votes === "two_of_three" ? 3 : 2,
      user.id,
      randomUUID(),
    ]);
    await client.query(
      `INSERT INTO "Correction" (id, "sourcePlanId", "planId", "userId", "clientRequestId", ops, edits, "timeOnTaskMs", checks,
                                 "featuresBefore", "featuresAfter", "rewardBefore", "rewardAfter", "constraintsBefore", "constraintsAfter", "verificationPairId")
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9::jsonb, $10::jsonb, $11::jsonb, $12, $13, $14::jsonb, $15::jsonb, $16)`,
      [
        id,
        sourcePlanId,
        newPlanId,
        user.id,
        body.clientRequestId,
        JSON.stringify(ops),
        JSON.stringify(edits.value),
        body.timeOnTaskMs,
        JSON.stringify({ fixed: check.fixed, unchanged: check.unchanged, scores: check.scores }),
        JSON.stringify(before.features),
        JSON.stringify(after.features),
        check.reward.before,
        check.reward.after,
        JSON.stringify(dslOf("before")),
        JSON.stringify(dslOf("after")),
        pairId,
      ],
    );
    await client.query(
      `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data) VALUES ($1, $2, 'correction.save', 'Plan', $3, $4::jsonb)`,
      [randomUUID(), user.id, sourcePlanId, JSON.stringify({ correction: id, plan: newPlanId, ops: ops.length })],
    );
    let saved: SavedCorrection = {
      id,
      planId: newPlanId,
      sourcePlanId: s.plan.id,
      verificationPairId: null,
      checks,
      created: true,
    };
    if (!s.gold) await client.query("RELEASE SAVEPOINT as_real");
    else {
      await client.query("ROLLBACK TO SAVEPOINT as_real");
      const g = await saveGoldCorrection(client, { ...s, gold: s.gold }, { ...body, ops }, corrected, check, user);
      saved = { ...saved, id: g.id, planId: g.planRef, created: g.created };
    }
    await client.query("COMMIT");
    return saved;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    // A retry that raced this one stored it first.
    if ((e as { code?: string }).code === "23505") {
      const stored = await storedCorrection(db, user.id, body.clientRequestId);
      if (stored) return stored;
    }
    throw e;
  } finally {
    client.release();
  }
}

/**
 * Corrections an expert may save in an hour (real and gold alike): a careful correction takes minutes, and each real
 * one opens a verification pair for other experts, so a burst (60 in 2 s, issue 48) would flood their queue.
 */
export const CORRECTIONS_PER_HOUR = 30;

async function refuseOverCorrectionLimit(db: Db, userId: string): Promise<void> {
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT (SELECT count(*) FROM "Correction" WHERE "userId" = $1 AND "createdAt" > now() - interval '1 hour')
          + (SELECT count(*) FROM "GoldCorrection" WHERE "userId" = $1 AND "createdAt" > now() - interval '1 hour') AS n`,
    [userId],
  );
  if (Number(rows[0].n) >= CORRECTIONS_PER_HOUR)
    throw new AppError(
      "rate_limited",
      `You have saved ${CORRECTIONS_PER_HOUR} corrections in the last hour, the most an expert may: save this one later (your edits are kept as a draft).`,
    );
}

/** The plan (as the screen knows it) an expert's request id corrected already, real or gold, if any. */
async function correctionRequest(
  db: Db,
  userId: string,
  clientRequestId: string,
): Promise<{ kind: "real" | "gold"; planId: string } | null> {
  const { rows } = await poolOf(db).query<{ kind: "real" | "gold"; plan_id: string }>(
    `SELECT 'real' AS kind, "sourcePlanId" AS plan_id FROM "Correction" WHERE "userId" = $1 AND "clientRequestId" = $2
     UNION ALL
     SELECT 'gold', g."alteredRef" FROM "GoldCorrection" c JOIN "GoldPair" g ON g.id = c."goldPairId"
      WHERE c."userId" = $1 AND c."clientRequestId" = $2
     LIMIT 1`,
    [userId, clientRequestId],
  );
  return rows[0] ? { kind: rows[0].kind, planId: rows[0].plan_id } : null;
}

async function storedCorrection(db: Db, userId: string, clientRequestId: string): Promise<SavedCorrection | null> {
  const { rows } = await poolOf(db).query<{
    id: string;
    planId: string;
    sourcePlanId: string;
    checks: { fixed: LiveCheck["fixed"]; unchanged: LiveCheck["unchanged"] };
    rewardBefore: number;
    rewardAfter: number;
  }>(
    `SELECT id, "planId", "sourcePlanId", checks, "rewardBefore", "rewardAfter"
       FROM "Correction" WHERE "userId" = $1 AND "clientRequestId" = $2`,
    [userId, clientRequestId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    planId: r.planId,
    sourcePlanId: r.sourcePlanId,
    // As the first answer: the corrector is kept from their verification pair (and a gold correction has none).
    verificationPairId: null,
    checks: {
      fixed: r.checks.fixed,
      unchanged: r.checks.unchanged,
      reward: { before: r.rewardBefore, after: r.rewardAfter },
    },
    created: false,
  };
}

/** A gold correction stored under the request id, answered as a real one is: its checks again on the stored copy. */
async function storedGoldCorrection(db: Db, userId: string, clientRequestId: string): Promise<SavedCorrection | null> {
  const { rows } = await poolOf(db).query<{
    id: string;
    plan_ref: string;
    ref: string;
    corrected: Itinerary;
    before: number;
    after: number;
  }>(
    `SELECT c.id, c."planRef" AS plan_ref, g."alteredRef" AS ref, c.corrected, c."rewardBefore" AS before, c."rewardAfter" AS after
       FROM "GoldCorrection" c JOIN "GoldPair" g ON g.id = c."goldPairId"
      WHERE c."userId" = $1 AND c."clientRequestId" = $2`,
    [userId, clientRequestId],
  );
  const r = rows[0];
  const s = r && (await storedGoldSource(db, r.ref, userId));
  if (!s) return null;
  const check = liveCheck(s.plan.itinerary, r.corrected, checkContext(s));
  return {
    id: r.id,
    planId: r.plan_ref,
    sourcePlanId: r.ref,
    verificationPairId: null,
    checks: { fixed: check.fixed, unchanged: check.unchanged, reward: { before: r.before, after: r.after } },
    created: false,
  };
}

export type { Itinerary, Place };
