/**
 * Gold pairs in the database: made from a dataset's feasible plans by checked perturbation (lib/quality/gold/), or
 * promoted from a real pair its raters judged unanimously. Making is idempotent: a plan gives at most one gold
 * pair of each defect kind, so running it again (or a retried request) adds only what is new.
 */
import { randomUUID } from "node:crypto";
import type { DslPoi } from "../../constraints";
import { computeFeatures, type QueryFacts } from "../../results/features";
import { finalConstraintsCheck, DEFECT_KINDS, makeGold, type GoldPoiLookup, type DefectKind } from "../gold";
import type { Itinerary } from "../../datasets";
import { seededRandom, AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import { forgetGoldRate } from "./gold-judging";

export interface MakeGoldResult {
  tried: number;
  made: number;
  byKind: Record<DefectKind, number>;
  /** Candidates the rule engine rejected or that no plan could carry. */
  discarded: number;
  /** Plans left out because their request has no other feasible plan to show beside the altered copy. */
  withoutPartner: number;
}

/** Plans read, checked and written at a time: memory stays flat however many plans a run tries. */
const BATCH = 250;

interface PlanRow {
  id: string;
  h: string;
  query_id: string;
  itinerary: Itinerary;
  days: number;
  start_date: string | null;
  origin: string | null;
  preferences: Record<string, unknown>;
  people: number;
  destination_id: string;
  destination: string;
}

/** What a run of makeGoldPairs did, in a line (the gold job's message, the command line's output). */
export function goldSummary(r: MakeGoldResult): string {
  const kinds = DEFECT_KINDS.filter((k) => r.byKind[k] > 0).map((k) => `${r.byKind[k]} ${k.replace(/_/g, " ")}`);
  return `${r.made} gold pairs made from ${r.tried} plans${kinds.length ? ` (${kinds.join(", ")})` : ""}; ${r.discarded} candidates discarded`;
}

/**
 * Tries up to `plans` feasible plans of the dataset (a seeded sample), each kind in turn, and stores what the rule
 * engine confirms. The sample is drawn on the records' source ids, not on row ids: the same dataset and seed give
 * the same gold pairs on every instance (row ids are new at each import, and a sample on them drifted). Plans come
 * a batch at a time in the sample's order (keyset on it), so a run over a whole large dataset holds one batch and
 * the place tables of its destinations; `onProgress` hears after each batch.
 */
export async function makeGoldPairs(
  db: Db,
  datasetId: string,
  opts: {
    plans: number;
    seed: number;
    kinds?: readonly DefectKind[];
    destinationId?: string | null;
    /** Plans read at a time (tests; the default keeps memory flat). */
    batch?: number;
    /** After each batch: plans read so far, gold pairs made so far, and how many plans the run reads in all. */
    onProgress?: (p: { plans: number; made: number; total: number }) => void;
  },
  actorId: string | null,
): Promise<MakeGoldResult> {
  const pool = poolOf(db);
  const ds = await db.dataset.findUnique({ where: { id: datasetId }, select: { id: true } });
  if (!ds) throw new AppError("not_found", "There is no such dataset.");
  const seed = String(opts.seed);
  const eligible = `FROM "Plan" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE q."datasetId" = $1 AND p.feasible AND EXISTS (SELECT 1 FROM "Pair" x WHERE x."queryId" = q.id) AND ($2::text IS NULL OR q."destinationId" = $2)`;
  const total = Math.min(
    opts.plans,
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n ${eligible}`, [datasetId, opts.destinationId ?? null]))
      .rows[0].n,
  );
  const places = new Map<string, { dsl: Omit<DslPoi, "city">[] }>();
  const facts = new Map<string, NonNullable<ReturnType<GoldPoiLookup>>>();
  const poiOf: GoldPoiLookup = (id) => facts.get(id) ?? null;
  const kinds = opts.kinds ?? DEFECT_KINDS;
  const rng = seededRandom(opts.seed);
  const result: MakeGoldResult = {
    tried: 0,
    made: 0,
    byKind: Object.fromEntries(DEFECT_KINDS.map((k) => [k, 0])) as Record<DefectKind, number>,
    discarded: 0,
    withoutPartner: 0,
  };
  let n = 0;
  let after = null as { h: string; id: string } | null;
  while (n < total) {
    const { rows: plans }: { rows: PlanRow[] } = await pool.query<PlanRow>(
      `SELECT * FROM (
         SELECT p.id, md5(q."sourceId" || '/' || p."sourceId" || '/' || $3::text) AS h, p."queryId" AS query_id, p.itinerary,
                q.days, q."startDate" AS start_date, q.origin, q.preferences, q.people, q."destinationId" AS destination_id,
                d.name AS destination
         ${eligible}) s
        WHERE $5::text IS NULL OR (s.h, s.id) > ($5, $6)
        ORDER BY s.h, s.id LIMIT $4`,
      [
        datasetId,
        opts.destinationId ?? null,
        seed,
        Math.min(opts.batch ?? BATCH, total - n),
        after?.h ?? null,
        after?.id ?? null,
      ],
    );
    if (!plans.length) break;
    after = { h: plans[plans.length - 1].h, id: plans[plans.length - 1].id };
    await loadPlaces(db, datasetId, plans, places, facts);
    const finals = await finalConstraints(db, [...new Set(plans.map((p) => p.query_id))]);
    const partners = await partnersOf(
      db,
      plans.map((p) => p.id),
    );
    for (const p of plans) {
      await makeOne(db, p, n++, { datasetId, kinds, rng, poiOf, places, finals, partners, actorId }, result);
    }
    opts.onProgress?.({ plans: n, made: result.made, total });
  }
  await db.auditEvent.create({
    data: { actorId, action: "gold.make", targetType: "Dataset", targetId: datasetId, data: { ...result } },
  });
  // New gold pairs may raise the highest gold rate that claims draw against.
  if (result.made) forgetGoldRate(db);
  return result;
}

/** The place tables of the batch's destinations not read yet: rule facts by id, and the DSL's view of each. */
async function loadPlaces(
  db: Db,
  datasetId: string,
  plans: PlanRow[],
  places: Map<string, { dsl: Omit<DslPoi, "city">[] }>,
  facts: Map<string, NonNullable<ReturnType<GoldPoiLookup>>>,
) {
  const missing = [...new Set(plans.map((p) => p.destination_id))].filter((d) => !places.has(d));
  if (!missing.length) return;
  const { rows: pois } = await poolOf(db).query<{
    source_id: string;
    name: string;
    kind: string;
    tags: string[];
    stars: number | null;
    recommended: number | null;
    hours: { open: string; close: string; closedWeekdays: number[] } | null;
    price: number | null;
    lat: number | null;
    lon: number | null;
    destination_id: string;
  }>(
    `SELECT "sourceId" AS source_id, name, kind::text, tags, stars, "recommendedMinutes" AS recommended, "openingHours" AS hours, price, lat, lon, "destinationId" AS destination_id FROM "Poi" WHERE "datasetId" = $1 AND "destinationId" = ANY($2)`,
    [datasetId, missing],
  );
  for (const d of missing) places.set(d, { dsl: [] });
  for (const x of pois) {
    facts.set(x.source_id, {
      tags: x.tags,
      stars: x.stars,
      recommendedMinutes: x.recommended,
      openingHours: x.hours,
      price: x.price,
    });
    places.get(x.destination_id)!.dsl.push({
      name: x.name,
      kind: x.kind.toLowerCase(),
      type: x.tags[0] ?? null,
      recommendedMinutes: x.recommended,
      lat: x.lat,
      lon: x.lon,
    });
  }
}

/** One plan of the sample: its gold pair of the first kind (in rotation from the plan's place) the engine confirms. */
async function makeOne(
  db: Db,
  p: PlanRow,
  n: number,
  c: {
    datasetId: string;
    kinds: readonly DefectKind[];
    rng: () => number;
    poiOf: GoldPoiLookup;
    places: Map<string, { dsl: Omit<DslPoi, "city">[] }>;
    finals: Map<string, string[]>;
    partners: Map<string, string[]>;
    actorId: string | null;
  },
  result: MakeGoldResult,
) {
  // The altered copy is shown beside another feasible plan of the request, never beside its own source: two
  // plans that differ in one item would give a gold pair away (real pairs differ throughout).
  const options = c.partners.get(p.id) ?? [];
  if (!options.length) {
    result.withoutPartner++;
    return;
  }
  const partner = options[Math.floor(c.rng() * options.length)];
  const q: QueryFacts = { days: p.days, startDate: p.start_date, origin: p.origin, preferences: p.preferences };
  const codes = c.finals.get(p.query_id);
  const dsl = codes
    ? finalConstraintsCheck(codes, {
        destination: p.destination,
        people: p.people,
        pois: c.places.get(p.destination_id)!.dsl.map((x) => ({ ...x, city: p.destination })),
      })
    : undefined;
  // Each plan carries one gold pair: the kinds are tried in rotation from a different one for each plan, so a sample covers every kind.
  result.tried++;
  let kind: DefectKind = c.kinds[n % c.kinds.length];
  let gold = null;
  for (let k = 0; k < c.kinds.length && !gold; k++) {
    kind = c.kinds[(n + k) % c.kinds.length];
    gold = makeGold(kind, p.itinerary, q, c.poiOf, { rng: c.rng, dsl });
  }
  if (!gold) {
    result.discarded++;
    return;
  }
  const features = computeFeatures(gold.altered, q, c.poiOf);
  const { rows } = await poolOf(db).query<{ inserted: boolean }>(
    // A gold pair made before partners existed gets one (its altered copy stays as answered).
    `INSERT INTO "GoldPair" (id, "datasetId", "queryId", "destinationId", origin, "planAId", "partnerPlanId", altered, "alteredFeatures", label, "defectKind", defect, "createdById", "alteredRef")
     VALUES ($1, $2, $3, $4, 'PERTURBATION', $5, $11, $6::json, $7::json, 'A', $8, $9::jsonb, $10, $12)
     ON CONFLICT ("planAId", "defectKind") DO UPDATE SET "partnerPlanId" = EXCLUDED."partnerPlanId" WHERE "GoldPair"."partnerPlanId" IS NULL
     RETURNING (xmax = 0) AS inserted`,
    [
      randomUUID(),
      c.datasetId,
      p.query_id,
      p.destination_id,
      p.id,
      JSON.stringify(gold.altered),
      JSON.stringify({ ...features.features, violations: features.violations }),
      kind,
      JSON.stringify(gold.defect),
      c.actorId,
      partner,
      randomUUID(),
    ],
  );
  if (rows[0]?.inserted) {
    result.made++;
    result.byKind[kind]++;
  }
}

/**
 * For each plan, the other feasible plans of its request: those it meets in a real pair first (the pairs experts
 * see), else any. Sorted by their source ids, so a seeded choice among them is the same in every copy of the dataset.
 */
async function partnersOf(db: Db, planIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await poolOf(db).query<{ plan_id: string; paired: string[]; others: string[] }>(
    `SELECT p.id AS plan_id,
            coalesce(array_agg(o.id ORDER BY o."sourceId") FILTER (WHERE EXISTS (SELECT 1 FROM "Pair" x WHERE (x."planAId", x."planBId") IN ((p.id, o.id), (o.id, p.id))) ), '{}') AS paired,
            coalesce(array_agg(o.id ORDER BY o."sourceId") FILTER (WHERE o.id IS NOT NULL), '{}') AS others
       FROM "Plan" p LEFT JOIN "Plan" o ON o."queryId" = p."queryId" AND o.id <> p.id AND o.feasible
      WHERE p.id = ANY($1) GROUP BY p.id`,
    [planIds],
  );
  return new Map(rows.map((r) => [r.plan_id, r.paired.length ? r.paired : r.others]));
}

/** The codes of each request's final constraints: its newest FINAL version, as the annotations export reads them. */
async function finalConstraints(db: Db, queryIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await poolOf(db).query<{ query_id: string; constraints: { code: string }[] }>(
    `SELECT DISTINCT ON ("queryId") "queryId" AS query_id, constraints FROM "DslVersion" WHERE "queryId" = ANY($1) AND stage = 'FINAL' ORDER BY "queryId", version DESC`,
    [queryIds],
  );
  return new Map(
    rows
      .filter((r) => Array.isArray(r.constraints) && r.constraints.length)
      .map((r) => [r.query_id, r.constraints.map((c) => c.code)]),
  );
}

/** A complete pair whose raters all chose the same verdict becomes gold (the real pair keeps its label). */
export async function promoteToGold(
  db: Db,
  pairId: string,
  actorId: string,
): Promise<{ goldPairId: string; created: boolean }> {
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    include: { judgments: { select: { verdict: true } }, query: { select: { datasetId: true, destinationId: true } } },
  });
  if (!pair) throw new AppError("not_found", "There is no such pair.");
  const verdicts = new Set(pair.judgments.map((j) => j.verdict));
  if (pair.status !== "COMPLETE" || verdicts.size !== 1)
    throw new AppError(
      "invalid_request",
      "Only a complete pair whose raters all chose the same verdict can become gold.",
    );
  const existing = await db.goldPair.findUnique({ where: { sourcePairId: pairId } });
  if (existing) return { goldPairId: existing.id, created: false };
  const id = randomUUID();
  await db.$transaction([
    db.goldPair.create({
      data: {
        id,
        datasetId: pair.query.datasetId,
        queryId: pair.queryId,
        destinationId: pair.query.destinationId,
        origin: "PROMOTED",
        planAId: pair.planAId,
        planBId: pair.planBId,
        label: [...verdicts][0],
        sourcePairId: pairId,
        createdById: actorId,
      },
    }),
    db.auditEvent.create({
      data: { actorId, action: "gold.promote", targetType: "Pair", targetId: pairId, data: { goldPairId: id } },
    }),
  ]);
  forgetGoldRate(db);
  return { goldPairId: id, created: true };
}

export async function setGoldRate(db: Db, datasetId: string, rate: number, actorId: string) {
  const was = await db.dataset.findUnique({ where: { id: datasetId }, select: { goldRate: true } });
  if (!was) throw new AppError("not_found", "There is no such dataset.");
  await db.dataset.update({ where: { id: datasetId }, data: { goldRate: rate } });
  await db.auditEvent.create({
    data: {
      actorId,
      action: "gold.rate",
      targetType: "Dataset",
      targetId: datasetId,
      data: { rate, before: { goldRate: was.goldRate }, after: { goldRate: rate } },
    },
  });
  forgetGoldRate(db);
}
