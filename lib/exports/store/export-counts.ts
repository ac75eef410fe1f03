/**
 * How many records an export would write, counted by the database (an export's card), never by
 * streaming the export: tallies where no date range is asked, index-backed counts otherwise; with labelSource "all",
 * plus the pairs a judge decided.
 */
import { exportQuery, optionsOf, type ExportKind } from "../kinds";
import { pairFilterOf, preferenceCard, sftCard } from "./exports";
import { correctionCount } from "./corrections";
import { pairCount } from "./pairs";
import { poolOf, type Db } from "../../platform/db";
import type { ExportFilters } from "../records";

const count = async (db: Db, text: string, values: unknown[]) =>
  (await poolOf(db).query<{ n: number }>(text, values)).rows[0].n;

/** The pair filters shared by the counts ($1 dataset, $2 destination), on a row source aliased q (Query, or AgreementTally, which has both columns). */
const PAIR_SCOPE = `($1::text IS NULL OR q."datasetId" = $1) AND ($2::text IS NULL OR q."destinationId" = $2)`;
/** Judgments in the date range ($3 from, $4 to). */
const IN_RANGE = `($3::timestamptz IS NULL OR j."createdAt" >= $3) AND ($4::timestamptz IS NULL OR j."createdAt" < $4)`;

export async function exportCount(db: Db, kind: ExportKind, f: ExportFilters = {}): Promise<number> {
  const expert = await expertCount(db, kind, f);
  if (kind === "judgments" && f.includeRejected) return expert + (await rejectedCount(db, f));
  if (f.labelSource !== "all" || !["labelled-pairs", "training-pairs", "battles"].includes(kind)) return expert;
  return expert + (await judgeCount(db, kind, f));
}

/**
 * The records a judge's decisions add with labelSource "all" (labelled and training pairs, battles): the pairs it
 * decided, in the date range by their decision's date; battles leave a planner against itself out, as the export does.
 */
export async function judgeCount(db: Db, kind: ExportKind, f: ExportFilters = {}): Promise<number> {
  const values: unknown[] = [
    f.datasetId ?? null,
    f.destinationId ?? null,
    f.from ?? null,
    f.to ?? null,
    kind === "battles",
  ];
  return count(
    db,
    `SELECT count(*)::int AS n FROM "Pair" p JOIN "JudgeDecision" jd ON jd."pairId" = p.id JOIN "Query" q ON q.id = p."queryId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
      WHERE p.status = 'DECIDED' AND ${PAIR_SCOPE}
        AND ($3::timestamptz IS NULL OR jd."createdAt" >= $3) AND ($4::timestamptz IS NULL OR jd."createdAt" < $4)
        AND (NOT $5::boolean OR pa.model <> pb.model) AND ${await pairFilterOf(db, f, values)}`,
    values,
  );
}

/** The rejected judgments a judgment export adds with includeRejected (RejectedJudgment, under the same filters). */
async function rejectedCount(db: Db, f: ExportFilters): Promise<number> {
  const values = [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null, f.completeOnly ?? false];
  return count(
    db,
    `SELECT count(*)::int AS n FROM "RejectedJudgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
      WHERE ${PAIR_SCOPE} AND ${IN_RANGE} AND (NOT $5::boolean OR p.status = 'COMPLETE') AND ${await pairFilterOf(db, f, values)}`,
    values,
  );
}

