/**
 * Constraint annotation versions of a query: immutable rows (version, stage, parent, author, note). A save
 * names the version it started from; if someone saved on top of that meanwhile, it is refused with theirs.
 */
import type { DslPoi } from "../../dsl/concepts";
import { sameConstraints, type Constraint, type DslStage } from "../../dsl/annotations";
import { mayEditConstraints, mayReadConstraints, nextStages, type Standing } from "../../permissions";
import { chinaTravelView } from "../../dsl/plan-view";
import type { Itinerary } from "../../itinerary/model";
import type { Db } from "../infra/client";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/users";

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

/** Everything the editor needs: the request, its versions, its plans in ChinaTravel's shape and the POI table. */
export async function dslEditorData(db: Db, queryId: string, user: SessionUser) {
  const { q, mayWrite } = await canEdit(db, queryId, user, false);
  const plans = await db.plan.findMany({
    where: { queryId },
    orderBy: { createdAt: "asc" },
    select: { id: true, raw: true, itinerary: true },
  });
  const views = plans.map((p, i) => {
    const raw = p.raw as Record<string, unknown> | null;
    // ChinaTravel plans are evaluated as imported; others through the canonical itinerary.
    const plan =
      q.dataset.format === "CHINATRAVEL" && raw && typeof raw === "object" && "itinerary" in raw
        ? raw
        : chinaTravelView(p.itinerary as Itinerary, { targetCity: q.destination.name, people: q.people });
    return { id: p.id, label: `Plan ${i + 1}`, plan };
  });
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
