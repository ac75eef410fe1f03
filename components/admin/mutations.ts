/**
 * The admin pages' changes, one TanStack Query mutation hook per action: each calls its endpoint, is typed
 * by the server's answer (lib/platform/http/responses.ts), and when it succeeds refreshes the reads it changes
 * (keys from components/keys.ts) before it counts as done. A panel adds its own reactions with `then`.
 */
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type {
  EscalationSetAnswer,
  ActiveAnswer,
  ExpertCreatedAnswer,
  FamiliarityAnswer,
  FiguresForgottenAnswer,
  FitStartedAnswer,
  GoldJobAnswer,
  ImportStartedAnswer,
  InviteAnswer,
  OkAnswer,
  OverviewAnswer,
  PromotedAnswer,
  QualityDatasetAnswer,
  ReassignAnswer,
  RemovalAnswer,
  SettingsSavedAnswer,
  StandingAnswer,
  VerdictsImportedAnswer,
  VerdictsRemovedAnswer,
  WeightsChangedAnswer,
} from "@/lib/platform/browser";
import { type JudgingSettings, type ServingOrder, withDatasetChange, withFamiliarity } from "@/lib/judging/browser";
import type { Dimension } from "@/lib/results/dimensions/browser";
import type { EscalationSettingsInput } from "@/lib/results/escalation/browser";
import type { ReviewSettings, ReviewSettingsPatch } from "@/lib/review/browser";
import type { SignInSettings } from "@/lib/accounts/browser";
import { api } from "../api";
import { KEYS } from "../keys";
import { uploadBundle } from "./upload";

/** A panel's own reactions to one change, besides the refresh. */
export interface Then<V, A> {
  onMutate?: (v: V) => void;
  onSuccess?: (answer: A, v: V) => void;
  onError?: (e: Error, v: V) => void;
}

/** A change the page shows at once: `apply` gives the read under `key` as it will be once the server agrees. */
interface Optimistic<V, T> {
  key: QueryKey;
  apply: (old: T, v: V) => T;
}

