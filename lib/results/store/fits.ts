/**
 * Weight fits run in the background (a "fit" job on the queue) and the reward weights in use. A fit row moves
 * QUEUED → RUNNING → DONE | FAILED, following its job. Adopting weights appends a RewardWeights row.
 */
import { ttlCache, AppError } from "../../kernel";
import { DEFAULT_WEIGHTS, type Weights } from "../features/types";
import { weightsSchema } from "../features/weights";
import { weightsOf, type FitReport } from "../fitting/protocol";
import type { Db } from "../../platform/db";

export interface FitFilters {
  datasetId?: string;
  destinationId?: string;
}
export interface FitParams {
  folds: number;
  bootstrap: number;
  seed: number;
}

/**
 * A fit runs as a job on the queue (lib/platform/worker/handlers/fit.ts): when its job has failed or been cancelled for
 * good (its worker died too often, an admin cancelled it), the fit says so too, with the job's reason.
 */
async function syncFitsWithJobs(db: Db) {
  await db.$executeRaw`
    UPDATE "WeightFit" f SET status = 'FAILED', "finishedAt" = now(),
      error = CASE WHEN j.status = 'CANCELLED' THEN 'Cancelled.' ELSE coalesce(j.error, 'The fit stopped without finishing.') END
    FROM "Job" j
    WHERE j.kind = 'fit' AND j.input->>'fitId' = f.id AND f.status IN ('QUEUED', 'RUNNING') AND j.status IN ('FAILED', 'CANCELLED')`;
}

export async function createFit(db: Db, filters: FitFilters, params: FitParams, actorId: string) {
  // Scopes are dataset ids: an unknown id would be a scope of its own, and a fit process of its own.
  if (filters.datasetId && !(await db.dataset.findUnique({ where: { id: filters.datasetId }, select: { id: true } })))
    throw new AppError("not_found", "No such dataset.");
  if (
    filters.destinationId &&
    !(await db.destination.findUnique({ where: { id: filters.destinationId }, select: { id: true } }))
  )
    throw new AppError("not_found", "No such destination.");
  await syncFitsWithJobs(db);
  const scope = filters.datasetId ?? "all";
  try {
    const fit = await db.weightFit.create({
      data: { scope, filters: { ...filters }, options: { ...params }, createdById: actorId },
    });
    await db.auditEvent.create({
      data: {
        actorId,
        action: "fit.start",
        targetType: "WeightFit",
        targetId: fit.id,
        data: { ...filters, ...params },
      },
    });
    return fit;
  } catch (e) {
    if ((e as { code?: string }).code === "P2002" || (e as { code?: string }).code === "23505") {
      throw new AppError(
        "conflict",
        scope === "all"
          ? "A fit on all datasets is already running. Wait for it to finish."
          : "A fit on this dataset is already running. Wait for it to finish.",
      );
    }
    throw e;
  }
}

/** QUEUED → RUNNING (or RUNNING again when its job is retried after a worker died); false when it has ended. */
export async function startRunning(db: Db, id: string): Promise<boolean> {
  const r = await db.weightFit.updateMany({
    where: { id, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "RUNNING", progress: 0, heartbeatAt: new Date() },
  });
  return r.count === 1;
}

export async function reportProgress(db: Db, id: string, progress: number) {
  await db.weightFit.update({ where: { id }, data: { progress, heartbeatAt: new Date() } });
}

export async function finishFit(db: Db, id: string, report: FitReport) {
  await db.weightFit.update({
    where: { id },
    data: { status: "DONE", progress: 1, report: JSON.parse(JSON.stringify(report)), finishedAt: new Date() },
  });
}

export async function failFit(db: Db, id: string, message: string) {
  await db.weightFit.update({
    where: { id },
    data: { status: "FAILED", error: message.slice(0, 2000), finishedAt: new Date() },
  });
}

