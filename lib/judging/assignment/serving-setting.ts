/**
 * A dataset's serving order, the setting (docs/serving-order.md): its values, their names for people, and the bounds of
 * the exploration share. Apart from serving-order.ts, which computes the priorities, so that pages can import it.
 */
export const SERVING_ORDERS = ["imported", "balanced", "informative"] as const;
export type ServingOrder = (typeof SERVING_ORDERS)[number];

export const SERVING_ORDER_NAMES: Record<ServingOrder, string> = {
  imported: "as imported",
  balanced: "balanced across planner pairs",
  informative: "most informative first",
};

/** The exploration share's bounds and default (Dataset.explorationShare). */
export const EXPLORATION_MAX = 0.5;
export const EXPLORATION_DEFAULT = 0.1;
