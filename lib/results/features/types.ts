/** Plan features (TripScore's sub-scores and gates) and the reward they add up to. */
export const SOFT_FEATURES = [
  "schedule_density",
  "hotel_consistency",
  "daytime_utilization",
  "unique_attractions",
  "location_clustering",
  "iconic_landmarks",
  "attraction_diversity",
] as const;
export const PREFERENCE_FEATURES = [
  "attraction_prioritization",
  "pacing",
  "budget",
  "physical_effort",
  "user_request",
] as const;
export const FEATURE_NAMES = ["format", "commonsense", ...SOFT_FEATURES, ...PREFERENCE_FEATURES] as const;

export type SoftFeature = (typeof SOFT_FEATURES)[number];
export type PreferenceFeature = (typeof PREFERENCE_FEATURES)[number];

export type PlanFeatures = { format: 1 | -3; commonsense: 1 | -1 } & Record<
  SoftFeature | PreferenceFeature,
  number | null
>;

export interface Weights {
  soft: Record<SoftFeature, number>;
  preference: Record<PreferenceFeature, number>;
  w3: number;
  w4: number;
}

/** TripScore Table 6 (real-world requests: w4 = 1.4). user_request stands alone in real-world preference sets. */
export const DEFAULT_WEIGHTS: Weights = {
  soft: {
    schedule_density: 0.7,
    hotel_consistency: 0.5,
    daytime_utilization: 0.4,
    unique_attractions: 0.2,
    location_clustering: 0.7,
    iconic_landmarks: 0.1,
    attraction_diversity: 0.2,
  },
  preference: { attraction_prioritization: 0.2, pacing: 0.6, budget: 0.6, physical_effort: 0.6, user_request: 1.0 },
  w3: 1.0,
  w4: 1.4,
};
