/** The defect kinds a gold pair can carry, and how the screen names them (no engine code: the browser imports this). */
export const DEFECT_KINDS = [
  "opening_hours",
  "budget",
  "duplicate_attraction",
  "transfer_time",
  "meal_time",
  "accommodation",
] as const;
export type DefectKind = (typeof DEFECT_KINDS)[number];

export const DEFECT_LABELS: Record<DefectKind, string> = {
  opening_hours: "a visit outside the place's opening hours",
  budget: "a budget overrun",
  duplicate_attraction: "the same attraction twice",
  transfer_time: "a transfer shorter than its travel time",
  meal_time: "a meal at an impossible hour",
  accommodation: "a night without accommodation",
};
