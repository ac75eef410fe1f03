/**
 * The admin computations that must not run on the web server's event loop (decision 010; exports stream through
 * lib/offload/export.ts): each reads through the database client it is given and returns plain data that crosses
 * a thread (structured clone: Maps and Dates survive, class instances do not). lib/offload/run.ts runs them.
 */
import type { Db } from "../db/client";
import { judgeBoard } from "../db/alignment";
import { leaderboardReport, type BattleFilters } from "../db/leaderboard";
import { qualityReport, removalPreview } from "../db/quality";

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
};

export type TaskName = keyof typeof TASKS;
/** A task's arguments (`{}` for a task that takes none). */
export type TaskArgs<K extends TaskName> =
  Parameters<(typeof TASKS)[K]> extends [Db, infer A] ? A : Record<string, never>;
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;
