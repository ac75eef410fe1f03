/** How an export splits queries (the preference pairs' options: --split, --seed), for every kind that says a split. */
import { DEFAULT_SPLIT, splitOf, type PreferenceOptions } from "../preference";

export type SplitRule = Pick<PreferenceOptions, "split" | "seed" | "ownSplitFirst">;
export const DEFAULT_SPLIT_RULE: SplitRule = { split: DEFAULT_SPLIT, seed: 1, ownSplitFirst: true };
/** A query's split: the dataset's own split field first unless a split was asked for, else the seeded hash. */
export const splitFor = (queryId: string, own: string | null, r: SplitRule) =>
  splitOf(queryId, r.ownSplitFirst ? own : null, r.split, r.seed);
