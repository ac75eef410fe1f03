/**
 * Constraint annotation versions of a query: immutable rows (version, stage, parent, author, note). A save
 * names the version it started from; if someone saved on top of that meanwhile, it is refused with theirs.
 * The editor lists plans to evaluate: an admin every plan of the request, an expert the plans they were shown
 * (issue 48: a gold pair's altered copy, missing from the request's plans, told gold pairs apart).
 */
import type { DslPoi } from "../concepts";
import { sameConstraints, type Constraint, type DslStage } from "../annotations";
import { mayEditConstraints, mayReadConstraints, nextStages, type Standing } from "../../accounts";
import { chinaTravelView } from "../plan-view";
import type { Itinerary } from "../../datasets";
import { poolOf, type Db } from "../../platform/db";
import { AppError } from "../../kernel";
import type { SessionUser } from "../../accounts/store";

export interface DslVersionView {
  id: string;
  version: number;
  stage: DslStage;
  parentId: string | null;
  note: string | null;
  author: string | null;
  authorId: string | null;
  createdAt: string;
  constraints: Constraint[];
}

export class StaleVersion extends AppError {
  constructor(public latest: DslVersionView) {
    super(
      "conflict",
      `Someone saved version ${latest.version} (${latest.author ?? "unknown"}, ${latest.createdAt.slice(0, 16).replace("T", " ")}) after the version you started from. Your text is kept: compare, merge and save again.`,
      { latest },
    );
  }
}

const STANDING_TEXT: Record<Exclude<Standing, "ACTIVE">, string> = {
  QUALIFYING: "you are still qualifying",
  PAUSED: "you are paused until an admin resumes you",
  QUALIFICATION_FAILED: "your qualification waits for an admin",
};

/** The request, when the user may read its constraints (`write`: save a version); else a refusal that says why. */
async function canEdit(db: Db, queryId: string, user: SessionUser, write = true) {
  const q = await db.query.findUnique({ where: { id: queryId }, include: { destination: true, dataset: true } });
  if (!q) throw new AppError("not_found", "There is no such request.");
  const assigned =
    user.role === "ADMIN" ||
    (await db.expertDestination.findFirst({ where: { userId: user.id, destinationId: q.destinationId } })) !== null;
  if (!mayReadConstraints(user, assigned))
    throw new AppError("forbidden", "This request's destination is not assigned to you.");
  const standing =
    user.role === "ADMIN"
      ? null
      : ((await db.user.findUnique({ where: { id: user.id }, select: { standing: true } }))?.standing ?? null);
  const mayWrite = mayEditConstraints({ ...user, standing }, assigned);
  if (write && !mayWrite)
    throw new AppError(
      "forbidden",
      `You cannot save constraint versions now: ${STANDING_TEXT[standing as Exclude<Standing, "ACTIVE">] ?? "your account is not active"}.`,
    );
  return { q, mayWrite };
}

const view = (v: {
  id: string;
  version: number;
  stage: DslStage;
  parentId: string | null;
  note: string | null;
  createdAt: Date;
  constraints: unknown;
  authorId: string | null;
  author: { name: string } | null;
}): DslVersionView => ({
  id: v.id,
  version: v.version,
  stage: v.stage,
  parentId: v.parentId,
  note: v.note,
  author: v.author?.name ?? null,
  authorId: v.authorId,
  createdAt: v.createdAt.toISOString(),
  constraints: (Array.isArray(v.constraints) ? v.constraints : []) as Constraint[],
});

export async function dslVersions(db: Db, queryId: string): Promise<DslVersionView[]> {
  const rows = await db.dslVersion.findMany({
    where: { queryId },
    orderBy: { version: "asc" },
    include: { author: { select: { name: true } } },
  });
  return rows.map(view);
}

/** A plan as the editor evaluates it: its id (as the correction screen knows it), a label, ChinaTravel's shape. */
export interface EditorPlan {
  id: string;
  label: string;
  plan: Record<string, unknown>;
}

/**
 * The plans of the request an expert was shown: both sides of every pair of it they hold or have judged, gold or
 * real, newest pair first, left then right, each once. A gold pair's altered copy is listed by its `alteredRef`
 * from its altered itinerary, exactly as a plan is (a gold pair must not be told from a real one, decision 009);
 * plans of pairs they were never shown are not listed, so the list is what their screen showed, for either kind.
 */
