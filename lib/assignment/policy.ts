/**
 * Assignment policy (pure). Decided here and passed to the database functions as arguments: the judging
 * settings and their defaults, the queue order (completion first or oldest first), when a lease ends,
 * which plan a new assignment shows on the left, and what a screen choice means in A/B terms (and back).
 * Decided in SQL (tj_claim, tj_submit, tj_skip, tj_release, tj_reassign, tj_sweep_expired_leases;
 * docs/decisions/016), because it must hold under concurrent claims: which open pair an expert gets
 * (their destinations, never a pair they had, a free slot), the slot (the lowest, 1..required, that no
 * live assignment holds), the pair's counters and status, and when a lapsed lease frees its slot.
 */
import { z } from "zod";
import type { Verdict } from "../agreement";

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
};

export const settingsSchema = z.object({
  leaseMinutes: fields.leaseMinutes.default(30),
  rationaleMinLength: fields.rationaleMinLength.default(20),
  queueOrder: fields.queueOrder.default("completion"),
  maxClaimsPerExpert: fields.maxClaimsPerExpert.default(2),
  qualificationLength: fields.qualificationLength.default(5),
  qualificationPassMark: fields.qualificationPassMark.default(0.8),
});
/** An admin's change to some settings (no defaults: what is not sent stays as it is). */
export const settingsPatchSchema = z.object(fields).partial().strict();
export type JudgingSettings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: JudgingSettings = settingsSchema.parse({});

export type Side = "left" | "right";
export type Choice = Side | "neither";
/** A verdict in the pair's own terms: one type (lib/agreement/labels.ts), re-exported for the judging modules. */
export type { Verdict };

/**
 * The screen side is random per assignment; the verdict is stored in the pair's own A/B terms. The one rule from
 * screen sides to A/B, for real and gold pairs alike: tj_submit and tj_gold_submit only pick, by the side the
 * assignment showed, one of the two verdicts verdictsBySide computed here.
 */
export function verdictFor(choice: Choice, leftPlanId: string, planAId: string): Verdict {
  if (choice === "neither") return "NEITHER";
  const leftIsA = leftPlanId === planAId;
  return (choice === "left") === leftIsA ? "A" : "B";
}

/**
 * The way back: the screen side a verdict chose (null for Neither), for position bias and a gold answer's
 * feedback. The tallies' SQL (tj_tally_pair, tj_rebuild_tallies: `(verdict = 'A') = left_is_a`) mirrors it;
 * lib/db/results/tallies.itest.ts checks that their position bias equals the one counted here.
 */
export function sideOf(verdict: Verdict, leftIsA: boolean): Side | null {
  if (verdict === "NEITHER") return null;
  return (verdict === "A") === leftIsA ? "left" : "right";
}

/** The verdict for a choice in both screen arrangements (the database picks the one that applies). */
export function verdictsBySide(choice: Choice): { leftIsA: Verdict; leftIsB: Verdict } {
  return { leftIsA: verdictFor(choice, "A", "A"), leftIsB: verdictFor(choice, "B", "A") };
}

export function pickLeftPlan(planAId: string, planBId: string, random: () => number = Math.random): string {
  return random() < 0.5 ? planAId : planBId;
}

export function leaseEnd(now: Date, settings: Pick<JudgingSettings, "leaseMinutes">): Date {
  return new Date(now.getTime() + settings.leaseMinutes * 60_000);
}