export async function listFits(db: Db, take = 20) {
  await syncFitsWithJobs(db);
  return db.weightFit.findMany({
    orderBy: { createdAt: "desc" },
    take,
    include: { createdBy: { select: { name: true } } },
  });
}

/** The fits page's data: fits newest first (their reports left out, the training accuracy kept), the weights in use, the changes. */
export async function fitsOverview(db: Db) {
  const [fits, inUse, history] = await Promise.all([listFits(db), currentWeights(db), weightsHistory(db)]);
  return {
    fits: fits.map(({ report, filters, options, ...f }) => ({
      ...f,
      filters: filters as FitFilters,
      options: options as unknown as FitParams,
      createdBy: f.createdBy?.name ?? null,
      trainAccuracy: (report as { train_accuracy?: number } | null)?.train_accuracy ?? null,
    })),
    inUse,
    history: history.map((h) => ({
      id: h.id,
      note: h.note,
      fitId: h.fitId,
      createdAt: h.createdAt,
      actor: h.actor?.name ?? null,
    })),
  };
}

export async function getFit(db: Db, id: string) {
  return db.weightFit.findUnique({ where: { id } });
}

export interface WeightsInUse {
  weights: Weights;
  /** The adoption in force; null = TripScore's defaults. */
  adoption: { id: string; note: string; fitId: string | null; createdAt: Date } | null;
}

export async function currentWeights(db: Db): Promise<WeightsInUse> {
  const row = await db.rewardWeights.findFirst({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const parsed = row ? weightsSchema.safeParse(row.weights) : null;
  if (!row || !parsed?.success) return { weights: DEFAULT_WEIGHTS, adoption: null };
  return { weights: parsed.data, adoption: { id: row.id, note: row.note, fitId: row.fitId, createdAt: row.createdAt } };
}

// Read on every claim (for the diagnostics): cached briefly per process, like the judging settings;
// an adoption clears it at once in this process.
const cache = ttlCache("adopted-weights", 5000, async (db: Db) => (await currentWeights(db)).weights);

export function cachedWeights(db: Db): Promise<Weights> {
  return cache.get(db);
}

export async function weightsHistory(db: Db, take = 20) {
  return db.rewardWeights.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: { actor: { select: { name: true } } },
  });
}

async function adopt(db: Db, weights: Weights, note: string, fitId: string | null, actorId: string) {
  const row = await db.rewardWeights.create({ data: { weights: { ...weights }, note, fitId, actorId } });
  cache.forget(db);
  await db.auditEvent.create({
    data: {
      actorId,
      action: "weights.adopt",
      targetType: "RewardWeights",
      targetId: row.id,
      data: { note, fitId, weights: { ...weights } },
    },
  });
  return row;
}

export async function adoptFit(db: Db, fitId: string, actorId: string) {
  const fit = await db.weightFit.findUnique({ where: { id: fitId } });
  if (!fit) throw new AppError("not_found", "There is no such fit.");
  if (fit.status !== "DONE" || !fit.report) throw new AppError("conflict", "Only a finished fit can be adopted.");
  const report = fit.report as unknown as FitReport;
  return adopt(
    db,
    weightsOf(report),
    `fit of ${fit.createdAt.toISOString().slice(0, 16).replace("T", " ")} (train ${(100 * report.train_accuracy).toFixed(1)} %)`,
    fit.id,
    actorId,
  );
}

/** Restores earlier weights (an adoption's id) or TripScore's defaults ("defaults"), as a new recorded change. */
export async function restoreWeights(db: Db, from: string, actorId: string) {
  if (from === "defaults") return adopt(db, DEFAULT_WEIGHTS, "TripScore's published defaults", null, actorId);
  const row = await db.rewardWeights.findUnique({ where: { id: from } });
  if (!row) throw new AppError("not_found", "There is no such weight change.");
  return adopt(db, weightsSchema.parse(row.weights), `restored: ${row.note}`, row.fitId, actorId);
}
