/**
 * The JSON answers of the app's API (reads and changes), as types derived from the functions that produce
 * them, for the client (components/admin/queries.ts, components/admin/mutations.ts, components/dsl/queries.ts)
 * to import instead of copying them by hand. Answers a route builds itself are written out here, and the
 * route checks its answer against them (`satisfies`). Type-only: nothing here runs on the client.
 */
import type { FiguresProgress } from "../progress";
import type { analyticsReport, ScaleAgreement } from "../../results/agreement";
import type { JudgingSettings, ServingOrder } from "../../judging";
import type { listUsers } from "../../accounts/store";
import {
  type adjudicationQueue,
  type adaptiveCalibration,
  type fitsOverview,
  type adoptFit,
  type getFit,
  type restoreWeights,
  type leaderboardReport,
  type judgmentsNeeded,
  type judgeBoard,
  type importJudgeVerdicts,
  type escalationStatus,
  type setEscalation,
  type DimensionReport,
} from "../../results/store";
import type { dslEditorData, saveDslVersion, setDslStage } from "../../constraints/store";
import type { listDatasets, ImportOutcome } from "../../datasets/store";
import {
  type qualityReport,
  type removalPreview,
  type removeJudgments,
  type makeGoldPairs,
  type promoteToGold,
} from "../../quality/store";
import { type getSettings, type updateSettings, type assignmentOverview } from "../../judging/store";
import type { getJob, listJobs } from "../db/jobs";
import type { ProgressView } from "../../datasets/importers";
import type { FitReport } from "../../results/fitting";

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

/** Figures shared by reloads for a few seconds say when they were computed (lib/platform/http/admin-figures.ts). */
type Shared<T> = Jsonified<T> & { computedAt: string; updating: boolean };

/** GET /api/admin/overview */
export type OverviewAnswer = Shared<Awaited<ReturnType<typeof assignmentOverview>> & { settings: JudgingSettings }>;
/** GET /api/admin/analytics */
export type AnalyticsAnswer = Shared<
  ReturnType<typeof analyticsReport> & {
    adaptive: Awaited<ReturnType<typeof adaptiveCalibration>>;
    scales: ScaleAgreement[];
  }
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
/** GET /api/admin/leaderboard/needed */
export type LeaderboardNeededAnswer = Shared<Awaited<ReturnType<typeof judgmentsNeeded>>>;
/** GET /api/admin/judges */
export type JudgeBoardAnswer = Shared<Awaited<ReturnType<typeof judgeBoard>>>;
/** GET /api/admin/datasets/[id]/escalation */
export type EscalationAnswer = Jsonified<Awaited<ReturnType<typeof escalationStatus>>>;
/** PUT /api/admin/datasets/[id]/escalation */
export type EscalationSetAnswer = Jsonified<Awaited<ReturnType<typeof setEscalation>>>;
/** GET /api/admin/quality */
export type QualityAnswer = Shared<Awaited<ReturnType<typeof qualityReport>>>;
/** GET /api/admin/settings */
export type SettingsAnswer = Awaited<ReturnType<typeof getSettings>>;
/** One expert's row on the quality page. */
export type QualityExpert = QualityAnswer["experts"][number];

// Answers to changes.

