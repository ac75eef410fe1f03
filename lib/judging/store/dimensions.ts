/**
 * What a dataset asks of each verdict beyond A/B/Neither — preference strength and per-dimension verdicts — is
 * chosen before judging starts: once the dataset has a judgment or a submitted gold answer, both stay (its
 * judgments all answer the same questions). Each change is one statement that decides and writes; every version
 * of the dimension set is kept (DimensionSet).
 */
import { randomUUID } from "node:crypto";
import { AppError } from "../../kernel";
import type { Dimension } from "../../results/dimensions";
import { poolOf, type Db } from "../../platform/db";

/** Whether judging has started on dataset $1 (a judgment, or a submitted gold answer): a boolean expression. */
const STARTED = `EXISTS (SELECT 1 FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
                   WHERE q."datasetId" = $1)
       OR EXISTS (SELECT 1 FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
                   WHERE g."datasetId" = $1 AND a.status = 'SUBMITTED')`;

const frozen = (what: string) =>
  new AppError(
    "conflict",
    `Judging has started on this dataset: ${what} is chosen before the first judgment, and stays.`,
  );

export async function setPreferenceStrength(db: Db, datasetId: string, on: boolean, actorId: string) {
  const { rows } = await poolOf(db).query<{ changed: boolean; same: boolean }>(
    `WITH started AS (SELECT ${STARTED} AS started), changed AS (
       UPDATE "Dataset" SET "preferenceStrength" = $2
        WHERE id = $1 AND "preferenceStrength" <> $2 AND NOT (SELECT started FROM started) RETURNING id
     )
     SELECT EXISTS (SELECT 1 FROM changed) AS changed,
            (SELECT "preferenceStrength" FROM "Dataset" WHERE id = $1) = $2 AS same`,
    [datasetId, on],
  );
  const r = rows[0];
  if (r.changed) {
    await db.auditEvent.create({
      data: {
        actorId,
        action: "dataset.strength",
        targetType: "Dataset",
        targetId: datasetId,
        data: { on, before: { preferenceStrength: !on }, after: { preferenceStrength: on } },
      },
    });
    return;
  }
  if (r.same) return;
  throw frozen("preference strength");
}

/**
 * Sets the dimensions experts answer on the dataset's pairs (null or []: none), as a new version, before judging
 * starts; the same set again changes nothing. The set comes parsed (lib/results/dimensions/set.ts dimensionSetSchema).
 */
export async function setDimensions(
  db: Db,
  datasetId: string,
  dimensions: Dimension[] | null,
  actorId: string,
): Promise<{ version: number; changed: boolean }> {
  const next = dimensions?.length ? JSON.stringify(dimensions) : null;
  const { rows } = await poolOf(db).query<{
    changed: number | null;
    same: boolean;
    version: number;
    before: { key: string }[] | null;
  }>(
    `WITH started AS (SELECT ${STARTED} AS started), changed AS (
       UPDATE "Dataset" SET dimensions = $2::jsonb, "dimensionsVersion" = "dimensionsVersion" + 1
        WHERE id = $1 AND dimensions IS DISTINCT FROM $2::jsonb AND NOT (SELECT started FROM started)
        RETURNING "dimensionsVersion"
     ), kept AS (
       INSERT INTO "DimensionSet" (id, "datasetId", version, dimensions, "createdById")
       SELECT $3, $1, c."dimensionsVersion", coalesce($2::jsonb, '[]'::jsonb), $4 FROM changed c
       RETURNING version
     )
     SELECT (SELECT version FROM kept) AS changed,
            (SELECT dimensions IS NOT DISTINCT FROM $2::jsonb FROM "Dataset" WHERE id = $1) AS same,
            (SELECT "dimensionsVersion" FROM "Dataset" WHERE id = $1) AS version,
            (SELECT dimensions FROM "Dataset" WHERE id = $1) AS before`,
    [datasetId, next, randomUUID(), actorId],
  );
  const r = rows[0];
  if (r.same === null) throw new AppError("not_found", "No such dataset.");
  if (r.changed !== null) {
    await db.auditEvent.create({
      data: {
        actorId,
        action: "dataset.dimensions",
        targetType: "Dataset",
        targetId: datasetId,
        // The statement's reads see the dataset as it was before its update: the set replaced.
        data: {
          version: r.changed,
          keys: (dimensions ?? []).map((d) => d.key),
          before: { version: r.version, keys: (r.before ?? []).map((d) => d.key) },
          after: { version: r.changed, keys: (dimensions ?? []).map((d) => d.key) },
        },
      },
    });
    return { version: r.changed, changed: true };
  }
  if (r.same) return { version: r.version, changed: false };
  throw frozen("the dimension set");
}
