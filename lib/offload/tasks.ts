/**
 * The admin computations that must not run on the web server's event loop (decision 010; exports stream through
 * lib/offload/export.ts): each reads through the database client it is given and returns plain data that crosses
 * a thread (structured clone: Maps and Dates survive, class instances do not). lib/offload/run.ts runs them.
 */
import type { Db } from "../db/infra/client";
import { judgeBoard } from "../db/results/alignment";
import { dimensionReport } from "../db/results/dimensions";
import { preferenceCard, sftCard } from "../db/results/exports";
import type { ExportFilters } from "../export/records";
import type { PreferenceOptions } from "../export/preference";
import { leaderboardReport, type BattleFilters } from "../db/results/leaderboard";
import { qualityReport, removalPreview } from "../db/quality/quality";

export const TASKS = {
  /** The quality page: standing, gold results, reliability models (Dawid–Skene, MACE) over every judgment. */
  quality: (db: Db) => qualityReport(db),
  /** What removing one expert's judgments would do to agreement. */
  removalPreview: (db: Db, a: { userId: string }) => removalPreview(db, a.userId),
  /** Planner ratings with bootstrap intervals (each replicate a full fit), style control. */
  leaderboard: (db: Db, a: { filters: BattleFilters; opts: { style: boolean; bootstrap: number; seed: number } }) =>
    leaderboardReport(db, a.filters, a.opts),
  /** The judge alignment board: every judge against every other over complete pairs. */
  judges: (db: Db, a: { datasetId: string | null }) => judgeBoard(db, a),
  /** The preference pairs' card: pairs and requests per split, and what was left out (one pass over the pairs). */
  preferenceCard: (db: Db, a: { filters: ExportFilters; options: PreferenceOptions }) =>
    preferenceCard(db, a.filters, a.options),
  /** The SFT rows' card: requests per split, and the requests left out and why (one pass over the pairs). */
  sftCard: (db: Db, a: { filters: ExportFilters; options: PreferenceOptions }) => sftCard(db, a.filters, a.options),
  /** Humans against the reward per dimension, and which dimensions drive the overall verdict (bootstraps). */
  dimensions: (db: Db, a: { datasetId: string }) => dimensionReport(db, a.datasetId),
};

export type TaskName = keyof typeof TASKS;
/** A task's arguments (`{}` for a task that takes none). */
export type TaskArgs<K extends TaskName> =
  Parameters<(typeof TASKS)[K]> extends [Db, infer A] ? A : Record<string, never>;
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
