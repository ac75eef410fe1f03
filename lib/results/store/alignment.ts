/** Automatic judges' verdicts: upload, list, remove, and the alignment board's inputs. */
import { createHash } from "node:crypto";
import { AppError } from "../../kernel";
import { reward, DEFAULT_WEIGHTS, type PlanFeatures, type Weights } from "../features";
import {
  BoardBuilder,
  BUILT_IN_JUDGES as BUILT_IN,
  confusedWith,
  parseJudgeVerdicts,
  verdictFileProblems,
  type JudgeRecord,
} from "../alignment";
import { currentWeights } from "./fits";
import { escalationUses, recalibrateAfterRemoval, type EscalationUse } from "./escalation";
import { poolOf, type Db } from "../../platform/db";
import { beforeLongStep, NO_PROGRESS, type ReportProgress } from "../../platform";
import { type Verdict } from "../../judging/verdict";

const VERDICT_BATCH = 5000;
/** Judges on the alignment board at most (uploaded ones; the built-in reward judges come on top). */
export const MAX_JUDGES = 100;

/** Stores a verdict file all or nothing; the same file twice changes nothing. */
export async function importJudgeVerdicts(db: Db, text: string, name: string, actorId: string) {
  const parsed = parseJudgeVerdicts(text, name);
  const hash = createHash("sha256").update(text).digest("hex");
  // The same file again (a retry, a second click) is answered before its pairs are looked up again.
  if (!parsed.problems.length) {
    const known = await db.judgeImport.findUnique({ where: { contentHash: hash } });
    if (known) return { created: false, id: known.id, verdicts: known.verdicts, judges: known.judges };
  }
  // The pairs of the lines that parsed are looked up even when others did not: every problem is named at once.
  const ids = [...new Set(parsed.lines.map((l) => l.pair_id))];
  const found = new Set(
    ids.length ? (await db.pair.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((p) => p.id) : [],
  );
  const report = verdictFileProblems(parsed, name, new Set(ids.filter((id) => !found.has(id))));
  if (report.problems.length) {
    const n = report.problems.length + report.more;
    const unknown = report.unknownPairs ? ` (${report.unknownPairs} pair id(s) are not in TripJudge)` : "";
    throw new AppError("invalid_request", `${name} was not imported: ${n} problem(s)${unknown}.`, {
      problems: report.problems,
      more: report.more,
    });
  }
  const judges = [...new Set(parsed.lines.map((l) => l.judge))].sort();
  // The board compares every two judges: its work grows with the square of their number, so it is bounded.
  const onBoard = new Set((await db.judgeImport.findMany({ select: { judges: true } })).flatMap((i) => i.judges));
  // A name a reader could not tell from another (on the board, or in this file) would pass for it.
  const lookalikes = judges.flatMap((j) => {
    const other = confusedWith(j, [...onBoard, ...judges]);
    return other ? [`judge "${j}" looks like "${other}": use exactly one name per judge`] : [];
  });
  if (lookalikes.length)
    throw new AppError("invalid_request", `${name} was not imported: ${lookalikes.length} problem(s).`, {
      problems: lookalikes.slice(0, 20),
      more: Math.max(0, lookalikes.length - 20),
    });
  const after = new Set([...onBoard, ...judges]).size;
  if (after > MAX_JUDGES)
    throw new AppError(
      "invalid_request",
      `${name} was not imported: the board would hold ${after} judges, over its limit of ${MAX_JUDGES} (remove an import, or upload fewer judges).`,
    );
  // All or nothing, in batches: a file at the size limit (tens of thousands of lines) fits the transaction's time.
  const row = await db.$transaction(
    async (tx) => {
      const imp = await tx.judgeImport.create({
        data: { name, contentHash: hash, judges, verdicts: parsed.lines.length, actorId },
      });
      for (let i = 0; i < parsed.lines.length; i += VERDICT_BATCH) {
        await tx.judgeVerdict.createMany({
          data: parsed.lines.slice(i, i + VERDICT_BATCH).map((l) => ({
            importId: imp.id,
            pairId: l.pair_id,
            judge: l.judge,
            verdict: l.verdict,
            order: l.order ?? null,
            scoreA: l.score_a ?? null,
            scoreB: l.score_b ?? null,
            pA: l.p_a ?? null,
            pB: l.p_b ?? null,
            pNeither: l.p_neither ?? null,
            samples: l.samples ?? [],
          })),
        });
      }
      await tx.auditEvent.create({
        data: {
          actorId,
          action: "judges.import",
          targetType: "JudgeImport",
          targetId: imp.id,
          data: { name, verdicts: parsed.lines.length, judges },
        },
      });
      return imp;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  return { created: true, id: row.id, verdicts: row.verdicts, judges };
}

/** The verdict files, newest first, each with the escalations that use it (the page asks before removing those). */
export async function listJudgeImports(db: Db) {
  const imports = await db.judgeImport.findMany({
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, judges: true, verdicts: true, createdAt: true },
  });
  const uses = imports.length ? await escalationUses(db) : new Map<string, EscalationUse[]>();
  return imports.map((i) => ({ ...i, escalations: uses.get(i.id) ?? [] }));
}

/** "the escalation of Paris (gpt-4o) and of Rome (gpt-4o, mini)": who uses a file, for people. */
export function escalationUsesText(uses: readonly EscalationUse[]): string {
  return `the guaranteed escalation of ${uses.map((u) => `${u.dataset} (${u.judges.join(", ")})`).join(" and of ")}`;
}

/**
 * Removes one verdict file and its verdicts. A file some dataset's escalation uses is refused (409, naming the
 * datasets in `escalations`) unless `confirm`: then those escalations give their decided pairs back to the experts
 * and recalibrate on the verdicts that remain (recalibrateAfterRemoval).
 */
export async function deleteJudgeImport(db: Db, id: string, actorId: string, opts: { confirm?: boolean } = {}) {
  const file = await db.judgeImport.findUnique({ where: { id }, select: { name: true } });
  if (!file) throw new AppError("not_found", "There is no such import.");
  const uses = (await escalationUses(db, [id])).get(id) ?? [];
  if (uses.length && !opts.confirm)
    throw new AppError(
      "conflict",
      `${file.name} holds verdicts that ${escalationUsesText(uses)} uses. Removing it gives the pairs those judges decided back to the experts and recalibrates without these verdicts (a judge left without verdicts abstains). Send {"confirm": true} to remove it anyway.`,
      { escalations: uses },
    );
  const gone = await db.judgeImport.deleteMany({ where: { id } });
  if (!gone.count) throw new AppError("not_found", "There is no such import.");
  await db.auditEvent.create({
    data: {
      actorId,
      action: "judges.delete",
      targetType: "JudgeImport",
      targetId: id,
      ...(uses.length ? { data: { escalations: uses.map((u) => u.datasetId) } } : {}),
    },
  });
  for (const u of uses) await recalibrateAfterRemoval(db, u.datasetId);
  return { escalations: uses };
}

/** A reward judge's verdict: the plan with the higher reward wins; equal rewards are Neither (TripScore E.5). */
function rewardVerdict(pairId: string, featuresA: PlanFeatures, featuresB: PlanFeatures, w: Weights): JudgeRecord {
  const a = reward(featuresA, w),
    b = reward(featuresB, w);
  return { pairId, verdict: a > b ? "A" : a < b ? "B" : "NEITHER", scoreA: a, scoreB: b };
}

/** Rows read per query: the board's inputs are read in batches, so no result set holds a dataset's pairs at once. */
const BOARD_BATCH = 10_000;

type VerdictRow = {
  id: string;
  judge: string;
  pairId: string;
  verdict: Verdict;
  order: "ab" | "ba" | null;
  scoreA: number | null;
  scoreB: number | null;
  probabilities: boolean;
  samples: number;
};

/**
 * The board over the complete pairs (of one dataset, when given): imported judges and the built-in reward judges.
 * Pairs are read in batches by id, each with the judges' verdicts on the batch's range of ids, and handed to the
 * board's builder, which keeps counts and a few numbers per pair (lib/results/alignment/board.ts): the memory is a batch and
 * those columns, not the pairs (at a million judgments: 39–48 MiB of live heap against 238 MiB when it kept a record
 * per pair, see bench/judge-board.ts).
 */
export async function judgeBoard(
  db: Db,
  f: { datasetId?: string | null; batch?: number; report?: ReportProgress } = {},
) {
  const report = f.report ?? NO_PROGRESS;
  const pool = poolOf(db);
  const datasetId = f.datasetId ?? null;
  const batch = f.batch ?? BOARD_BATCH;
  const { weights, adoption } = await currentWeights(db);
  const builder = new BoardBuilder();
  builder.declare(BUILT_IN.defaults, true);
  if (adoption) builder.declare(BUILT_IN.adopted, true);
  let pairs = 0;
  report("reading the complete pairs and the judges' verdicts", 0);
  for (let after = ""; ;) {
    // The judgments' key bounded too (PostgreSQL does not carry it across the join): else each batch's merge join
    // walks the judgments' index from its start, every batch longer than the last.
    const { rows } = await pool.query<{
      pairId: string;
      queryId: string;
      experts: string[];
      verdicts: Verdict[];
      featuresA: PlanFeatures | null;
      featuresB: PlanFeatures | null;
      itemsA: number;
      itemsB: number;
    }>(
      `SELECT p.id AS "pairId", p."queryId",
              array_agg(j."userId" ORDER BY j.id) AS experts, array_agg(j.verdict::text ORDER BY j.id) AS verdicts,
              pa.features AS "featuresA", pb.features AS "featuresB",
              coalesce(pa."itemCount", (SELECT coalesce(sum(json_array_length(d->'items')), 0) FROM json_array_elements(pa.itinerary->'days') d))::int AS "itemsA",
              coalesce(pb."itemCount", (SELECT coalesce(sum(json_array_length(d->'items')), 0) FROM json_array_elements(pb.itinerary->'days') d))::int AS "itemsB"
       FROM "Pair" p JOIN "Judgment" j ON j."pairId" = p.id JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" JOIN "Query" q ON q.id = p."queryId"
       WHERE p.status = 'COMPLETE' AND ($1::text IS NULL OR q."datasetId" = $1) AND p.id > $2 AND j."pairId" > $2
       GROUP BY p.id, pa.id, pb.id
       ORDER BY p.id
       LIMIT $3`,
      [datasetId, after, batch],
    );
    if (!rows.length) break;
    const last = rows[rows.length - 1].pairId;
    const onPair = new Map<string, Map<string, JudgeRecord[]>>(rows.map((r) => [r.pairId, new Map()]));
    const add = (pairId: string, judge: string, record: JudgeRecord) => {
      const own = onPair.get(pairId);
      if (!own) return; // a pair in the range that is not complete, or of another dataset
      const list = own.get(judge);
      if (list) list.push(record);
      else own.set(judge, [record]);
    };
    for (const r of rows) {
      if (!r.featuresA || !r.featuresB) continue;
      add(r.pairId, BUILT_IN.defaults, rewardVerdict(r.pairId, r.featuresA, r.featuresB, DEFAULT_WEIGHTS));
      if (adoption) add(r.pairId, BUILT_IN.adopted, rewardVerdict(r.pairId, r.featuresA, r.featuresB, weights));
    }
    // The verdicts on this batch's range of pair ids, themselves in batches (a pair may have many judges' verdicts).
    for (let from = { pairId: after, id: "" }; ;) {
      const { rows: verdicts } = await pool.query<VerdictRow>(
        `SELECT v.id, v.judge, v."pairId", v.verdict, v."order", v."scoreA", v."scoreB",
                v."pA" IS NOT NULL AS probabilities, coalesce(cardinality(v.samples), 0) AS samples
         FROM "JudgeVerdict" v
         WHERE v."pairId" > $1 AND v."pairId" <= $2 AND (v."pairId", v.id) > ($3, $4)
         ORDER BY v."pairId", v.id
         LIMIT $5`,
        [after, last, from.pairId, from.id, batch],
      );
      for (const v of verdicts)
        add(v.pairId, v.judge, {
          pairId: v.pairId,
          verdict: v.verdict,
          order: v.order,
          scoreA: v.scoreA,
          scoreB: v.scoreB,
          probabilities: v.probabilities,
          samples: v.samples,
        });
      if (verdicts.length < batch) break;
      from = verdicts[verdicts.length - 1];
    }
    for (const r of rows)
      builder.add(
        {
          pairId: r.pairId,
          queryId: r.queryId,
          ratings: r.experts.map((expert, i) => ({ expert, verdict: r.verdicts[i] })),
          itemsA: r.itemsA,
          itemsB: r.itemsB,
        },
        onPair.get(r.pairId)!,
      );
    pairs += rows.length;
    report("reading the complete pairs and the judges' verdicts", pairs);
    if (rows.length < batch) break;
    after = last;
  }
  report(`comparing the judges with the experts over ${pairs.toLocaleString("en-US")} pairs`);
  await beforeLongStep();
  return { ...builder.finish(), imports: await listJudgeImports(db) };
}
