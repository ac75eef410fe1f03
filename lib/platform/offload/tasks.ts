/**
 * The admin computations that must not run on the web server's event loop (decision 017; exports stream through
 * lib/platform/offload/export.ts): each reads through the database client it is given and returns plain data that crosses
 * a thread (structured clone: Maps and Dates survive, class instances do not). lib/platform/offload/run.ts runs them.
 */
import type { Db } from "../db/client";
import { progressWriter } from "../db/figures";
import type { ReportProgress } from "../progress";
import {
  judgeBoard,
  dimensionReport,
  leaderboardReport,
  judgmentsNeeded,
  type BattleFilters,
  analyticsFigures,
} from "../../results/store";
import { preferenceCard, sftCard } from "../../exports/store";
import { type ExportFilters, type PreferenceOptions } from "../../exports";
import { qualityReport, removalPreview } from "../../quality/store";

/**
 * A heavy page's computation whose progress is kept under `progress` (its figures' key; lib/platform/db/figures.ts), so
 * the page can show where it is, from any app process; the progress row goes when the computation ends.
 */
async function watched<T>(db: Db, progress: string | undefined, f: (report: ReportProgress) => Promise<T>): Promise<T> {
  const p = progressWriter(db, progress);
  p.report("starting");
  try {
    return await f(p.report);
  } finally {
    await p.end();
  }
}

export const TASKS = {
  /** The quality page: standing, gold results, reliability models (Dawid–Skene, MACE) over every judgment. */
  quality: (db: Db, a: { progress?: string }) => watched(db, a.progress, (report) => qualityReport(db, report)),
  /** The agreement page, when pairs with an extra rater make its bootstrap read every complete pair's draw. */
  analytics: (db: Db, a: { minShared: number }) => analyticsFigures(db, a.minShared),
  /** What removing one expert's judgments would do to agreement. */
  removalPreview: (db: Db, a: { userId: string }) => removalPreview(db, a.userId),
  /** Planner ratings with bootstrap intervals (each replicate a full fit), style control, a judge's prediction-powered board. */
  leaderboard: (
    db: Db,
    a: { filters: BattleFilters; opts: Parameters<typeof leaderboardReport>[2]; progress?: string },
  ) => watched(db, a.progress, (report) => leaderboardReport(db, a.filters, a.opts, report)),
  /** The judgments a serving order still needs until the widest rating interval is narrow enough (a projection). */
  leaderboardNeeded: (
    db: Db,
    a: { filters: BattleFilters; opts: Parameters<typeof judgmentsNeeded>[2]; progress?: string },
  ) => watched(db, a.progress, (report) => judgmentsNeeded(db, a.filters, a.opts, report)),
  /** The judge alignment board: every judge against every other over complete pairs. */
  judges: (db: Db, a: { datasetId: string | null; progress?: string }) =>
    watched(db, a.progress, (report) => judgeBoard(db, { datasetId: a.datasetId, report })),
  /** The preference pairs' card: pairs and requests per split, and what was left out (one pass over the pairs). */
  preferenceCard: (db: Db, a: { filters: ExportFilters; options: PreferenceOptions }) =>
    preferenceCard(db, a.filters, a.options),
  /** The SFT rows' card: requests per split, and the requests left out and why (one pass over the pairs). */
  sftCard: (db: Db, a: { filters: ExportFilters; options: PreferenceOptions }) => sftCard(db, a.filters, a.options),
  /** Humans against the reward per dimension, and which dimensions drive the overall verdict (bootstraps). */
  dimensions: (db: Db, a: { datasetId: string; progress?: string }) =>
    watched(db, a.progress, async (report) => {
      report("reading the dimension answers");
      return dimensionReport(db, a.datasetId);
    }),
};

export type TaskName = keyof typeof TASKS;
/** A task's arguments (`{}` for a task that takes none). */
export type TaskArgs<K extends TaskName> =
  Parameters<(typeof TASKS)[K]> extends [Db, infer A] ? A : Record<string, never>;
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
