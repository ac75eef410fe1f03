/**
 * What correcting a plan needs from the database (lib/corrections does the rest): the plan, its request's facts,
 * the dataset's place table and the request's final constraints, and whether the asker may correct it. The
 * correction screen gets it as JSON; saving reads it again, so the server checks what the screen checked.
 */
import type { DslPoi } from "../../constraints";
import type { QueryFacts, Weights } from "../../results/features";
import type { Place } from "..";
import type { Itinerary } from "../../datasets";
import type { DefectKind } from "../../quality/gold";
import { mayCorrect, type Correctors, type Standing } from "../../accounts";
import { AppError } from "../../kernel";
import { poolOf, type Db } from "../../platform/db";
import { currentWeights } from "../../results/store";
import type { SessionUser } from "../../accounts/store";

export interface CorrectionSource {
  plan: { id: string; sourceId: string; model: string; raw: unknown; itinerary: Itinerary };
  request: QueryFacts & { id: string; text: string; people: number; destination: string };
  dataset: { id: string; name: string; format: string; correctors: Correctors; votes: "two_of_two" | "two_of_three" };
  destinationId: string;
  places: Place[];
  /** The request's newest FINAL constraints (none: no DSL checks) and the places they run against. */
  dsl: { codes: string[]; pois: DslPoi[] } | null;
  weights: Weights;
  /**
   * Set when the plan is a gold pair's altered copy (its `alteredRef`): corrected like any plan, stored apart
   * (lib/corrections/store/gold-corrections.ts) to measure whether the injected defect is undone.
   */
  gold?: {
    goldPairId: string;
    /** The plan it was made from, and its itinerary. */
    sourcePlanId: string;
    source: Itinerary;
    defect: { kind: DefectKind; day: number | null };
  };
}

/** What a correction source's query reads beside its plan: the request, its dataset and the asker's standing. */
export interface RequestRow {
  query_id: string;
  text: string;
  days: number;
  start_date: string | null;
  origin: string | null;
  preferences: Record<string, unknown> | null;
  people: number;
  destination_id: string;
  destination: string;
  dataset_id: string;
  dataset: string;
  format: string;
  correctors: Correctors;
  votes: "two_of_two" | "two_of_three";
  assigned: boolean;
  standing: Standing | null;
  holding: boolean;
}

/** The columns of RequestRow from `q` (Query), `d` (Destination) and `ds` (Dataset), the asker being $2. */
export const REQUEST_COLUMNS = `q.id AS query_id, q.text, q.days, q."startDate" AS start_date, q.origin, q.preferences,
            q.people, q."destinationId" AS destination_id, d.name AS destination, ds.id AS dataset_id,
            ds.name AS dataset, ds.format::text AS format, ds.correctors, ds."correctionVotes" AS votes,
            EXISTS (SELECT 1 FROM "ExpertDestination" e WHERE e."userId" = $2 AND e."destinationId" = q."destinationId") AS assigned,
            (SELECT u.standing::text FROM "User" u WHERE u.id = $2) AS standing`;

/**
 * What a plan id names, with the asker's request row: a plan ("plan"), a gold pair's altered copy known by its
 * `alteredRef` ("gold": its itinerary the altered one, `source` its source's), or the copy a gold correction answered
 * with (`GoldCorrection.planRef`, "corrected").
 */
interface SourceRow extends RequestRow {
  kind: "plan" | "gold" | "corrected";
  id: string;
  source_id: string;
  model: string;
  raw: unknown;
  itinerary: Itinerary;
  judged: boolean;
  gold_id: string | null;
  source_plan_id: string | null;
  source: Itinerary | null;
  defect_kind: DefectKind | null;
  defect: { day: number | null } | null;
}

/**
 * The row of a plan id, in one statement whatever it names, so a gold pair's plan costs what a real one does (issue
 * 48: a second statement for the altered copy made its answer some 7 ms slower).
 */
