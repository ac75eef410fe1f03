/**
 * A dataset's serving order in the database (docs/serving-order.md): its setting, and Pair.priority, which tj_claim
 * serves highest first. The worker recomputes the priorities (recomputePriorities) after the setting changes and every
 * `prioritiesEvery` judgments of the dataset (prioritiesDue); nothing here runs on the claim's or the submit's path.
 * Priority is not judging state: writing it outside the judging functions is decision 020.
 */
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import { servingPriorities, type PlannerBattles, type WaitingPair } from "../assignment/serving-order";
import { SERVING_ORDERS, type ServingOrder } from "../assignment/serving-setting";

/** What the last recompute of a dataset saw and did, kept in the Setting table under `stateKey(datasetId)`. */
export interface PrioritiesState {
  /** The dataset's submitted judgments when it began. */
  judgments: number;
  /** tj_figures_version when it began (decision 014), as text. */
  version: string;
  /** The dataset's serving order then, as its setting said it (an unknown value ranks as imported). */
  order: string;
  explorationShare: number;
  /** Open pairs read, and those whose priority changed. */
  pairs: number;
  changed: number;
  at: string;
  ms: number;
}

const stateKey = (datasetId: string) => `serving-priorities:${datasetId}`;

/** Queries read per statement: their pairs (a few to a few dozen each) in one short statement. */
const QUERIES_PER_READ = 500;
/** Pairs written per statement: each one short, so a claim never waits long on a row. */
const PAIRS_PER_WRITE = 1000;

/** Sets a dataset's serving order and exploration share; says whether either changed (then ask for a recompute). */
export async function setServingOrder(
  db: Db,
  datasetId: string,
  patch: { servingOrder?: ServingOrder; explorationShare?: number },
  actorId: string,
): Promise<{ servingOrder: ServingOrder; explorationShare: number; changed: boolean }> {
  const before = await db.dataset.findUnique({
    where: { id: datasetId },
    select: { servingOrder: true, explorationShare: true },
  });
  if (!before) throw new AppError("not_found", "There is no such dataset.");
  const next = { servingOrder: before.servingOrder, explorationShare: before.explorationShare, ...patch };
  const changed = next.servingOrder !== before.servingOrder || next.explorationShare !== before.explorationShare;
  if (changed) {
    await db.$transaction([
      db.dataset.update({ where: { id: datasetId }, data: next }),
      db.auditEvent.create({
        data: {
          actorId,
          action: "dataset.serving_order",
          targetType: "Dataset",
          targetId: datasetId,
          data: {
            ...patch,
            before: { servingOrder: before.servingOrder, explorationShare: before.explorationShare },
            after: next,
          },
        },
      }),
    ]);
  }
  return { ...next, servingOrder: orderOf(next.servingOrder), changed };
}

const orderOf = (x: string): ServingOrder =>
  (SERVING_ORDERS as readonly string[]).includes(x) ? (x as ServingOrder) : "imported";

/** The dataset's submitted judgments: its pairs' counters (no judgment is read). */
async function judgmentsOf(db: Db, datasetId: string): Promise<number> {
  const { rows } = await poolOf(db).query<{ n: number }>(
    `SELECT coalesce(sum(p."submittedCount"), 0)::int AS n FROM "Query" q JOIN "Pair" p ON p."queryId" = q.id WHERE q."datasetId" = $1`,
    [datasetId],
  );
  return rows[0].n;
}

/** tj_figures_version now: moved by every statement that changes judgments (decision 014), read without a lock. */
async function dataVersion(db: Db): Promise<bigint> {
  const { rows } = await poolOf(db).query<{ v: string }>(
    `SELECT (last_value + CASE WHEN is_called THEN 1 ELSE 0 END)::text AS v FROM tj_figures_version`,
  );
  return BigInt(rows[0].v);
}

/** The dataset's queries a batch at a time (by source id), each batch one range for the reads below. */
async function* queryRanges(db: Db, datasetId: string): AsyncGenerator<{ after: string; upTo: string }> {
  for (let after = ""; ;) {
    const { rows } = await poolOf(db).query<{ upTo: string | null }>(
      `SELECT max("sourceId") AS "upTo" FROM (SELECT "sourceId" FROM "Query" WHERE "datasetId" = $1 AND "sourceId" > $2 ORDER BY "sourceId" LIMIT $3) s`,
      [datasetId, after, QUERIES_PER_READ],
    );
    const upTo = rows[0].upTo;
    if (upTo === null) return;
    yield { after, upTo };
    after = upTo;
  }
}

