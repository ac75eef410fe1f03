/**
 * The weight grid of TripScore's search (E.2) and the order its vectors are numbered in.
 * Vector index = ((soft · |pref| + pref) · |w3| + w3) · |w4| + w4, each part a mixed-radix number over
 * the features in SOFT_FEATURES / PREFERENCE_FEATURES order with values in the order the grid lists them.
 * Ties between equally accurate vectors go to the smallest index: that is the documented tie-break.
 */
import { z } from "zod";
import {
  PREFERENCE_FEATURES,
  SOFT_FEATURES,
  type PreferenceFeature,
  type SoftFeature,
  type Weights,
} from "../features/types";

export interface Grid {
  soft: Record<SoftFeature, number[]>;
  preference: Record<PreferenceFeature, number[]>;
  w3: number[];
  w4: number[];
}

const W1 = [0.1, 0.4, 0.7];
const W2 = [0.2, 0.6, 1.0];

/** TripScore's grid: 3^7 soft × 3^4 preference × 3 × 7 = 3,720,087 vectors. user_request is not searched
 * (it stands alone in real-world preference sets, where its weight cancels out of the mean). */
export const TRIPSCORE_GRID: Grid = {
  soft: Object.fromEntries(SOFT_FEATURES.map((f) => [f, W1])) as Grid["soft"],
  preference: { attraction_prioritization: W2, pacing: W2, budget: W2, physical_effort: W2, user_request: [1.0] },
  w3: [0.8, 1.0, 1.2],
  w4: [0.1, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4],
};

const values = z
  .array(z.number().finite().positive("weights must be positive"))
  .min(1)
  .max(32)
  .refine((v) => new Set(v).size === v.length, "values must be distinct");
const perFeature = <K extends string>(keys: readonly K[]) =>
  z.union([
    values,
    z
      .object(Object.fromEntries(keys.map((k) => [k, values.optional()])) as Record<K, z.ZodOptional<typeof values>>)
      .strict(),
  ]);

/** A grid file: each part is optional (TripScore's values fill in); w1/w2 give one list for every feature or a list per feature. */
export const gridFileSchema = z
  .object({
    w1: perFeature(SOFT_FEATURES).optional(),
    w2: perFeature(PREFERENCE_FEATURES).optional(),
    w3: values.optional(),
    w4: values.optional(),
  })
  .strict();

export const MAX_GRID_SIZE = 2e9;

export function gridFromFile(input: unknown): Grid {
  const g = gridFileSchema.parse(input);
  const expand = <K extends string>(
    keys: readonly K[],
    part: number[] | Partial<Record<K, number[]>> | undefined,
    base: Record<K, number[]>,
  ) =>
    Object.fromEntries(
      keys.map((k) => [
        k,
        part === undefined
          ? base[k]
          : Array.isArray(part)
            ? k === "user_request"
              ? base[k]
              : part
            : (part[k] ?? base[k]),
      ]),
    ) as Record<K, number[]>;
  const grid: Grid = {
    soft: expand(SOFT_FEATURES, g.w1, TRIPSCORE_GRID.soft),
    preference: expand(PREFERENCE_FEATURES, g.w2, TRIPSCORE_GRID.preference),
    w3: g.w3 ?? TRIPSCORE_GRID.w3,
    w4: g.w4 ?? TRIPSCORE_GRID.w4,
  };
  if (gridSize(grid) > MAX_GRID_SIZE)
    throw new Error(`the grid has ${gridSize(grid)} weight vectors; at most ${MAX_GRID_SIZE} are searched`);
  return grid;
}

const product = (xs: number[][]) => xs.reduce((n, v) => n * v.length, 1);
export const softCount = (g: Grid) => product(SOFT_FEATURES.map((f) => g.soft[f]));
export const preferenceCount = (g: Grid) => product(PREFERENCE_FEATURES.map((f) => g.preference[f]));
export const gridSize = (g: Grid) => softCount(g) * preferenceCount(g) * g.w3.length * g.w4.length;

/** The i-th combination of per-feature value lists (first feature most significant). */
function digits<K extends string>(keys: readonly K[], lists: Record<K, number[]>, i: number): Record<K, number> {
  const out = {} as Record<K, number>;
  for (let k = keys.length - 1; k >= 0; k--) {
    const list = lists[keys[k]];
    out[keys[k]] = list[i % list.length];
    i = Math.floor(i / list.length);
  }
  return out;
}

export const softVector = (g: Grid, i: number) => digits(SOFT_FEATURES, g.soft, i);
export const preferenceVector = (g: Grid, i: number) => digits(PREFERENCE_FEATURES, g.preference, i);

export function vectorIndex(g: Grid, soft: number, pref: number, k3: number, k4: number): number {
  return ((soft * preferenceCount(g) + pref) * g.w3.length + k3) * g.w4.length + k4;
}

export function weightsAt(g: Grid, index: number): Weights {
  const k4 = index % g.w4.length;
  let rest = Math.floor(index / g.w4.length);
  const k3 = rest % g.w3.length;
  rest = Math.floor(rest / g.w3.length);
  const np = preferenceCount(g);
  return {
    soft: softVector(g, Math.floor(rest / np)),
    preference: preferenceVector(g, rest % np),
    w3: g.w3[k3],
    w4: g.w4[k4],
  };
}