async function shownPlans(
  db: Db,
  queryId: string,
  userId: string,
): Promise<{ id: string; side: 0 | 1; itinerary: Itinerary }[]> {
  const { rows } = await poolOf(db).query<{ id: string; side: 0 | 1; itinerary: Itinerary }>(
    `SELECT s.id, s.side, coalesce(pl.itinerary, s.altered) AS itinerary
       FROM (SELECT a."claimedAt" AS at, a.id AS shown_in, v.side, v.id, NULL::json AS altered
               FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId"
              CROSS JOIN LATERAL (VALUES (0, a."leftPlanId"),
                                         (1, CASE WHEN a."leftPlanId" = p."planAId" THEN p."planBId" ELSE p."planAId" END)) v(side, id)
              WHERE a."userId" = $2 AND p."queryId" = $1 AND a.status IN ('CLAIMED', 'EXPIRED', 'SUBMITTED')
             UNION ALL
             -- Plan A's place holds the partner, plan B's the altered copy (tj_gold_view_parts); leftIsA puts A left.
             SELECT a."claimedAt", a.id, CASE WHEN (v.place = 0) = a."leftIsA" THEN 0 ELSE 1 END, v.id, v.altered
               FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId"
              CROSS JOIN LATERAL (VALUES (0, coalesce(g."partnerPlanId", g."planAId"), NULL::json),
                                         (1, coalesce(g."planBId", g."alteredRef"), CASE WHEN g."planBId" IS NULL THEN g.altered END)) v(place, id, altered)
              WHERE a."userId" = $2 AND g."queryId" = $1 AND a.status IN ('CLAIMED', 'EXPIRED', 'SUBMITTED')) s
       LEFT JOIN "Plan" pl ON pl.id = s.id AND s.altered IS NULL
      WHERE s.id IS NOT NULL
      ORDER BY s.at DESC, s.shown_in, s.side`,
    [queryId, userId],
  );
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (!r.itinerary || seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
}

/**
 * Everything the editor needs: the request, its versions, the plans it evaluates in ChinaTravel's shape and the POI
 * table. An admin gets every plan of the request (ChinaTravel's as imported); an expert the plans they were shown
 * (shownPlans), each through its canonical itinerary as their screen showed it, labelled with its side.
 */
export async function dslEditorData(db: Db, queryId: string, user: SessionUser) {
  const { q, mayWrite } = await canEdit(db, queryId, user, false);
  const request = { targetCity: q.destination.name, people: q.people };
  let views: EditorPlan[];
  if (user.role === "ADMIN") {
    const plans = await db.plan.findMany({
      where: { queryId },
      orderBy: { createdAt: "asc" },
      select: { id: true, raw: true, itinerary: true },
    });
    views = plans.map((p, i) => {
      const raw = p.raw as Record<string, unknown> | null;
      // ChinaTravel plans are evaluated as imported; others through the canonical itinerary.
      const plan =
        q.dataset.format === "CHINATRAVEL" && raw && typeof raw === "object" && "itinerary" in raw
          ? raw
          : chinaTravelView(p.itinerary as Itinerary, request);
      return { id: p.id, label: `Plan ${i + 1}`, plan };
    });
  } else {
    // The canonical itinerary for every format: an altered copy has no imported record, and the gold checks and
    // the correction screen evaluate constraints on it too (lib/quality/gold/dsl.ts, lib/corrections/check.ts).
    views = (await shownPlans(db, queryId, user.id)).map((p, i) => ({
      id: p.id,
      label: `Plan ${i + 1} (${p.side === 0 ? "left" : "right"})`,
      plan: chinaTravelView(p.itinerary, request),
    }));
  }
  const cities = new Set<string>(
    [q.destination.name, ...views.map((v) => String((v.plan as { target_city?: unknown }).target_city ?? ""))].filter(
      Boolean,
    ),
  );
  const pois = await db.poi.findMany({
    where: { datasetId: q.datasetId, destinationId: q.destinationId },
    select: { name: true, kind: true, tags: true, recommendedMinutes: true, lat: true, lon: true },
  });
  const dslPois: DslPoi[] = [...cities].flatMap((city) =>
    pois.map((p) => ({
      name: p.name,
      city,
      kind: p.kind.toLowerCase(),
      type: p.tags[0] ?? null,
      recommendedMinutes: p.recommendedMinutes,
      lat: p.lat,
      lon: p.lon,
    })),
  );
  const versions = await dslVersions(db, queryId);
  const latest = versions[versions.length - 1] ?? null;
  return {
    query: {
      id: q.id,
      text: q.text,
      destination: q.destination.name,
      days: q.days,
      people: q.people,
      dataset: q.dataset.name,
    },
    versions,
    plans: views,
    pois: dslPois,
    canSetStages: latest ? nextStages(latest.stage, user.role) : [],
    /** False for an expert who is not active (the editor reads, and says why it cannot save). */
    canSave: mayWrite,
  };
}

export async function saveDslVersion(
  db: Db,
  queryId: string,
  input: { parentId: string | null; constraints: Constraint[]; note?: string },
  user: SessionUser,
): Promise<{ version: DslVersionView; duplicate: boolean }> {
  await canEdit(db, queryId, user);
  const versions = await dslVersions(db, queryId);
  const latest = versions[versions.length - 1] ?? null;
  if ((latest?.id ?? null) !== input.parentId) {
    // A retry of a save that went through: the same author, parent and text — return it, create nothing.
    const own = versions.find(
      (v) =>
        v.parentId === input.parentId && v.authorId === user.id && sameConstraints(v.constraints, input.constraints),
    );
    if (own && own.id === latest?.id) return { version: own, duplicate: true };
    throw new StaleVersion(latest!);
  }
  if (latest && sameConstraints(latest.constraints, input.constraints))
    throw new AppError("nothing_changed", "Nothing changed since the version you started from.");
  try {
    const row = await db.dslVersion.create({
      data: {
        queryId,
        version: (latest?.version ?? 0) + 1,
        parentId: input.parentId,
        stage: "REVISED",
        constraints: input.constraints,
        note: input.note?.trim() || null,
        authorId: user.id,
      },
      include: { author: { select: { name: true } } },
    });
    await db.auditEvent.create({
      data: {
        actorId: user.id,
        action: "dsl.save",
        targetType: "Query",
        targetId: queryId,
        data: { version: row.version },
      },
    });
    return { version: view(row), duplicate: false };
  } catch (e) {
    // Two saves on the same parent at once: the second loses on (queryId, version).
    if ((e as { code?: string }).code === "P2002" || (e as { code?: string }).code === "23505") {
      const now = await dslVersions(db, queryId);
      throw new StaleVersion(now[now.length - 1]);
    }
    throw e;
  }
}

/** Admins verify and finalize: a new version with the same constraints and the next stage. */
export async function setDslStage(
  db: Db,
  queryId: string,
  input: { versionId: string; stage: DslStage },
  user: SessionUser,
): Promise<DslVersionView> {
  await canEdit(db, queryId, user);
  const versions = await dslVersions(db, queryId);
  const latest = versions[versions.length - 1];
  if (!latest || latest.id !== input.versionId) throw new StaleVersion(latest);
  if (!nextStages(latest.stage, user.role).includes(input.stage)) {
    throw new AppError(
      "forbidden",
      user.role !== "ADMIN"
        ? "Only admins verify and finalize constraints."
        : `A ${latest.stage.toLowerCase()} version cannot become ${input.stage.toLowerCase()}.`,
    );
  }
  const row = await db.dslVersion.create({
    data: {
      queryId,
      version: latest.version + 1,
      parentId: latest.id,
      stage: input.stage,
      constraints: latest.constraints,
      note: input.stage === "VERIFIED" ? "Verified" : "Finalized",
      authorId: user.id,
    },
    include: { author: { select: { name: true } } },
  });
  await db.auditEvent.create({
    data: {
      actorId: user.id,
      action: `dsl.${input.stage.toLowerCase()}`,
      targetType: "Query",
      targetId: queryId,
      data: { version: row.version },
    },
  });
  return view(row);
}