/** The records from the experts' labels (preference pairs and SFT rows: every row, whatever its label's source). */
async function expertCount(db: Db, kind: ExportKind, f: ExportFilters): Promise<number> {
  const scope = [f.datasetId ?? null, f.destinationId ?? null, f.from ?? null, f.to ?? null];
  const dated = Boolean(f.from || f.to);
  if (kind === "pairs") return pairCount(db, f);
  // An uploaded judge's battles: one a pair it judged in scope, a planner against itself left out.
  if (kind === "battles" && f.judge)
    return count(
      db,
      `SELECT count(DISTINCT p.id)::int AS n FROM "JudgeVerdict" v JOIN "Pair" p ON p.id = v."pairId" JOIN "Query" q ON q.id = p."queryId"
         JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
        WHERE v.judge = $3 AND pa.model <> pb.model AND ${PAIR_SCOPE}`,
      [...scope.slice(0, 2), f.judge],
    );
  // Which pairs give preference rows (and how many) follows the labels and the options: counted by a pass over them.
  if (kind === "preference-pairs")
    return (await preferenceCard(db, f, optionsOf(exportQuery.parse({})).preference!)).rows;
  if (kind === "corrections") {
    const o = optionsOf(exportQuery.parse({}));
    return correctionCount(db, f, o.correctionsAs ?? "record", o.preference!);
  }
  if (kind === "sft") return (await sftCard(db, f, optionsOf(exportQuery.parse({})).preference!)).rows;
  if (kind === "annotations") {
    return count(
      db,
      `SELECT count(*)::int AS n FROM "DslVersion" v JOIN "Query" q ON q.id = v."queryId"
       WHERE ${PAIR_SCOPE} AND ($3::timestamptz IS NULL OR v."createdAt" >= $3) AND ($4::timestamptz IS NULL OR v."createdAt" < $4)
         AND (NOT $5::boolean OR (v.stage = 'FINAL' AND v.version = (SELECT max(w.version) FROM "DslVersion" w WHERE w."queryId" = v."queryId" AND w.stage = 'FINAL')))`,
      [...scope, f.finalOnly ?? false],
    );
  }
  if (kind === "battles") {
    const values = [...scope, f.completeOnly ?? false];
    return count(
      db,
      `SELECT count(*)::int AS n FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
       WHERE ${PAIR_SCOPE} AND ${IN_RANGE} AND (NOT $5::boolean OR p.status = 'COMPLETE') AND pa.model <> pb.model
         AND ${await pairFilterOf(db, f, values)}`,
      values,
    );
  }
  if (kind === "judgments") {
    if (!f.datasetId && !f.destinationId && !dated && !f.completeOnly && !f.pairs)
      return count(db, `SELECT coalesce(sum(judgments), 0)::int AS n FROM "JudgmentDayTally"`, []);
    const values = [...scope, f.completeOnly ?? false];
    return count(
      db,
      `SELECT count(*)::int AS n FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" JOIN "Query" q ON q.id = p."queryId"
       WHERE ${PAIR_SCOPE} AND ${IN_RANGE} AND (NOT $5::boolean OR p.status = 'COMPLETE') AND ${await pairFilterOf(db, f, values)}`,
      values,
    );
  }
  // The tallies hold whole datasets and destinations: a pair filter's pairs are counted from their judgments (below).
  if (!dated && !f.pairs) {
    // Every complete pair is labelled; a training pair needs a majority or an adjudication.
    const labelled = await count(
      db,
      `SELECT coalesce(sum(pairs), 0)::int AS n FROM "AgreementTally" q WHERE ${PAIR_SCOPE}`,
      scope.slice(0, 2),
    );
    if (kind === "labelled-pairs") return labelled;
    const waiting = await count(
      db,
      `SELECT count(*)::int AS n FROM "Pair" p JOIN "Query" q ON q.id = p."queryId"
       WHERE p.unresolved AND p.status = 'COMPLETE' AND ${PAIR_SCOPE} AND NOT EXISTS (SELECT 1 FROM "Adjudication" x WHERE x."pairId" = p.id)`,
      scope.slice(0, 2),
    );
    return labelled - waiting;
  }
  // A date range labels each pair by its verdicts inside the range (as the export does).
  const values = [...scope, kind === "training-pairs"];
  return count(
    db,
    `SELECT count(*)::int AS n FROM (
       SELECT p."requiredRaters" AS required, bool_or(x."pairId" IS NOT NULL) AS decided, count(*) AS n,
              count(*) FILTER (WHERE j.verdict = 'A') AS a, count(*) FILTER (WHERE j.verdict = 'B') AS b, count(*) FILTER (WHERE j.verdict = 'NEITHER') AS c
       FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Judgment" j ON j."pairId" = p.id LEFT JOIN "Adjudication" x ON x."pairId" = p.id
       WHERE p.status = 'COMPLETE' AND ${PAIR_SCOPE} AND ${IN_RANGE} AND ${await pairFilterOf(db, f, values)}
       GROUP BY p.id
     ) t WHERE NOT $5::boolean OR decided OR (n >= required AND greatest(a, b, c) * 2 > n)`,
    values,
  );
}
