/**
 * The admin pages' reads, one TanStack Query hook per resource, keyed from components/keys.ts and typed by
 * the server's own answer types (lib/platform/http/responses.ts). Changes are in ./mutations.ts.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  EscalationAnswer,
  AdjudicationAnswer,
  AnalyticsAnswer,
  DatasetsAnswer,
  DimensionsAnswer,
  FitAnswer,
  FitsAnswer,
  ImportJobAnswer,
  JobAnswer,
  JobsAnswer,
  JudgeBoardAnswer,
  LeaderboardAnswer,
  LeaderboardNeededAnswer,
  OverviewAnswer,
  QualityAnswer,
  RemovalPreviewAnswer,
  SettingsAnswer,
  UsersAnswer,
} from "@/lib/platform/browser";
import type { PairCount, ReviewSettings } from "@/lib/review/browser";
import { api } from "../api";
import { KEYS } from "../keys";

const active = (status: string | undefined) => status === "QUEUED" || status === "RUNNING";

/**
 * Heavy figures whose judgments changed come back at once with `updating` while fresh ones are computed: ask again
 * every few seconds until they arrive (lib/platform/db/figures.ts storedOrComputed).
 */
const updatingInterval = (d: { updating?: boolean } | undefined) => (d?.updating ? 3000 : false);

/** Experts' standing, gold results, reliability models and flags; gold pairs by kind and dataset. */
export function useQuality() {
  return useQuery({
    queryKey: KEYS.quality,
    queryFn: () => api<QualityAnswer>("/api/admin/quality"),
    refetchInterval: (q) => updatingInterval(q.state.data),
  });
}

/** What removing an expert's judgments would do to agreement, and how many pairs would reopen. */
export function useRemovalPreview(userId: string) {
  return useQuery({
    queryKey: [...KEYS.removal, userId],
    queryFn: () => api<RemovalPreviewAnswer>(`/api/admin/quality/experts/${userId}/judgments`),
  });
}

/** The review sample: a share of judgments (a dataset's own where set) and the experts reviewed whole. */
export function useReviewSettings() {
  return useQuery({
    queryKey: [...KEYS.review, "settings"],
    queryFn: () => api<ReviewSettings>("/api/admin/review-settings"),
  });
}

/** The judging settings (qualification length and pass mark among them). */
export function useSettings() {
  return useQuery({ queryKey: KEYS.settings, queryFn: () => api<SettingsAnswer>("/api/admin/settings") });
}

/** The judge alignment board, over one dataset's complete pairs or all. */
export function useJudgeBoard(dataset: string) {
  return useQuery({
    queryKey: [...KEYS.judges, dataset],
    refetchInterval: (q) => updatingInterval(q.state.data),
    queryFn: () =>
      api<JudgeBoardAnswer>(`/api/admin/judges${dataset ? `?dataset=${encodeURIComponent(dataset)}` : ""}`),
    placeholderData: (prev) => prev,
  });
}

/** A dataset's guaranteed escalation: settings, thresholds, audit, decisions; polled while it calibrates or decides. */
export function useEscalation(dataset: string) {
  return useQuery({
    queryKey: [...KEYS.judges, "escalation", dataset],
    enabled: !!dataset,
    refetchInterval: (q) => (q.state.data?.settings ? 5000 : false),
    queryFn: () => api<EscalationAnswer>(`/api/admin/datasets/${encodeURIComponent(dataset)}/escalation`),
  });
}

/** Humans against the reward per dimension, for one dataset that asks dimensions (the newest when ""). */
export function useDimensions(dataset: string) {
  return useQuery({
    queryKey: [...KEYS.dimensions, dataset],
    refetchInterval: (q) => updatingInterval(q.state.data),
    queryFn: () =>
      api<DimensionsAnswer>(`/api/admin/dimensions${dataset ? `?dataset=${encodeURIComponent(dataset)}` : ""}`),
    placeholderData: (prev) => prev,
  });
}

/** The planner leaderboard for the given filters (query string parameters of /api/admin/leaderboard). */
export function useLeaderboard(params: Record<string, string>) {
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "")).toString();
  return useQuery({
    queryKey: [...KEYS.leaderboard, qs],
    refetchInterval: (q) => updatingInterval(q.state.data),
    queryFn: () => api<LeaderboardAnswer>(`/api/admin/leaderboard?${qs}`),
    placeholderData: (prev) => prev,
  });
}

/** The uploaded judges with verdicts in the leaderboard's scope (read fresh: a judge just uploaded is offered at once). */
export function useLeaderboardJudges(params: Record<string, string>) {
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "")).toString();
  return useQuery({
    queryKey: [...KEYS.leaderboard, "judges", qs],
    queryFn: () => api<{ judges: string[] }>(`/api/admin/leaderboard/judges?${qs}`),
    placeholderData: (prev) => prev,
  });
}