/** The ranges' joins: queries q of the dataset in ($2, $3], their pairs p and the plans pa, pb. */
const RANGE = `"Query" q JOIN "Pair" p ON p."queryId" = q.id JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"`;
const IN_RANGE = `q."datasetId" = $1 AND q."sourceId" > $2 AND q."sourceId" <= $3`;

interface OpenPair extends WaitingPair {
  createdAt: number;
  priority: number;
}

/**
 * The dataset's open pairs in the claim's order among equal priorities (created first), and (when asked) its battles
 * by planner pair: read a range of queries at a time, each a short statement, so no snapshot is held across the read
 * (decision 017) and memory holds the open pairs and one row per planner pair.
 */
async function readDataset(
  db: Db,
  datasetId: string,
  withBattles: boolean,
): Promise<{ pairs: OpenPair[]; battles: PlannerBattles[] }> {
  const pairs: OpenPair[] = [];
  const battles = new Map<string, PlannerBattles>();
  for await (const { after, upTo } of queryRanges(db, datasetId)) {
    const open = await poolOf(db).query<{
      id: string;
      createdAt: Date;
      plannerA: string;
      plannerB: string;
      remaining: number;
      calibration: boolean;
      priority: number;
    }>(
      `SELECT p.id, p."createdAt", pa.model AS "plannerA", pb.model AS "plannerB", p."requiredRaters" - p."submittedCount" AS remaining,
              p."escalationCalibration" AS calibration, p.priority
         FROM ${RANGE} WHERE ${IN_RANGE} AND p.status = 'OPEN'`,
      [datasetId, after, upTo],
    );
    for (const r of open.rows) pairs.push({ ...r, createdAt: r.createdAt.getTime() });
    if (!withBattles) continue;
    const judged = await poolOf(db).query<{ a: string; b: string; wa: number; wb: number; ties: number }>(
      `SELECT pa.model AS a, pb.model AS b, count(*) FILTER (WHERE j.verdict = 'A')::int AS wa,
              count(*) FILTER (WHERE j.verdict = 'B')::int AS wb, count(*) FILTER (WHERE j.verdict = 'NEITHER')::int AS ties
         FROM ${RANGE} JOIN "Judgment" j ON j."pairId" = p.id WHERE ${IN_RANGE} GROUP BY 1, 2`,
      [datasetId, after, upTo],
    );
    for (const r of judged.rows) {
      const key = JSON.stringify([r.a, r.b]);
      const b = battles.get(key) ?? { plannerA: r.a, plannerB: r.b, winsA: 0, winsB: 0, ties: 0 };
      b.winsA += r.wa;
      b.winsB += r.wb;
      b.ties += r.ties;
      battles.set(key, b);
    }
  }
  pairs.sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return { pairs, battles: [...battles.values()] };
}

/** A 32-bit FNV-1a hash: the ranking's seed from the dataset and its judgments, so a recompute can be repeated. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Writes the priorities that changed, a batch of pairs a statement, each its own transaction and only while the pair
 * is open: a claim skips a row locked here (SKIP LOCKED) and a submit waits one short statement at most. A deadlock
 * with an admin's change of many pairs (raters per pair, adaptive raters) is retried.
 */
async function writePriorities(db: Db, ids: string[], priorities: number[]): Promise<number> {
  let changed = 0;
  for (let at = 0; at < ids.length; at += PAIRS_PER_WRITE) {
    const values = [ids.slice(at, at + PAIRS_PER_WRITE), priorities.slice(at, at + PAIRS_PER_WRITE)];
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await poolOf(db).query(
          `UPDATE "Pair" p SET priority = s.priority FROM unnest($1::text[], $2::float8[]) s(id, priority)
            WHERE p.id = s.id AND p.status = 'OPEN' AND p.priority IS DISTINCT FROM s.priority`,
          values,
        );
        changed += r.rowCount ?? 0;
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "40P01" || attempt >= 3) throw e;
      }
    }
  }
  return changed;
}

/**
 * Recomputes the priorities of a dataset's open pairs under its serving order and writes those that changed; null
 * when there is no such dataset. Reads and writes in short statements (no lock held across them): a pair that
 * completes meanwhile keeps its old priority, which no claim reads.
 */