async function sourceRow(db: Db, id: string, userId: string): Promise<SourceRow | null> {
  const { rows } = await poolOf(db).query<SourceRow>(
    `SELECT 'plan' AS kind, p.id, p."sourceId" AS source_id, p.model, p.raw, p.itinerary, ${REQUEST_COLUMNS},
            (EXISTS (SELECT 1 FROM "Assignment" a JOIN "Pair" x ON x.id = a."pairId"
                     WHERE a."userId" = $2 AND a.status = 'CLAIMED' AND p.id IN (x."planAId", x."planBId"))
             -- The gold pair's plans as shown (its source, never shown beside its copy, is a plan like any other).
             OR EXISTS (SELECT 1 FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
                     WHERE a."userId" = $2 AND a.status = 'CLAIMED' AND p.id IN (coalesce(g."partnerPlanId", g."planAId"), g."planBId")))
            -- A plan whose verdict is in (a pair showing it submitted, gold or real) stays correctable while the next
            -- pair, claimed ahead by the judging screen, shares it: the expert has judged it already.
            AND NOT EXISTS (SELECT 1 FROM "Assignment" a JOIN "Pair" x ON x.id = a."pairId"
                     WHERE a."userId" = $2 AND a.status = 'SUBMITTED' AND p.id IN (x."planAId", x."planBId"))
            AND NOT EXISTS (SELECT 1 FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
                     WHERE a."userId" = $2 AND a.status = 'SUBMITTED' AND p.id IN (coalesce(g."partnerPlanId", g."planAId"), g."planBId")) AS holding,
            -- The expert judged a pair showing the plan (issue 48: any plan of the destination was open to correct,
            -- so a plan could be read, and the queue flooded, before judging).
            (EXISTS (SELECT 1 FROM "Assignment" a JOIN "Pair" x ON x.id = a."pairId"
                     WHERE a."userId" = $2 AND a.status = 'SUBMITTED' AND p.id IN (x."planAId", x."planBId"))
             OR EXISTS (SELECT 1 FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
                     WHERE a."userId" = $2 AND a.status = 'SUBMITTED' AND p.id IN (coalesce(g."partnerPlanId", g."planAId"), g."planBId"))) AS judged,
            NULL AS gold_id, NULL AS source_plan_id, NULL::json AS source, NULL AS defect_kind, NULL::jsonb AS defect
       FROM "Plan" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
       JOIN "Dataset" ds ON ds.id = q."datasetId"
      WHERE p.id = $1
     UNION ALL
     -- The altered copy has no Plan row: its source's record and planner stand in.
     SELECT 'gold', g."alteredRef", p."sourceId", p.model, p.raw, g.altered, ${REQUEST_COLUMNS},
            EXISTS (SELECT 1 FROM "GoldAnswer" a WHERE a."goldPairId" = g.id AND a."userId" = $2 AND a.status = 'CLAIMED'),
            EXISTS (SELECT 1 FROM "GoldAnswer" a WHERE a."goldPairId" = g.id AND a."userId" = $2 AND a.status = 'SUBMITTED'),
            g.id, p.id, p.itinerary, g."defectKind", g.defect
       FROM "GoldPair" g JOIN "Plan" p ON p.id = g."planAId" JOIN "Query" q ON q.id = g."queryId"
       JOIN "Destination" d ON d.id = q."destinationId" JOIN "Dataset" ds ON ds.id = g."datasetId"
      WHERE g."alteredRef" = $1 AND g.altered IS NOT NULL
     UNION ALL
     SELECT 'corrected', c."planRef", p."sourceId", p.model, p.raw, c.corrected, ${REQUEST_COLUMNS}, false, false,
            g.id, p.id, NULL::json, g."defectKind", g.defect
       FROM "GoldCorrection" c JOIN "GoldPair" g ON g.id = c."goldPairId" JOIN "Plan" p ON p.id = g."planAId"
       JOIN "Query" q ON q.id = g."queryId" JOIN "Destination" d ON d.id = q."destinationId"
       JOIN "Dataset" ds ON ds.id = g."datasetId"
      WHERE c."planRef" = $1
      LIMIT 1`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** A row as a source: a gold pair's altered copy carries what its correction is measured against. */
function sourceOf(db: Db, r: SourceRow): Promise<CorrectionSource> {
  const plan = { id: r.id, sourceId: r.source_id, model: r.model, raw: r.raw, itinerary: r.itinerary };
  if (r.kind !== "gold") return completeSource(db, r, plan);
  return completeSource(db, r, plan, {
    goldPairId: r.gold_id!,
    sourcePlanId: r.source_plan_id!,
    source: r.source!,
    defect: { kind: r.defect_kind!, day: r.defect?.day ?? null },
  });
}

/**
 * The plan as a correction starts from it, or a refusal that says why the asker may not correct it. A gold pair's
 * altered copy (lib/corrections/store/gold-corrections.ts) is one for whoever holds or answered its pair (anyone else is told there
 * is no such plan, as of an unknown id); the copy a gold correction answered with is refused to an expert as a real
 * correction's new plan is, which they never judged (issue 48: it said "no such plan", a real one "judge a pair with
 * it first").
 */
export async function correctionSource(db: Db, planId: string, user: SessionUser): Promise<CorrectionSource> {
  const r = await sourceRow(db, planId, user.id);
  const unknown = () => new AppError("not_found", "There is no such plan.");
  if (!r) throw unknown();
  if (r.kind === "gold" && user.role !== "ADMIN" && !r.judged && !r.holding) throw unknown();
  if (r.kind === "corrected") {
    if (user.role !== "ADMIN") mayCorrectHere(user, r);
    throw unknown();
  }
  mayCorrectHere(user, r);
  return sourceOf(db, r);
}

/** A gold pair's altered copy as the source of a correction stored already: a retry is answered from it, unrefused. */
export async function storedGoldSource(db: Db, ref: string, userId: string): Promise<CorrectionSource | null> {
  const r = await sourceRow(db, ref, userId);
  return r?.kind === "gold" ? sourceOf(db, r) : null;
}

/** A source from its plan and request row: the place table, the final constraints and the weights added. */
export async function completeSource(
  db: Db,
  r: RequestRow,
  plan: CorrectionSource["plan"],
  gold?: CorrectionSource["gold"],
): Promise<CorrectionSource> {
  const [places, dsl, weights] = await Promise.all([
    placesOf(db, r.dataset_id, r.destination_id, r.destination),
    finalConstraintsOf(db, r.query_id),
    currentWeights(db),
  ]);
  return {
    plan,
    request: {
      id: r.query_id,
      text: r.text,
      days: r.days,
      startDate: r.start_date,
      origin: r.origin,
      preferences: r.preferences ?? {},
      people: r.people,
      destination: r.destination,
    },
    dataset: { id: r.dataset_id, name: r.dataset, format: r.format, correctors: r.correctors, votes: r.votes },
    destinationId: r.destination_id,
    places: places.places,
    dsl: dsl.length ? { codes: dsl, pois: places.dslPois } : null,
    weights: weights.weights,
    ...(gold ? { gold } : {}),
  };
}

/**
 * Refuses, with the reason, an asker who may not correct a plan of this dataset and destination: the dataset's
 * setting, their destinations and standing, and (blindness, time on task) a pair with the plan they still hold and
 * have not judged yet (a plan judged in another pair is not hidden by a held one: `holding` is false then); an expert
 * corrects only plans of pairs they judged (`judged`), admins any.
 */
export function mayCorrectHere(
  user: SessionUser,
  r: { correctors: Correctors; assigned: boolean; standing: Standing | null; holding: boolean; judged: boolean },
) {
  const asker = { ...user, standing: user.role === "ADMIN" ? null : r.standing };
  if (!mayCorrect(asker, r.correctors, r.assigned))
    throw new AppError(
      "forbidden",
      r.correctors === "nobody"
        ? "Corrections are off for this dataset."
        : r.correctors === "admins" && user.role !== "ADMIN"
          ? "Only admins correct this dataset's plans."
          : !r.assigned
            ? "This plan's destination is not assigned to you."
            : "You can correct plans once your standing is active.",
    );
  if (r.holding)
    throw new AppError(
      "forbidden",
      "This plan is in a pair you hold and have not judged yet: submit your verdict first, then correct it.",
    );
  if (user.role !== "ADMIN" && !r.judged)
    throw new AppError("forbidden", "You can correct the plans of pairs you have judged: judge a pair with it first.");
}

/** The dataset's places of the destination: the table corrections choose from, and what DSL constraints see. */
async function placesOf(db: Db, datasetId: string, destinationId: string, destination: string) {
  const { rows } = await poolOf(db).query<{
    source_id: string;
    name: string;
    kind: Place["kind"];
    tags: string[];
    stars: number | null;
    recommended: number | null;
    hours: Place["openingHours"];
    price: number | null;
    lat: number | null;
    lon: number | null;
  }>(
    `SELECT "sourceId" AS source_id, name, kind::text AS kind, tags, stars, "recommendedMinutes" AS recommended,
            "openingHours" AS hours, price, lat, lon
       FROM "Poi" WHERE "datasetId" = $1 AND "destinationId" = $2 ORDER BY "sourceId"`,
    [datasetId, destinationId],
  );
  const places: Place[] = rows.map((p) => ({
    sourceId: p.source_id,
    name: p.name,
    kind: p.kind,
    destination,
    lat: p.lat,
    lon: p.lon,
    price: p.price,
    stars: p.stars,
    tags: p.tags,
    openingHours: p.hours,
    recommendedMinutes: p.recommended,
  }));
  const dslPois: DslPoi[] = rows.map((p) => ({
    name: p.name,
    city: destination,
    kind: p.kind.toLowerCase(),
    type: p.tags[0] ?? null,
    recommendedMinutes: p.recommended,
    lat: p.lat,
    lon: p.lon,
  }));
  return { places, dslPois };
}

/** The codes of the request's newest FINAL constraint version (none while no version is final). */
async function finalConstraintsOf(db: Db, queryId: string): Promise<string[]> {
  const { rows } = await poolOf(db).query<{ constraints: { code: string }[] }>(
    `SELECT constraints FROM "DslVersion" WHERE "queryId" = $1 AND stage = 'FINAL' ORDER BY version DESC LIMIT 1`,
    [queryId],
  );
  return Array.isArray(rows[0]?.constraints) ? rows[0].constraints.map((c) => c.code) : [];
}
