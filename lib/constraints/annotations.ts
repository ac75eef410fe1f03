/** Constraint annotations: the list one version holds, its schema, the stage rules and a text form for diffs. */
import { z } from "zod";

export const DSL_STAGES = ["DRAFT", "REVISED", "VERIFIED", "FINAL"] as const;
export type DslStage = (typeof DSL_STAGES)[number];

export const constraintSchema = z.object({
  code: z.string().max(100_000, "a constraint may have at most 100,000 characters"),
  note: z.string().max(1000, "a note may have at most 1,000 characters").default(""),
});
export type Constraint = z.infer<typeof constraintSchema>;
export const constraintsSchema = z.array(constraintSchema).max(100, "at most 100 constraints per request");

export function sameConstraints(a: readonly Constraint[], b: readonly Constraint[]): boolean {
  return a.length === b.length && a.every((c, i) => c.code === b[i].code && c.note === b[i].note);
}

/** One text for a version, for line diffs between any two versions. */
export function constraintsText(cs: readonly Constraint[]): string {
  return cs
    .map((c, i) => `# constraint ${i + 1}${c.note ? ` — ${c.note}` : ""}\n${c.code.replace(/\s+$/, "")}\n`)
    .join("\n");
}
