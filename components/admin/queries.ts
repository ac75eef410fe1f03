/**
 * The admin pages' data, one TanStack Query hook per resource (the query key in one place, so a change
 * invalidates every reader), typed by the server's own answer types (lib/server/responses.ts).
 */
import { useQuery } from "@tanstack/react-query";
import type {
  AdjudicationAnswer,
  AnalyticsAnswer,
  DatasetsAnswer,
  JudgeBoardAnswer,
  LeaderboardAnswer,
  OverviewAnswer,
  QualityAnswer,
  SettingsAnswer,
  UsersAnswer,
} from "@/lib/server/responses";
import { api } from "../api";

export const KEYS = {
  overview: ["overview"] as const,
  analytics: ["analytics"] as const,
  adjudication: ["adjudication"] as const,
  users: ["admin-users"] as const,
  datasets: ["datasets"] as const,
  jobs: ["jobs"] as const,
  leaderboard: ["leaderboard"] as const,
  judges: ["judges"] as const,
  quality: ["quality"] as const,
  settings: ["settings"] as const,
};

/** Experts' standing, gold results, reliability models and flags; gold pairs by kind and dataset. */
export function useQuality() {
  return useQuery({ queryKey: KEYS.quality, queryFn: () => api<QualityAnswer>("/api/admin/quality") });
}

/** The judging settings (qualification length and pass mark among them). */
export function useSettings() {
  return useQuery({ queryKey: KEYS.settings, queryFn: () => api<SettingsAnswer>("/api/admin/settings") });
}

/** The judge alignment board, over one dataset's complete pairs or all. */
export function useJudgeBoard(dataset: string) {
  return useQuery({
    queryKey: [...KEYS.judges, dataset],
    queryFn: () =>
      api<JudgeBoardAnswer>(`/api/admin/judges${dataset ? `?dataset=${encodeURIComponent(dataset)}` : ""}`),
    placeholderData: (prev) => prev,
  });
}

/** The planner leaderboard for the given filters (query string parameters of /api/admin/leaderboard). */
export function useLeaderboard(params: Record<string, string>) {
  const qs = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== "")).toString();
  return useQuery({
    queryKey: [...KEYS.leaderboard, qs],
    queryFn: () => api<LeaderboardAnswer>(`/api/admin/leaderboard?${qs}`),
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
