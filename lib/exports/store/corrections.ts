/**
 * Corrections for the exports (lib/exports/corrections.ts): one snapshot, a server-side cursor, each correction with
 * its request, both plans' records as stored and its verification pair's votes; experts pseudonymous as in raw
 * judgments. `verifiedOnly` keeps the corrections whose verification accepted them.
 */
import { correctionRecord, correctionTrainerRows, type CorrectionAs, type CorrectionRow } from "../corrections";
import type { PreferenceOptions, PreferenceRequest } from "../preference";
import { pseudonym, type ExportFilters } from "../records";
import { publishedPlanText } from "./plan-text";
import { verificationState, type EditRow } from "../../corrections";
import { cursorRows, fromSnapshot, poolOf, type Db } from "../../platform/db";
import { pseudonymSalt } from "../../judging/store";

type Row = PreferenceRequest & {
  correctionId: string;
  queryId: string;
  split: string | null;
  sourcePlanId: string;
  correctedPlanId: string;
  userId: string;
  email: string;
  original: string;
  corrected: string;
  originalPlan: string;
  correctedPlan: string;
  edits: EditRow[];
  checks: { fixed: { group: string; label: string; message: string }[] };
  featuresBefore: unknown;
  featuresAfter: unknown;
  rewardBefore: number;
  rewardAfter: number;
  constraintsBefore: unknown[];
  constraintsAfter: unknown[];
  raters: number | null;
  votesA: number;
  votesB: number;
  votesN: number;
  createdAt: Date;
};

const SCOPE = `($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)
  AND ($3::timestamptz IS NULL OR c."createdAt" >= $3) AND ($4::timestamptz IS NULL OR c."createdAt" < $4)`;

/** The corrections an export writes, as records or trainer rows. */
export async function* correctionExportRows(
  db: Db,
  f: ExportFilters,
  as: CorrectionAs,
  o: PreferenceOptions,
  opts: { names?: boolean } = {},
): AsyncGenerator<Record<string, unknown>> {
  const salt = await pseudonymSalt(db);
  const rows = fromSnapshot(db, (client) =>
    cursorRows<Row>(
      client,
      `SELECT c.id AS "correctionId", q.id AS "queryId", q.split, q.text, d.name AS destination, q.origin, q.days, q.people,
              q."startDate", q.preferences, c."sourcePlanId", c."planId" AS "correctedPlanId", c."userId", u.email,
              src.raw::text AS original, cor.raw::text AS corrected, ${publishedPlanText("src")} AS "originalPlan",
              ${publishedPlanText("cor")} AS "correctedPlan", c.edits, c.checks, c."featuresBefore", c."featuresAfter",
              c."rewardBefore", c."rewardAfter", c."constraintsBefore", c."constraintsAfter", vp."requiredRaters" AS raters,
              count(j.id) FILTER (WHERE j.verdict = 'A')::int AS "votesA", count(j.id) FILTER (WHERE j.verdict = 'B')::int AS "votesB",
              count(j.id) FILTER (WHERE j.verdict = 'NEITHER')::int AS "votesN", c."createdAt"
         FROM "Correction" c JOIN "Plan" src ON src.id = c."sourcePlanId" JOIN "Plan" cor ON cor.id = c."planId"
         JOIN "Query" q ON q.id = src."queryId" JOIN "Dataset" ds ON ds.id = q."datasetId"
         JOIN "Destination" d ON d.id = q."destinationId" JOIN "User" u ON u.id = c."userId"
         LEFT JOIN "Pair" vp ON vp.id = c."verificationPairId" LEFT JOIN "Judgment" j ON j."pairId" = vp.id
        WHERE ${SCOPE}
        GROUP BY c.id, q.id, d.name, ds.format, u.email, src.raw::text, cor.raw::text, src.id, cor.id, vp."requiredRaters"
        ORDER BY c."createdAt", c.id`,
      [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null],
      200,
    ),
  );
  for await (const r of rows) {
    const row: CorrectionRow = {
      correctionId: r.correctionId,
      queryId: r.queryId,
      ownSplit: r.split,
      request: { ...r, preferences: r.preferences ?? {} },
      sourcePlanId: r.sourcePlanId,
      correctedPlanId: r.correctedPlanId,
      expert: opts.names ? r.email : pseudonym(r.userId, salt),
      original: r.original,
      corrected: r.corrected,
      originalPlan: r.originalPlan,
      correctedPlan: r.correctedPlan,
      edits: r.edits,
      checksFixed: (r.checks.fixed ?? []).map((c) => ({ group: c.group, label: c.label, message: c.message })),
      featuresBefore: r.featuresBefore,
      featuresAfter: r.featuresAfter,
      rewardBefore: r.rewardBefore,
      rewardAfter: r.rewardAfter,
      constraintsBefore: r.constraintsBefore,
      constraintsAfter: r.constraintsAfter,
      verification: { votes: { corrected: r.votesA, original: r.votesB, neither: r.votesN }, raters: r.raters ?? 2 },
      createdAt: r.createdAt.toISOString(),
    };
    // Trainer rows are verified corrections only: a correction is training data once two other experts prefer it.
    if ((f.verifiedOnly || as !== "record") && verificationState(row.verification) !== "verified") continue;
    if (as === "record") yield correctionRecord(row);
    else yield* correctionTrainerRows(row, as, o);
  }
}

/** How many records a corrections export writes (its card). */
export async function correctionCount(db: Db, f: ExportFilters, as: CorrectionAs, o: PreferenceOptions) {
  if (!f.verifiedOnly && as === "record") {
    const { rows } = await poolOf(db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Correction" c JOIN "Plan" src ON src.id = c."sourcePlanId" JOIN "Query" q ON q.id = src."queryId" WHERE ${SCOPE}`,
      [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null],
    );
    return rows[0].n;
  }
  let n = 0;
  for await (const row of correctionExportRows(db, f, as, o)) if (row) n++;
  return n;
}
