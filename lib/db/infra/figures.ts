/**
 * Stored heavy figures (decision 010): a heavy admin page's last answer, shared by every app process and kept across
 * restarts, so a reload reads it instead of computing again. An admin's change or "Recompute" removes them all.
 */
import { ADMIN_FIGURES, recent } from "../../cache";
import type { Db } from "./client";

export interface Stored {
  /** The answer as sent: JSON text. */
  answer: string;
  computedAt: Date;
}

/** The stored answer for `key` if one was computed within `maxAgeMs`. */
export async function storedFigures(db: Db, key: string, maxAgeMs: number): Promise<Stored | null> {
  const row = await db.storedFigures.findUnique({ where: { key } });
  if (!row || Date.now() - row.computedAt.getTime() >= maxAgeMs) return null;
  return { answer: row.answer, computedAt: row.computedAt };
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
 */
export async function storedOrComputed<T extends object>(
  db: Db,
  key: string,
  maxAgeMs: number,
  compute: () => Promise<T>,
): Promise<{ result: T; computedAt: Date }> {
  const stored = await storedFigures(db, key, maxAgeMs);
  if (stored) return { result: JSON.parse(stored.answer) as T, computedAt: stored.computedAt };
  return recent(`${ADMIN_FIGURES}${key}`, 0, async () => {
    const began = new Date();
    const result = await compute();
    if (maxAgeMs > 0) await storeFigures(db, key, { answer: JSON.stringify(result), computedAt: began }, began);
    return result;
  });
}
