/**
 * Assignment policy (pure). Decided here and passed to the database functions as arguments: the judging
 * settings and their defaults, the queue order (completion first or oldest first), when a lease ends,
 * which plan a new assignment shows on the left (what a screen choice then means in A/B terms: lib/judging/verdict/).
 * Decided in SQL (tj_claim, tj_submit, tj_skip, tj_release, tj_reassign, tj_sweep_expired_leases;
 * docs/decisions/016), because it must hold under concurrent claims: which open pair an expert gets
 * (their destinations, never a pair they had, a free slot), the slot (the lowest, 1..required, that no
 * live assignment holds), the pair's counters and status, and when a lapsed lease frees its slot.
 */
import { z } from "zod";
import { type Choice, type Verdict, verdictFromSide } from "../verdict";

const fields = {
  /** How long a claimed pair stays reserved for the expert. */
  leaseMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** Minimum rationale length, in characters. */
  rationaleMinLength: z.number().int().min(0).max(2000),
  /** "completion": pairs closest to completion first, then oldest; "oldest": oldest first. */
  queueOrder: z.enum(["completion", "oldest"]),
  /** Claims an expert may hold at once: the pair on screen and the one prefetched behind it. */
  maxClaimsPerExpert: z.number().int().min(1).max(5),
  /** Gold pairs a new expert judges (with feedback) before real pairs; 0 turns qualification off. */
  qualificationLength: z.number().int().min(0).max(50),
  /** Share of the qualification set to get right to pass. */
  qualificationPassMark: z.number().min(0).max(1),
  /** The worker recomputes a dataset's serving priorities after this many new judgments (serving-order.ts). */
  prioritiesEvery: z.number().int().min(1).max(100_000),
};

export const settingsSchema = z.object({
  leaseMinutes: fields.leaseMinutes.default(30),
  rationaleMinLength: fields.rationaleMinLength.default(20),
  queueOrder: fields.queueOrder.default("completion"),
  maxClaimsPerExpert: fields.maxClaimsPerExpert.default(2),
  qualificationLength: fields.qualificationLength.default(5),
  qualificationPassMark: fields.qualificationPassMark.default(0.8),
  prioritiesEvery: fields.prioritiesEvery.default(50),
});
/** An admin's change to some settings (no defaults: what is not sent stays as it is). */
export const settingsPatchSchema = z.object(fields).partial().strict();
export type JudgingSettings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: JudgingSettings = settingsSchema.parse({});

/** The verdict for a choice on an assignment that showed `leftPlanId` on the left, of a pair whose plan A is `planAId`. */
export function verdictFor(choice: Choice, leftPlanId: string, planAId: string): Verdict {
  return verdictFromSide(choice, leftPlanId === planAId);
}

export function pickLeftPlan(planAId: string, planBId: string, random: () => number = Math.random): string {
  return random() < 0.5 ? planAId : planBId;
}

export function leaseEnd(now: Date, settings: Pick<JudgingSettings, "leaseMinutes">): Date {
  return new Date(now.getTime() + settings.leaseMinutes * 60_000);
}
