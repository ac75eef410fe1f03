/**
 * Stored heavy figures (decision 017): a heavy admin page's last answer, shared by every app process and kept across
 * restarts, so a reload reads it instead of computing again. An admin's change or "Recompute" removes them all.
 */
import { ADMIN_FIGURES, recent } from "../../kernel";
import type { FiguresProgress, ReportProgress } from "../progress";
import type { Db } from "./client";

export interface Stored {
  /** The answer as sent: JSON text. */
  answer: string;
  computedAt: Date;
  /** The data's version (tj_figures_version) when the computation began; null: not known. */
  dataVersion?: bigint | null;
}

/**
 * Stored figures whose data changed are recomputed when a page opens them, once they are this old: a page left open
 * while experts judge is not recomputed in a loop (its fresh figures show, their data moving on meanwhile).
 */
export const DATA_CHANGE_MIN_AGE_MS = 60_000;

/**
 * storedFigures and the version of the data the heavy figures read, in one statement (a reload costs one round trip,
 * as before the version). The version is the sequence tj_figures_version, moved by every statement that changes
 * judgments, gold answers or judge verdicts (decision 014), read without a lock or a snapshot.
 */
async function storedWithVersion(
  db: Db,
  key: string,
  maxAgeMs: number,
): Promise<{ stored: Stored | null; dataVersion: bigint }> {
  const [row] = await db.$queryRaw<
    { v: bigint; answer: string | null; computedAt: Date | null; dataVersion: bigint | null }[]
  >`SELECT s.last_value + (CASE WHEN s.is_called THEN 1 ELSE 0 END) AS v, f.answer, f."computedAt", f."dataVersion"
      FROM tj_figures_version s LEFT JOIN "StoredFigures" f ON f.key = ${key}`;
  const fresh = row.computedAt !== null && Date.now() - row.computedAt.getTime() < maxAgeMs;
  return {
    stored: fresh ? { answer: row.answer!, computedAt: row.computedAt!, dataVersion: row.dataVersion } : null,
    dataVersion: BigInt(row.v),
  };
}

/** The stored answer for `key` if one was computed within `maxAgeMs`. */
export async function storedFigures(db: Db, key: string, maxAgeMs: number): Promise<Stored | null> {
  const row = await db.storedFigures.findUnique({ where: { key } });
  if (!row || Date.now() - row.computedAt.getTime() >= maxAgeMs) return null;
  return { answer: row.answer, computedAt: row.computedAt, dataVersion: row.dataVersion };
}

/** Keeps `s` as `key`'s figures, unless forgetStoredFigures ran after the computation `began`. */
export async function storeFigures(db: Db, key: string, s: Stored, began: Date): Promise<void> {
  // A forgetting after the computation began leaves a mark newer than `began`: the result is already stale.
  const mark = await db.storedFigures.findUnique({ where: { key: FORGOTTEN }, select: { computedAt: true } });
  if (mark && mark.computedAt >= began) return;
  await db.storedFigures.upsert({
    where: { key },
    create: { key, ...s },
    update: s,
  });
}

/** The row that records the last forgetting (its `computedAt`): never served as figures. */
const FORGOTTEN = "forgotten";

/** Forgets every stored figure (an admin's change, or "Recompute"); a computation already running is not kept. */
export async function forgetStoredFigures(db: Db): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.storedFigures.deleteMany({ where: { key: { not: FORGOTTEN } } }),
    db.storedFigures.upsert({
      where: { key: FORGOTTEN },
      create: { key: FORGOTTEN, answer: "null", computedAt: now },
      update: { computedAt: now },
    }),
  ]);
}

/** Drops the stored figures under `prefix` computed before `before` (marks nobody can reuse any more). */
export async function dropStoredFigures(db: Db, prefix: string, before: Date): Promise<void> {
  await db.storedFigures.deleteMany({ where: { key: { startsWith: prefix }, computedAt: { lt: before } } });
}

/**
 * `key`'s stored figures if computed within `maxAgeMs`, else computed now and stored (an age of 0: never stored);
 * reloads in this process that arrive meanwhile share the computation. JSON in and out, as answers are sent.
 * `compute` gets the key its progress is kept under (progressWriter).
 */
