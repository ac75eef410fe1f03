/**
 * Exports read one consistent snapshot (a REPEATABLE READ, READ ONLY transaction) in keyset pages,
 * so memory stays flat and experts may keep judging while an export runs.
 */
import { labelOf, type Verdict } from "../agreement/labels";
import { DEFAULT_WEIGHTS, type Weights } from "../features";
import { trainingPair, type TrainingPair } from "../export/training";
import { poolOf, type Db } from "./client";

export interface ExportFilters {
  datasetId?: string | null;
  destinationId?: string | null;
  /** Judgments submitted in [from, to). */
  from?: Date | null;
  to?: Date | null;
}

export interface LabelledPairRow {
  pairId: string;
  queryId: string;
  destination: string;
  split: string | null;
  planAId: string;
  planBId: string;
  featuresA: unknown;
  featuresB: unknown;
  verdicts: Verdict[];
  requiredRaters: number;
  adjudicated: Verdict | null;
}

const PAGE = 1000;

/** Complete pairs with their verdicts (slot order), page by page, from one snapshot. */
export async function* labelledPairRows(db: Db, f: ExportFilters = {}): AsyncGenerator<LabelledPairRow> {
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    let after = "";
    for (;;) {
      const { rows } = await client.query<LabelledPairRow>(
        `SELECT p.id AS "pairId", p."queryId", d.name AS destination, q.split, p."planAId", p."planBId",
                pa.features AS "featuresA", pb.features AS "featuresB", p."requiredRaters", adj.label AS adjudicated,
                array_agg(j.verdict::text ORDER BY a.slot) AS verdicts
         FROM "Pair" p
         JOIN "Query" q ON q.id = p."queryId"
         JOIN "Destination" d ON d.id = q."destinationId"
         JOIN "Plan" pa ON pa.id = p."planAId"
         JOIN "Plan" pb ON pb.id = p."planBId"
         JOIN "Judgment" j ON j."pairId" = p.id
         JOIN "Assignment" a ON a.id = j."assignmentId"
         LEFT JOIN "Adjudication" adj ON adj."pairId" = p.id
         WHERE p.status = 'COMPLETE' AND p.id > $1
           AND ($2::text IS NULL OR q."datasetId" = $2) AND ($3::text IS NULL OR q."destinationId" = $3)
           AND ($4::timestamptz IS NULL OR j."createdAt" >= $4) AND ($5::timestamptz IS NULL OR j."createdAt" < $5)
         GROUP BY p.id, d.name, q.split, pa.features, pb.features, adj.label
         ORDER BY p.id
         LIMIT ${PAGE}`,
        [after, f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null],
      );
      for (const r of rows) yield r;
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].pairId;
    }
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Training pairs: the labelled pairs with a majority or adjudicated label (1-1-1 splits wait for adjudication). */
export async function* trainingPairs(db: Db, f: ExportFilters = {}, weights: Weights = DEFAULT_WEIGHTS): AsyncGenerator<TrainingPair> {
  for await (const row of labelledPairRows(db, f)) {
    const label = labelOf(row.verdicts, row.requiredRaters, row.adjudicated);
    if (label.label !== null) yield trainingPair(row, label.label, weights);
  }
}
