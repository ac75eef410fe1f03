/**
 * Every TanStack Query key of the client, in one place: a change invalidates by the same key its readers
 * use (the hooks of components/admin/queries.ts, components/admin/mutations.ts, components/dsl/queries.ts,
 * components/review/ (the pair page's and the review queue's hooks)
 * and components/judge/useJudgingQueue.ts). A key with parameters starts with its resource's key, so
 * invalidating the resource reaches every variant.
 */
export const KEYS = {
  overview: ["overview"] as const,
  /** The audit log's pages of one filter: `[...audit, query]`. */
  audit: ["audit"] as const,
  analytics: ["analytics"] as const,
  adjudication: ["adjudication"] as const,
  users: ["admin-users"] as const,
  datasets: ["datasets"] as const,
  jobs: ["jobs"] as const,
  leaderboard: ["leaderboard"] as const,
  judges: ["judges"] as const,
  dimensions: ["dimensions"] as const,
  quality: ["quality"] as const,
  /** One expert's removal preview: `[...removal, userId]`. */
  removal: ["removal"] as const,
  settings: ["settings"] as const,
  /** The fits, the weights in use and their history; one fit with its report: `[...fits, id]`. */
  fits: ["fits"] as const,
  /** One request's constraint editor: `[...dsl, queryId]`. */
  dsl: ["dsl"] as const,
  /** The expert's current pair (`[...judge, "current", destination]`) and the one claimed behind it. */
  judge: ["judge"] as const,
  /** The pair browser's count of a filter: `[...pairCount, filter]`. */
  pairCount: ["pair-count"] as const,
  /** One plan's correction screen: `[...correction, planId]`. */
  correction: ["correction"] as const,
  /** One pair's page: `[...pair, pairId, names]`. */
  pair: ["pair"] as const,
  /** The review queue's judgment (`[...review, "next", passed]`) and the review settings (`[...review, "settings"]`). */
  review: ["review"] as const,
};