export async function storedOrComputed<T extends object>(
  db: Db,
  key: string,
  maxAgeMs: number,
  compute: (progressKey: string) => Promise<T>,
): Promise<{ result: T; computedAt: Date; updating: boolean }> {
  // Taken before anything is read: a forgetting after this moment leaves the result unstored (storeFigures).
  const began = new Date();
  const { stored, dataVersion } = await storedWithVersion(db, key, maxAgeMs);
  // The time answered is the one stored (when the computation began), so a reload from any process shows the same.
  const computeShared = () =>
    recent(`${ADMIN_FIGURES}${key}`, 0, async () => {
      const result = await compute(key);
      if (maxAgeMs > 0)
        await storeFigures(db, key, { answer: JSON.stringify(result), computedAt: began, dataVersion }, began);
      return { result, computedAt: began };
    });
  if (stored) {
    const answer = { result: JSON.parse(stored.answer) as T, computedAt: stored.computedAt };
    const moved = stored.dataVersion !== null && stored.dataVersion !== undefined && stored.dataVersion !== dataVersion;
    if (!moved || began.getTime() - stored.computedAt.getTime() < DATA_CHANGE_MIN_AGE_MS)
      return { ...answer, updating: false };
    // Judgments changed since: the stored figures now, fresh ones computed meanwhile in the admin processes (as
    // rationed as any: decision 017), which the page asks for again while it says "updating".
    computeShared().catch((e) =>
      console.error(`Figures ${key} could not be updated: ${e instanceof Error ? e.message : e}`),
    );
    return { ...answer, updating: true };
  }
  const { result } = await computeShared();
  return { ...result, updating: false };
}

/** Progress rows sit beside the figures, under this prefix and the figures' key (forgetting removes them too). */
const PROGRESS = "progress:";
/** At most one progress write per this many ms: a report per row read must not become a write per row. */
const PROGRESS_EVERY_MS = 500;

/**
 * A reporter that keeps a computation's progress in the database under `key` (any app process reads it), and its
 * `end`, which removes it. Writes go one at a time, at most every half second, the latest report winning; a failed
 * write is dropped (progress is a courtesy: it never fails the computation). No key: reports go nowhere.
 */
export function progressWriter(db: Db, key: string | undefined): { report: ReportProgress; end: () => Promise<void> } {
  if (!key) return { report: () => {}, end: async () => {} };
  const id = PROGRESS + key;
  const startedAt = new Date().toISOString();
  let latest: FiguresProgress | null = null;
  let shown = "";
  let writing: Promise<void> | null = null;
  let lastWrite = 0;
  let newStage = false;
  let ended = false;
  const write = () => {
    if (writing || !latest || ended) return;
    const p = latest;
    latest = null;
    newStage = false;
    lastWrite = Date.now();
    const answer = JSON.stringify(p);
    writing = db.storedFigures
      .upsert({
        where: { key: id },
        create: { key: id, answer, computedAt: new Date() },
        update: { answer, computedAt: new Date() },
      })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        writing = null;
        if (latest && (newStage || Date.now() - lastWrite >= PROGRESS_EVERY_MS)) write();
      });
  };
  const report: ReportProgress = (stage, done) => {
    if (stage !== shown) newStage = true;
    shown = stage;
    latest = { stage, done: done ?? null, startedAt, updatedAt: new Date().toISOString() };
    // A new stage is written as soon as the write before it ends (a long computation may follow it with no
    // report); counts within a stage at most every PROGRESS_EVERY_MS.
    if (newStage || Date.now() - lastWrite >= PROGRESS_EVERY_MS) write();
  };
  const end = async () => {
    ended = true;
    await writing;
    await db.storedFigures.deleteMany({ where: { key: id } }).catch(() => undefined);
  };
  return { report, end };
}

/** The latest progress of a computation whose figures key starts with `prefix` (a page's figures), if one runs. */
export async function figuresProgress(db: Db, prefix: string): Promise<FiguresProgress | null> {
  const row = await db.storedFigures.findFirst({
    where: { key: { startsWith: PROGRESS + prefix } },
    orderBy: { computedAt: "desc" },
  });
  return row ? (JSON.parse(row.answer) as FiguresProgress) : null;
}
