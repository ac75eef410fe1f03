/**
 * What an expert's screen receives for an assignment — the request and the two plans as left and right,
 * never model names, plan ids or which plan is A — and the judging API's answers that carry it. The
 * database builds the view as JSON text (tj_view_parts, tj_claim: json_build_object) and the server
 * splices the itineraries in without parsing; these schemas are the contract between that SQL and the
 * client, held to each other by lib/judging/store/judging-view.itest.ts.
 */
import { z } from "zod";
import {
  PREFERENCE_FEATURES,
  SOFT_FEATURES,
  type PlanFeatures,
  type PreferenceFeature,
  type SoftFeature,
  weightsSchema,
} from "../../results/features";
import { STANDINGS } from "../../accounts";
import { itinerarySchema } from "../../datasets";
import { dimensionViewSchema } from "../../results/dimensions";

/** A plan's stored features and gate violations; only where the dataset shows diagnostics to experts. */
export const diagnosticsSchema = z
  .object({
    format: z.union([z.literal(1), z.literal(-3)]),
    commonsense: z.union([z.literal(1), z.literal(-1)]),
    ...(Object.fromEntries([...SOFT_FEATURES, ...PREFERENCE_FEATURES].map((f) => [f, z.number().nullable()])) as Record<
      SoftFeature | PreferenceFeature,
      z.ZodNullable<z.ZodNumber>
    >),
    violations: z.array(z.string()).optional(),
  })
  .strict() satisfies z.ZodType<PlanFeatures & { violations?: string[] }>;

export const planViewSchema = z
  .object({ itinerary: itinerarySchema, diagnostics: diagnosticsSchema.nullable() })
  .strict();

export const assignmentViewSchema = z
  .object({
    assignmentId: z.string().min(1),
    /** Opaque; lets an expert's tooling and the tests tell pairs apart. Reveals nothing about the plans. */
    pairId: z.string().min(1),
    leaseExpiresAt: z.iso.datetime(),
    expired: z.boolean(),
    /** The dataset asks how much better an A or B verdict is (1–3): the screen asks for a strength. */
    askStrength: z.boolean(),
    /** The dimensions the dataset asks about, in order (empty: the overall verdict only). Never which check each is compared with. */
    dimensions: z.array(dimensionViewSchema),
    query: z
      .object({
        /** For the constraint editor's link; it says nothing about the plans. */
        id: z.string().min(1),
        text: z.string(),
        origin: z.string().nullable(),
        days: z.number().int().positive(),
        people: z.number().int().positive(),
        startDate: z.string().nullable(),
        preferences: z.record(z.string(), z.unknown()),
        destination: z.object({ name: z.string(), country: z.string(), lat: z.number(), lon: z.number() }).strict(),
      })
      .strict(),
    left: planViewSchema,
    right: planViewSchema,
  })
  .strict();

/** POST /api/judge/next: the claimed (or resumed) assignment, or null when no pair is open for the expert. */
export const nextPairAnswerSchema = z
  .object({
    assignment: assignmentViewSchema.nullable(),
    rationaleMinLength: z.number().int().nonnegative(),
    /** The reward weights in use (an adopted fit, or TripScore's defaults), for the diagnostics. */
    rewardWeights: weightsSchema.optional(),
    /** Only when the expert is not simply active: qualifying, paused, or failed qualification. */
    standing: z
      .object({ state: z.enum(STANDINGS).exclude(["ACTIVE"]), note: z.string().nullable() })
      .strict()
      .optional(),
    /** While qualifying: pairs answered so far, the set's length and the pass mark. */
    qualification: z
      .object({
        answered: z.number().int().nonnegative(),
        length: z.number().int().nonnegative(),
        passMark: z.number(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** What a submit answers: the stored judgment; while qualifying, what the right answer was and why. */
export const submitAnswerSchema = z
  .object({
    judgmentId: z.string().min(1),
    duplicate: z.boolean(),
    feedback: z
      .object({
        correct: z.boolean(),
        answer: z.enum(["left", "right", "neither"]),
        defect: z
          .object({
            kind: z.string(),
            day: z.number().int().nullable(),
            item: z.number().int().nullable(),
            message: z.string(),
            side: z.enum(["left", "right"]),
          })
          .strict()
          .nullable(),
        answered: z.number().int(),
        length: z.number().int(),
        passed: z.boolean().nullable(),
      })
      .strict()
      .optional(),
    /** When this submit paused the expert (the gold test), and why. */
    standing: z
      .object({ state: z.literal("PAUSED"), note: z.string() })
      .strict()
      .optional(),
  })
  .strict();
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

/** GET /api/judge/<assignment>: the expert's own open assignment again (after a reload). */
export const assignmentAnswerSchema = z
  .object({ assignment: assignmentViewSchema, rationaleMinLength: z.number().int().nonnegative() })
  .strict();

export type PlanView = z.infer<typeof planViewSchema>;
export type AssignmentView = z.infer<typeof assignmentViewSchema>;
export type NextPairAnswer = z.infer<typeof nextPairAnswerSchema>;
export type AssignmentAnswer = z.infer<typeof assignmentAnswerSchema>;
