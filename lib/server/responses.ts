/**
 * The JSON answers of the admin API, as types derived from the functions that produce them, for the
 * client (components/admin/queries.ts) to import instead of copying them by hand. Type-only: nothing
 * here runs on the client.
 */
import type { analyticsReport } from "../agreement/tallies";
import type { JudgingSettings } from "../assignment/policy";
import type { listUsers } from "../db/admin";
import type { adjudicationQueue } from "../db/analytics";
import type { dslEditorData } from "../db/dsl";
import type { fitsOverview } from "../db/fits";
import type { listDatasets } from "../db/imports";
import type { leaderboardReport } from "../db/leaderboard";
import type { judgeBoard } from "../db/alignment";
import type { qualityReport } from "../db/quality";
import type { adaptiveCalibration } from "../db/analytics";
import type { getSettings } from "../db/settings";
import type { getJob, listJobs } from "../db/jobs";
import type { assignmentOverview } from "../db/progress";

/** A value as JSON carries it: dates become ISO strings, bigints numbers, functions vanish. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends bigint
    ? number
    : T extends (infer U)[]
      ? Jsonified<U>[]
      : T extends Map<unknown, unknown>
        ? Record<string, never>
        : T extends object
          ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonified<T[K]> }
          : T;

/** Figures shared by reloads for a few seconds say when they were computed (lib/server/api.ts adminFigures). */
type Shared<T> = Jsonified<T> & { computedAt: string };

/** GET /api/admin/overview */
export type OverviewAnswer = Shared<Awaited<ReturnType<typeof assignmentOverview>> & { settings: JudgingSettings }>;
/** GET /api/admin/analytics */
export type AnalyticsAnswer = Shared<
  ReturnType<typeof analyticsReport> & { adaptive: Awaited<ReturnType<typeof adaptiveCalibration>> }
>;
/** GET /api/admin/adjudication */
export type AdjudicationAnswer = Shared<Awaited<ReturnType<typeof adjudicationQueue>>>;
/** GET /api/admin/users */
export type UsersAnswer = Jsonified<{ users: Awaited<ReturnType<typeof listUsers>> }>;
/** GET /api/admin/datasets */
export type DatasetsAnswer = Jsonified<{ datasets: Awaited<ReturnType<typeof listDatasets>> }>;
/** GET /api/admin/jobs */
export type JobsAnswer = Jsonified<{ jobs: Awaited<ReturnType<typeof listJobs>> }>;
/** GET /api/admin/jobs/<id> */
export type JobAnswer = Jsonified<
  NonNullable<Awaited<ReturnType<typeof getJob>>> & { files: { name: string; bytes: number }[] }
>;
/** GET /api/queries/<id>/constraints */
export type ConstraintEditorAnswer = Jsonified<Awaited<ReturnType<typeof dslEditorData>>>;
/** GET /api/admin/fits */
export type FitsAnswer = Jsonified<Awaited<ReturnType<typeof fitsOverview>>>;
/** GET /api/admin/leaderboard */
export type LeaderboardAnswer = Shared<Awaited<ReturnType<typeof leaderboardReport>>>;
/** GET /api/admin/judges */
export type JudgeBoardAnswer = Shared<Awaited<ReturnType<typeof judgeBoard>>>;
/** GET /api/admin/quality */
export type QualityAnswer = Shared<Awaited<ReturnType<typeof qualityReport>>>;
/** GET /api/admin/settings */
export type SettingsAnswer = Awaited<ReturnType<typeof getSettings>>;