export async function recomputePriorities(db: Db, datasetId: string): Promise<PrioritiesState | null> {
  const started = Date.now();
  const ds = await db.dataset.findUnique({
    where: { id: datasetId },
    select: { servingOrder: true, explorationShare: true },
  });
  if (!ds) return null;
  const version = await dataVersion(db);
  const judgments = await judgmentsOf(db, datasetId);
  const order = orderOf(ds.servingOrder);
  const { pairs, battles } = await readDataset(db, datasetId, order !== "imported");
  const { priority } = servingPriorities(pairs, battles, {
    order,
    explorationShare: ds.explorationShare,
    seed: seedOf(`${datasetId}:${judgments}`),
  });
  const ids: string[] = [],
    values: number[] = [];
  pairs.forEach((x, i) => {
    if (x.priority !== priority[i]) {
      ids.push(x.id);
      values.push(priority[i]);
    }
  });
  const changed = await writePriorities(db, ids, values);
  const state: PrioritiesState = {
    judgments,
    version: version.toString(),
    order: ds.servingOrder,
    explorationShare: ds.explorationShare,
    pairs: pairs.length,
    changed,
    at: new Date().toISOString(),
    ms: Date.now() - started,
  };
  await db.setting.upsert({
    where: { key: stateKey(datasetId) },
    create: { key: stateKey(datasetId), value: { ...state } },
    update: { value: { ...state } },
  });
  return state;
}

/** The last recompute of a dataset's priorities; null before the first. */
export async function prioritiesState(db: Db, datasetId: string): Promise<PrioritiesState | null> {
  const row = await db.setting.findUnique({ where: { key: stateKey(datasetId) } });
  return (row?.value as PrioritiesState | undefined) ?? null;
}

/** What prioritiesDue remembers between calls in one process: the data version and each dataset's last count. */
export interface DueMemo {
  version: bigint | null;
  counted: Map<string, { version: bigint; judgments: number }>;
}

export const newDueMemo = (): DueMemo => ({ version: null, counted: new Map() });

/**
 * The datasets whose priorities are due, with when their last recompute ended: those whose serving order or
 * exploration share is not the one their last recompute used (or served balanced or most informative first and never
 * computed), and those served so that have `every` judgments more or fewer than at their last recompute. Cheap when nothing moved: one read of the
 * data version. A dataset's judgments are counted (its pairs' counters) only once enough judging statements have
 * passed since the last count to make up the difference, since each statement adds one judgment (a submit) or
 * changes none.
 */
export async function prioritiesDue(
  db: Db,
  every: number,
  memo: DueMemo,
): Promise<{ datasetId: string; lastAt: string | null }[]> {
  const version = await dataVersion(db);
  const moved = memo.version === null || version !== memo.version;
  memo.version = version;
  // Datasets served other than as imported, and any whose setting changed since its last recompute (back to as
  // imported, say): the route asks for those at once, this is the backstop.
  const { rows } = await poolOf(db).query<{
    id: string;
    serving: string;
    exploration: number;
    state: PrioritiesState | null;
  }>(
    `SELECT d.id, d."servingOrder" AS serving, d."explorationShare" AS exploration, s.value AS state
       FROM "Dataset" d LEFT JOIN "Setting" s ON s.key = 'serving-priorities:' || d.id
      WHERE d."servingOrder" <> 'imported' OR s.value IS NOT NULL`,
  );
  const due: { datasetId: string; lastAt: string | null }[] = [];
  for (const { id, serving, exploration, state } of rows) {
    if (!state || state.order !== serving || state.explorationShare !== exploration) {
      due.push({ datasetId: id, lastAt: state?.at ?? null });
      continue;
    }
    if (serving === "imported") continue;
    if (!moved) continue;
    // The last count known (this process's, or the recompute's own), and how far the judgments can have moved since.
    let last = memo.counted.get(id);
    if (!last || last.version < BigInt(state.version))
      last = { version: BigInt(state.version), judgments: state.judgments };
    if (BigInt(Math.abs(last.judgments - state.judgments)) + (version - last.version) < BigInt(every)) continue;
    const judgments = await judgmentsOf(db, id);
    memo.counted.set(id, { version, judgments });
    if (Math.abs(judgments - state.judgments) >= every) due.push({ datasetId: id, lastAt: state.at });
  }
  return due;
}
