/** The reward's weights as the weights page lists them: the soft and preference features, then w3 and w4. */
import { PREFERENCE_FEATURES, SOFT_FEATURES } from "@/lib/results/features/browser";

export const FEATURES = [...SOFT_FEATURES, ...PREFERENCE_FEATURES];
export const label = (f: string) => f.replace(/_/g, " ");
