/**
 * Assignment policy (pure): which pairs an expert may get, in what order, how leases and screen
 * sides work. lib/db/judging.ts carries it out in SQL under row locks; a pair's slots are
 * numbered 1..required and a claim takes the lowest one no live assignment holds.
 */
import { z } from "zod";

const fields = {
  /** How long a claimed pair stays reserved for the expert. */
  leaseMinutes: z.number().int().min(1).max(24 * 60),
  /** Minimum rationale length, in characters. */
  rationaleMinLength: z.number().int().min(0).max(2000),
  /** "completion": pairs closest to completion first, then oldest; "oldest": oldest first. */
  queueOrder: z.enum(["completion", "oldest"]),
  /** Claims an expert may hold at once: the pair on screen and the one prefetched behind it. */
  maxClaimsPerExpert: z.number().int().min(1).max(5),
};

export const settingsSchema = z.object({
  leaseMinutes: fields.leaseMinutes.default(30),
  rationaleMinLength: fields.rationaleMinLength.default(20),
  queueOrder: fields.queueOrder.default("completion"),
  maxClaimsPerExpert: fields.maxClaimsPerExpert.default(2),
});
/** An admin's change to some settings (no defaults: what is not sent stays as it is). */
export const settingsPatchSchema = z.object(fields).partial().strict();
export type JudgingSettings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: JudgingSettings = settingsSchema.parse({});

export type Side = "left" | "right";
export type Choice = Side | "neither";
export type Verdict = "A" | "B" | "NEITHER";

/** The screen side is random per assignment; the verdict is stored in the pair's own A/B terms. */
export function verdictFor(choice: Choice, leftPlanId: string, planAId: string): Verdict {
  if (choice === "neither") return "NEITHER";
  const leftIsA = leftPlanId === planAId;
  return (choice === "left") === leftIsA ? "A" : "B";
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
