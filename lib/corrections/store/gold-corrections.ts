/**
 * Corrections of gold pairs' altered plans (issue 29, item 6). After answering a gold pair an expert may correct
 * its plans as after any pair: the partner is a real plan (an ordinary correction); the altered copy has no Plan
 * row, so the screen knows it by `GoldPair.alteredRef`, a plan id like any other, and reads it as a plan (context.ts,
 * in the same statement). Its correction is checked and answered exactly as a real one (same refusals, same answer
 * shape), but stored here, never as a plan, a verification pair or training data: it measures whether the expert
 * undid the injected defect.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { applyAll, type LiveCheck, type Op, type Result } from "..";
import { DATASET_FORMATS, serialise, type Itinerary } from "../../datasets";
import {
  goldOutcome,
  goldOutcomeTable,
  type DefectKind,
  type GoldOutcome,
  type GoldOutcomeRow,
} from "../../quality/gold";
import type { SessionUser } from "../../accounts/store";
import { poolOf, type Db } from "../../platform/db";
import type { CorrectionSource } from "./context";

/**
 * The edits applied to the altered copy, refused as a real plan's would be: an edit that does not apply, or one
 * the dataset's format could not carry. The altered copy has no raw record of its own: its source's stands in,
 * which matches it item for item except where the defect removed one; a writer that then fails for any other
 * reason does not refuse the expert's edit.
 */
export function applyToAltered(
  s: CorrectionSource,
  ops: readonly Op[],
): Result<{ record: null; itinerary: Itinerary }> {
  const byId = new Map(s.places.map((p) => [p.sourceId, p]));
  const places = (id: string) => byId.get(id) ?? null;
  const applied = applyAll(s.plan.itinerary, ops, places);
  if (!applied.ok) return applied;
  const format = s.dataset.format as (typeof DATASET_FORMATS)[number];
  try {
    const out = serialise(format, s.plan.raw, s.plan.itinerary, ops, places);
    if (!out.ok && out.error.code === "not_carried") return out;
  } catch {
    // The stand-in record did not fit the altered copy: nothing the expert did.
  }
  return { ok: true, value: { record: null, itinerary: applied.value } };
}

export interface SavedGold {
  id: string;
  planRef: string;
  created: boolean;
}

/**
 * Stores a checked correction of a gold pair's altered copy with what it did to the defect, in the caller's
 * transaction; a retry stores nothing new.
 */
export async function saveGoldCorrection(
  client: pg.PoolClient,
  s: CorrectionSource & { gold: NonNullable<CorrectionSource["gold"]> },
  input: { ops: Op[]; timeOnTaskMs: number; clientRequestId: string },
  corrected: Itinerary,
  check: LiveCheck,
  user: SessionUser,
): Promise<SavedGold> {
  const byId = new Map(s.places.map((p) => [p.sourceId, p]));
  const places = (id: string) => byId.get(id) ?? null;
  const outcome: GoldOutcome = goldOutcome(s.gold.defect, s.gold.source, corrected, s.request, places);
  const id = randomUUID(),
    planRef = randomUUID();
  const { rows } = await client.query<{ id: string; plan_ref: string; inserted: boolean }>(
    `INSERT INTO "GoldCorrection" (id, "goldPairId", "userId", "clientRequestId", "planRef", ops, "timeOnTaskMs", corrected, "rewardBefore", "rewardAfter", outcome)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::json, $9, $10, $11)
     ON CONFLICT ("userId", "clientRequestId") DO UPDATE SET "clientRequestId" = EXCLUDED."clientRequestId"
     RETURNING id, "planRef" AS plan_ref, (xmax = 0) AS inserted`,
    [
      id,
      s.gold.goldPairId,
      user.id,
      input.clientRequestId,
      planRef,
      JSON.stringify(input.ops),
      input.timeOnTaskMs,
      JSON.stringify(corrected),
      check.reward.before,
      check.reward.after,
      outcome,
    ],
  );
  return { id: rows[0].id, planRef: rows[0].plan_ref, created: rows[0].inserted };
}

/** Per defect kind, how experts' corrections of gold pairs' altered plans went (the quality page). */
export async function goldCorrectionsReport(db: Db): Promise<GoldOutcomeRow[]> {
  const { rows } = await poolOf(db).query<{ kind: DefectKind; outcome: GoldOutcome }>(
    `SELECT g."defectKind" AS kind, c.outcome FROM "GoldCorrection" c JOIN "GoldPair" g ON g.id = c."goldPairId"
      WHERE g."defectKind" IS NOT NULL`,
  );
  return goldOutcomeTable(rows);
}