function useChange<V, A, T = never>(
  call: (v: V) => Promise<A>,
  refreshes: readonly QueryKey[],
  then: Then<V, A> = {},
  optimistic?: Optimistic<V, T>,
) {
  const qc = useQueryClient();
  return useMutation<A, Error, V, { before?: T }>({
    mutationFn: call,
    onMutate: async (v) => {
      then.onMutate?.(v);
      if (!optimistic) return {};
      // A refetch landing now would draw the old state over the new one.
      await qc.cancelQueries({ queryKey: optimistic.key });
      const before = qc.getQueryData<T>(optimistic.key);
      if (before !== undefined) qc.setQueryData<T>(optimistic.key, optimistic.apply(before, v));
      return { before };
    },
    onSuccess: async (answer, v) => {
      then.onSuccess?.(answer, v);
      await Promise.all(refreshes.map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
    onError: (e, v, context) => {
      // Refused: the page goes back to what the server has, and the panel says why.
      if (optimistic && context?.before !== undefined) qc.setQueryData(optimistic.key, context.before);
      then.onError?.(e, v);
      if (optimistic) void qc.invalidateQueries({ queryKey: optimistic.key });
    },
  });
}

// Users.

export const useCreateExpert = (
  then?: Then<{ email: string; name: string; role: "EXPERT" | "REVIEWER" }, ExpertCreatedAnswer>,
) =>
  useChange(
    (input) => api<ExpertCreatedAnswer>("/api/admin/users", { method: "POST", json: input }),
    // A new reviewer or expert is a row of the Assignments page's destinations too.
    [KEYS.users, KEYS.overview],
    then,
  );

export const useSetActive = () =>
  useChange(
    (v: { id: string; active: boolean }) =>
      api<ActiveAnswer>(`/api/admin/users/${v.id}`, { method: "PATCH", json: { active: v.active } }),
    [KEYS.users],
  );

/** A new one-time invite link for a user who has no password yet. */
export const useReinvite = <U extends { id: string }>(then?: Then<U, InviteAnswer>) =>
  useChange(
    (u: U) => api<InviteAnswer>(`/api/admin/users/${u.id}/invite`, { method: "POST", json: {} }),
    [KEYS.users],
    then,
  );

// Assignments and settings.

type AssignThen = Then<unknown, unknown>;

/** Familiarity 1–5 of every given expert with every given destination; 0 takes the destination away. Shown at once. */
export const useSetFamiliarity = (then?: AssignThen) =>
  useChange(
    (v: { userIds: string[]; destinationIds: string[]; familiarity: number }) =>
      api<FamiliarityAnswer>("/api/admin/expert-destinations", { method: "PUT", json: v }),
    [KEYS.overview, KEYS.users],
    then,
    { key: KEYS.overview, apply: (o: OverviewAnswer, v) => ({ ...o, familiarity: withFamiliarity(o.familiarity, v) }) },
  );

/** A dataset's raters per pair, whether experts see its diagnostics (shown at once), preference strength, its dimensions. */
export const useUpdateDataset = (then?: AssignThen) =>
  useChange(
    ({
      id,
      ...patch
    }: {
      id: string;
      requiredRaters?: number;
      showDiagnostics?: boolean;
      preferenceStrength?: boolean;
      dimensions?: Dimension[] | null;
      correctors?: "experts" | "admins" | "nobody";
      correctAfterVerdict?: boolean;
      correctionVotes?: "two_of_two" | "two_of_three";
    }) => api<OkAnswer>(`/api/admin/datasets/${id}`, { method: "PATCH", json: patch }),
    [KEYS.overview],
    then,
    // Checkboxes and numbers show the change at once; the dimensions' summary waits for the server's version.
    { key: KEYS.overview, apply: (o: OverviewAnswer, v) => ({ ...o, datasets: withDatasetChange(o.datasets, v) }) },
  );

export const useReleaseClaim = (then?: AssignThen) =>
  useChange(
    (assignmentId: string) => api<OkAnswer>(`/api/admin/assignments/${assignmentId}/release`, { json: {} }),
    [KEYS.overview],
    then,
  );

export const useReassignClaim = (then?: AssignThen) =>
  useChange(
    (v: { assignmentId: string; userId: string }) =>
      api<ReassignAnswer>(`/api/admin/assignments/${v.assignmentId}/reassign`, { json: { userId: v.userId } }),
    [KEYS.overview],
    then,
  );

/** Any of the judging settings; the rest stay as they are. */
export const useSaveSettings = (then?: AssignThen) =>
  useChange(
    (patch: Partial<JudgingSettings>) =>
      api<SettingsSavedAnswer>("/api/admin/settings", { method: "PUT", json: patch }),
    [KEYS.settings, KEYS.overview],
    then,
  );

// Imports and jobs.

/** Uploads a bundle (with upload progress); the answer names the import job to follow. */
export const useUploadBundle = () =>
  useChange(
    (v: { form: FormData; onProgress: (share: number) => void }) =>
      uploadBundle<ImportStartedAnswer>(v.form, v.onProgress),
    [KEYS.jobs],
  );

/** Cancels a job: at once while queued, at its next heartbeat while running. */
export const useCancelJob = (then?: Then<string, OkAnswer>) =>
  useChange((id: string) => api<OkAnswer>(`/api/admin/jobs/${id}/cancel`, { method: "POST" }), [KEYS.jobs], then);

// Agreement.

export type Decision = { action: "decide"; label: "A" | "B" | "NEITHER" } | { action: "extra-rater" };

/** Settles a 1-1-1 split with a label, or asks one more expert. */
export const useAdjudicate = () =>
  useChange(
    (v: { pairId: string; decision: Decision }) =>
      api<OkAnswer>(`/api/admin/adjudication/${v.pairId}`, { json: v.decision }),
    [KEYS.adjudication, KEYS.analytics],
  );

// Judges.

export const useUploadVerdicts = (then?: Then<File, VerdictsImportedAnswer>) =>
  useChange(
    async (file: File) =>
      api<VerdictsImportedAnswer>("/api/admin/judges", { json: { name: file.name, jsonl: await file.text() } }),
    // The leaderboard offers the judges with verdicts in its scope: an upload changes them.
    [KEYS.judges, KEYS.leaderboard],
    then,
  );

/**
 * Removes a verdict file. `confirm`: the admin agreed to what it does to the escalations that use the file (without
 * it, such a file is refused with 409 naming them).
 */
export const useRemoveVerdicts = (then: Then<{ id: string; confirm: boolean }, VerdictsRemovedAnswer> = {}) =>
  useChange(
    (v: { id: string; confirm: boolean }) =>
      api<VerdictsRemovedAnswer>(`/api/admin/judges/${encodeURIComponent(v.id)}`, {
        method: "DELETE",
        ...(v.confirm ? { json: { confirm: true } } : {}),
      }),
    [KEYS.judges, KEYS.leaderboard],
    then,
  );

/** Turns a dataset's escalation on, changes it (a fresh calibration sample), or off (settings null). */
export const useSetEscalation = () =>
  useChange(
    (v: { dataset: string; settings: EscalationSettingsInput | null }) =>
      api<EscalationSetAnswer>(`/api/admin/datasets/${encodeURIComponent(v.dataset)}/escalation`, {
        method: "PUT",
        json: { settings: v.settings },
      }),
    [KEYS.judges],
  );

// Quality.

export const useSetStanding = () =>
  useChange(
    (v: { userId: string; action: StandingAnswer["action"] }) =>
      api<StandingAnswer>(`/api/admin/quality/experts/${v.userId}`, { json: { action: v.action } }),
    [KEYS.quality],
  );

/** Removes an expert's judgments (their pairs reopen); agreement changes with them. */
export const useRemoveJudgments = () =>
  useChange(
    (userId: string) =>
      api<RemovalAnswer>(`/api/admin/quality/experts/${userId}/judgments`, {
        method: "DELETE",
        json: { confirm: true },
      }),
    [KEYS.quality, KEYS.analytics],
  );

export const useMakeGold = () =>
  useChange(
    (v: { datasetId: string; plans: number }) => api<GoldJobAnswer>("/api/admin/quality/gold", { json: v }),
    [KEYS.jobs],
  );

/** A dataset's gold rate, or adaptive raters on or off. */
export const useSetQualityOfDataset = () =>
  useChange(
    ({
      id,
      ...patch
    }: {
      id: string;
      goldRate?: number;
      adaptiveRaters?: boolean;
      servingOrder?: ServingOrder;
      explorationShare?: number;
    }) => api<QualityDatasetAnswer>(`/api/admin/quality/datasets/${id}`, { method: "PATCH", json: patch }),
    [KEYS.quality, KEYS.overview],
  );

export const usePromoteToGold = () =>
  useChange(
    (pairId: string) => api<PromotedAnswer>("/api/admin/quality/promote", { json: { pairId } }),
    [KEYS.quality],
  );

// Weights.

export const useStartFit = (then?: Then<unknown, FitStartedAnswer>) =>
  useChange(
    (v: { folds: number; bootstrap: number; seed: number; datasetId?: string; destinationId?: string }) =>
      api<FitStartedAnswer>("/api/admin/fits", { json: v }),
    [KEYS.fits, KEYS.jobs],
    then,
  );

export const useAdoptFit = () =>
  useChange((id: string) => api<WeightsChangedAnswer>(`/api/admin/fits/${id}/adopt`, { json: {} }), [KEYS.fits]);

/** Restores an earlier weight change (its id) or TripScore's defaults ("defaults"). */
export const useRestoreWeights = () =>
  useChange(
    (from: string) => api<WeightsChangedAnswer>("/api/admin/weights", { json: { restore: from } }),
    [KEYS.fits],
  );

/** "Recompute": forgets the shared admin figures; the page's own reads (`refreshes`) then compute afresh. */
export function useRecomputeFigures(refreshes: QueryKey) {
  return useChange(() => api<FiguresForgottenAnswer>("/api/admin/figures", { method: "POST" }), [refreshes]);
}

// Review.

/** Changes the review sample (the queue serves the new one at once). */
export const useSetReviewSettings = (then?: Then<ReviewSettingsPatch, ReviewSettings>) =>
  useChange(
    (patch: ReviewSettingsPatch) => api<ReviewSettings>("/api/admin/review-settings", { method: "PUT", json: patch }),
    [KEYS.review],
    then,
  );

/** The sign-in settings (experts on single sign-on only); the section shows the answer. */
export const useSetSignInSettings = (then?: Then<Partial<SignInSettings>, SignInSettings>) =>
  useChange(
    (patch: Partial<SignInSettings>) =>
      api<SignInSettings>("/api/admin/sign-in-settings", { method: "PUT", json: patch }),
    [],
    then,
  );
