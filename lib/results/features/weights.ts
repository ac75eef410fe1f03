/** Reward weights as stored (adopted fits) and sent over the wire, parsed with their schema. */
import { z } from "zod";
import { PREFERENCE_FEATURES, SOFT_FEATURES, type Weights } from "./types";

const w = z.number().finite().nonnegative();
export const weightsSchema = z.object({
  soft: z.object(
    Object.fromEntries(SOFT_FEATURES.map((f) => [f, w])) as Record<(typeof SOFT_FEATURES)[number], typeof w>,
  ),
  preference: z.object(
    Object.fromEntries(PREFERENCE_FEATURES.map((f) => [f, w])) as Record<
      (typeof PREFERENCE_FEATURES)[number],
      typeof w
    >,
  ),
  w3: w,
  w4: w,
}) satisfies z.ZodType<Weights>;