/** A change that answers nothing more than that it was made. */
export type OkAnswer = { ok: true };
/** POST /api/admin/figures: the shared admin figures are forgotten (the next read computes afresh). */
export type FiguresForgottenAnswer = { forgotten: true };
/** GET /api/admin/figures/progress?page=…: where that page's computation is, if one runs. */
export type FiguresProgressAnswer = { progress: FiguresProgress | null };
/** POST /api/admin/users */
export type ExpertCreatedAnswer = { userId: string; inviteUrl: string };
/** POST /api/admin/users/<id>/invite */
export type InviteAnswer = { inviteUrl: string };
/** PATCH /api/admin/users/<id> */
export type ActiveAnswer = { id: string; active: boolean };
/** PUT /api/admin/expert-destinations */
export type FamiliarityAnswer = { ok: true; changed: number };
/** POST /api/admin/assignments/<id>/reassign: the claim the other expert now holds. */
export type ReassignAnswer = { ok: true; assignmentId: string };
/** PUT /api/admin/settings: the settings now in force. */
export type SettingsSavedAnswer = Awaited<ReturnType<typeof updateSettings>>;
/** An import's outcome: imported (or imported before), or refused with its problems. */
export type { ImportOutcome };
/** POST /api/admin/datasets: the upload is stored; its import job is to be followed. */
export type ImportStartedAnswer = { jobId: string };
/**
 * GET /api/admin/jobs/<id> of an import job: its heartbeat's progress and its result are the import's
 * (lib/platform/worker/handlers/import.ts: the outcome, refused imports included).
 */
export type ImportJobAnswer = Omit<JobAnswer, "progress" | "result"> & {
  progress: ProgressView | null;
  result: ImportOutcome | null;
};
/** POST /api/admin/judges */
export type VerdictsImportedAnswer = Jsonified<Awaited<ReturnType<typeof importJudgeVerdicts>>>;
/** DELETE /api/admin/judges/<id> */
/** A verdict file removed; `recalibrated`: the datasets whose escalation used it and recalibrated without it. */
export type VerdictsRemovedAnswer = { id: string; deleted: true; recalibrated: string[] };
/** POST /api/admin/quality/experts/<id> */
export type StandingAnswer = { id: string; action: "resume" | "pass" | "fail" | "requalify" };
/** GET /api/admin/quality/experts/<id>/judgments: agreement with and without the expert's judgments. */
export type RemovalPreviewAnswer = Awaited<ReturnType<typeof removalPreview>>;
/** DELETE /api/admin/quality/experts/<id>/judgments */
export type RemovalAnswer = Awaited<ReturnType<typeof removeJudgments>>;
/** POST /api/admin/quality/gold: the job making them (202). */
export type GoldJobAnswer = { jobId: string };
/** The gold job's result (GET /api/admin/jobs/<id>'s `result`). */
export type GoldMadeAnswer = Awaited<ReturnType<typeof makeGoldPairs>>;
/**
 * PATCH /api/admin/quality/datasets/<id>: what was set, how many pairs changed their number of raters, and whether a
 * recompute of the serving priorities was asked for (the serving order or exploration share changed).
 */
export type QualityDatasetAnswer = {
  id: string;
  goldRate?: number;
  adaptiveRaters?: boolean;
  calibrationShare: number;
  servingOrder?: ServingOrder;
  explorationShare?: number;
  pairsChanged: number;
  prioritiesRequested: boolean;
};
/** POST /api/admin/quality/promote */
export type PromotedAnswer = Awaited<ReturnType<typeof promoteToGold>>;
/** POST /api/admin/fits: the fit and the job that runs it. */
export type FitStartedAnswer = { id: string; jobId: string };
/** GET /api/admin/fits/<id>: the report column holds the fit's FitReport once it is done (lib/platform/worker/handlers/fit.ts). */
export type FitAnswer = Jsonified<Omit<NonNullable<Awaited<ReturnType<typeof getFit>>>, "report">> & {
  report: FitReport | null;
};
/** POST /api/admin/fits/<id>/adopt, POST /api/admin/weights: the weights now in use. */
export type WeightsChangedAnswer = Jsonified<Awaited<ReturnType<typeof adoptFit | typeof restoreWeights>>>;
/** POST /api/queries/<id>/constraints */
export type ConstraintsSavedAnswer = Jsonified<Awaited<ReturnType<typeof saveDslVersion>>>;
/** POST /api/queries/<id>/constraints/stage */
export type StageAnswer = Jsonified<Awaited<ReturnType<typeof setDslStage>>>;
/** GET /api/admin/dimensions */
export type DimensionsAnswer = Shared<{ datasets: { id: string; name: string }[]; report: DimensionReport | null }>;
