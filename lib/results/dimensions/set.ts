/**
 * Per-dimension verdicts: the dimensions a dataset asks about, the default set tied to what TripJudge computes,
 * and how one expert's dimension verdicts are written (in the pair's own A/B terms, as the overall verdict).
 * An admin picks from the defaults or writes their own; the set is versioned and frozen once judging starts
 * (lib/judging/store/dimensions.ts).
 */
import { z } from "zod";
import { type Verdict, verdictsBySide } from "../../judging/verdict/browser";

/** A dimension verdict in the pair's terms: A or B better, about the same, or not applicable. */
export const DIMENSION_VERDICTS = ["A", "B", "SAME", "NA"] as const;
export type DimensionVerdict = (typeof DIMENSION_VERDICTS)[number];
/** The same on the screen: which side is better, or the two neutral answers. */
export type DimensionChoice = "left" | "right" | "same" | "na";

/** What part of TripJudge's automatic checks a dimension corresponds to (humans against the reward, dimension by dimension). */
export const DIMENSION_SIGNALS = [
  "feasibility",
  "request_fulfilment",
  "preference_fit",
  "route_efficiency",
  "pacing_timing",
  "attractions",
] as const;
export type DimensionSignal = (typeof DIMENSION_SIGNALS)[number];

export const dimensionKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, "a key is 1–32 lowercase letters, digits or _, starting with a letter");

export const dimensionSchema = z
  .object({
    key: dimensionKey,
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(300).default(""),
    /** Whether "about the same" is an answer (else the expert must pick a side or not applicable). */
    allowSame: z.boolean().default(true),
    /** Whether "not applicable" is an answer. */
    allowNotApplicable: z.boolean().default(true),
    /** The automatic check it is compared with; a dimension of the admin's own may have none. */
    signal: z.enum(DIMENSION_SIGNALS).nullable().default(null),
  })
  .strict();
export type Dimension = z.infer<typeof dimensionSchema>;

/** A dimension as the expert's screen receives it (tj_view_parts): without its signal, nothing to anchor on. */
export const dimensionViewSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    allowSame: z.boolean(),
    allowNotApplicable: z.boolean(),
  })
  .strict();
export type DimensionView = z.infer<typeof dimensionViewSchema>;

/** At most eight: the screen keeps the maps in view for the common four to six. */
export const MAX_DIMENSIONS = 8;

export const dimensionSetSchema = z
  .array(dimensionSchema)
  .max(MAX_DIMENSIONS, `at most ${MAX_DIMENSIONS} dimensions`)
  .superRefine((dims, ctx) => {
    const seen = new Set<string>();
    for (const [i, d] of dims.entries()) {
      if (seen.has(d.key))
        ctx.addIssue({ code: "custom", path: [i, "key"], message: `the key "${d.key}" is used twice` });
      seen.add(d.key);
    }
  });

/** The default set: one dimension per part of what TripJudge computes for every plan. */
export const DEFAULT_DIMENSIONS: readonly Dimension[] = [
  {
    key: "feasibility",
    name: "Feasibility",
    description: "Can it be done as written: opening hours, travel times, hotels, the format's rules.",
    allowSame: true,
    allowNotApplicable: false,
    signal: "feasibility",
  },
  {
    key: "request",
    name: "Request fulfilment",
    description: "Does it do what the request asks: days, places, budget and other stated constraints.",
    allowSame: true,
    allowNotApplicable: false,
    signal: "request_fulfilment",
  },
  {
    key: "preferences",
    name: "Preference fit",
    description: "Budget, pacing, the kinds of attractions and the physical effort the traveller prefers.",
    allowSame: true,
    allowNotApplicable: true,
    signal: "preference_fit",
  },
  {
    key: "route",
    name: "Route efficiency",
    description: "Places grouped by area, little back-and-forth, sensible kilometres per day.",
    allowSame: true,
    allowNotApplicable: true,
    signal: "route_efficiency",
  },
  {
    key: "pacing",
    name: "Pacing and timing",
    description: "Not too full nor too empty; the daylight hours well used.",
    allowSame: true,
    allowNotApplicable: true,
    signal: "pacing_timing",
  },
  {
    key: "attractions",
    name: "Attractions",
    description: "Distinct, iconic and varied places worth the trip.",
    allowSame: true,
    allowNotApplicable: true,
    signal: "attractions",
  },
];

/** One expert's answer on one dimension, as stored: the verdict in A/B terms and, with strength on, 1–3 for A or B. */
export interface DimensionAnswer {
  v: DimensionVerdict;
  s?: 1 | 2 | 3;
}
export type DimensionAnswers = Record<string, DimensionAnswer>;

/** What the screen sends per dimension (screen sides), parsed at the API. */
export const dimensionChoicesSchema = z
  .record(
    dimensionKey,
    z
      .object({
        choice: z.enum(["left", "right", "same", "na"]),
        strength: z
          .union([z.literal(1), z.literal(2), z.literal(3)])
          .nullable()
          .optional(),
      })
      .strict(),
  )
  .refine((r) => Object.keys(r).length <= MAX_DIMENSIONS, `at most ${MAX_DIMENSIONS} dimensions`);
export type DimensionChoices = z.infer<typeof dimensionChoicesSchema>;

/**
 * The screen's choices in the pair's terms, for either side the assignment may have shown: the database picks
 * the one that matches (as verdictsBySide does for the overall verdict) and checks it against the dataset's set.
 */
export function dimensionAnswersBySide(choices: DimensionChoices): {
  ifLeftIsA: DimensionAnswers;
  ifLeftIsB: DimensionAnswers;
} {
  const ifLeftIsA: DimensionAnswers = {};
  const ifLeftIsB: DimensionAnswers = {};
  for (const [key, c] of Object.entries(choices)) {
    const s = c.strength ?? undefined;
    if (c.choice === "same" || c.choice === "na") {
      const neutral: DimensionVerdict = c.choice === "same" ? "SAME" : "NA";
      // A strength sent with a neutral answer goes through, for the database to refuse (never dropped silently).
      ifLeftIsA[key] = { v: neutral, ...(s ? { s } : {}) };
      ifLeftIsB[key] = { v: neutral, ...(s ? { s } : {}) };
      continue;
    }
    // A side, in A/B terms as the overall verdict's (lib/judging/verdict/).
    const bySide = verdictsBySide(c.choice);
    ifLeftIsA[key] = { v: bySide.leftIsA, ...(s ? { s } : {}) };
    ifLeftIsB[key] = { v: bySide.leftIsB, ...(s ? { s } : {}) };
  }
  return { ifLeftIsA, ifLeftIsB };
}

/**
 * A dimension verdict as a rating for the agreement statistics: "about the same" is a tie (the Neither of the
 * overall verdict: the same three categories), "not applicable" is a missing rating.
 */
export function dimensionRating(v: DimensionVerdict): Verdict | null {
  return v === "A" ? "A" : v === "B" ? "B" : v === "SAME" ? "NEITHER" : null;
}