/** The judgments the serving order still needs until the widest interval is under a target (same filters, plus `target`). */
export function useLeaderboardNeeded(params: Record<string, string>) {
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "")).toString();
  return useQuery({
    queryKey: [...KEYS.leaderboard, "needed", qs],
    refetchInterval: (q) => updatingInterval(q.state.data),
    queryFn: () => api<LeaderboardNeededAnswer>(`/api/admin/leaderboard/needed?${qs}`),
    placeholderData: (prev) => prev,
  });
}

/** Progress per dataset and destination, live claims, judging settings. */
export function useOverview(opts: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: KEYS.overview,
    queryFn: () => api<OverviewAnswer>("/api/admin/overview"),
    refetchInterval: opts.refetchInterval,
  });
}

/** Agreement, experts and progress, with pairs of experts sharing at least `minShared` pairs. */
export function useAnalytics(minShared: number) {
  return useQuery({
    queryKey: [...KEYS.analytics, minShared],
    queryFn: () => api<AnalyticsAnswer>(`/api/admin/analytics?minShared=${minShared}`),
    // Heavy (stored) once a pair has an extra rater: asks again while fresh figures are computed.
    refetchInterval: (q) => updatingInterval(q.state.data),
  });
}

/** One page of 1-1-1 splits waiting for a decision (`cursor`: the page's start, null for the first). */
export function useAdjudicationPage(cursor: string | null, limit: number) {
  return useQuery({
    queryKey: [...KEYS.adjudication, cursor],
    queryFn: () =>
      api<AdjudicationAnswer>(
        `/api/admin/adjudication?limit=${limit}${cursor ? `&after=${encodeURIComponent(cursor)}` : ""}`,
      ),
  });
}

export function useUsers() {
  return useQuery({ queryKey: KEYS.users, queryFn: () => api<UsersAnswer>("/api/admin/users") });
}

export function useDatasets() {
  return useQuery({
    queryKey: KEYS.datasets,
    queryFn: async () => (await api<DatasetsAnswer>("/api/admin/datasets")).datasets,
  });
}

/** The latest background jobs; every second while one is queued or running, else every 10 s. */
export function useJobs(take: number) {
  return useQuery({
    queryKey: [...KEYS.jobs, "list", take],
    queryFn: async () => (await api<JobsAnswer>(`/api/admin/jobs?take=${take}`)).jobs,
    refetchInterval: (q) => (q.state.data?.some((j) => active(j.status)) ? 1000 : 10_000),
  });
}

/** One job with its log (null: none open); every second while it is queued or running. */
export function useJob(id: string | null) {
  return useQuery({
    queryKey: [...KEYS.jobs, "one", id],
    queryFn: () => api<JobAnswer>(`/api/admin/jobs/${id}`),
    enabled: !!id,
    refetchInterval: (q) => (active(q.state.data?.status) ? 1000 : false),
  });
}

/**
 * Follows an import job to its end, every half second, telling `onView` each state it is seen in; then
 * refreshes the jobs (and the datasets, when it imported something) and resolves with its last state. A
 * failed poll (a restart, a blip) is tried again; the job runs on regardless.
 */
export function useFollowImportJob() {
  const qc = useQueryClient();
  return async (id: string, onView: (view: ImportJobAnswer) => void): Promise<ImportJobAnswer> => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const view = await qc
        .fetchQuery({
          queryKey: [...KEYS.jobs, "import", id],
          queryFn: () => api<ImportJobAnswer>(`/api/admin/jobs/${id}`),
          staleTime: 0,
        })
        .catch(() => null);
      if (!view) continue;
      onView(view);
      if (active(view.status)) continue;
      if (view.result?.ok) void qc.invalidateQueries({ queryKey: KEYS.datasets });
      void qc.invalidateQueries({ queryKey: KEYS.jobs });
      return view;
    }
  };
}

/** The fits, the weights in use and their history; every second while a fit is queued or running. */
export function useFits() {
  return useQuery({
    queryKey: KEYS.fits,
    queryFn: () => api<FitsAnswer>("/api/admin/fits"),
    refetchInterval: (q) => (q.state.data?.fits.some((f) => active(f.status)) ? 1000 : false),
  });
}

/** One fit with its report (null: none shown). */
export function useFit(id: string | null) {
  return useQuery({
    queryKey: [...KEYS.fits, id],
    queryFn: () => api<FitAnswer>(`/api/admin/fits/${id}`),
    enabled: !!id,
  });
}

/** How many pairs the pair browser's filter (a query string) matches, up to 1,000. */
export function usePairCount(filter: string) {
  return useQuery({
    queryKey: [...KEYS.pairCount, filter],
    queryFn: () => api<PairCount>(`/api/admin/pairs/count${filter ? `?${filter}` : ""}`),
  });
}
