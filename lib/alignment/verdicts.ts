/** Automatic judges' verdicts as uploaded: JSONL, one verdict a line, every problem named by its line. */
import { z } from "zod";
import { VERDICTS } from "../agreement";
import { nameKey, STORABLE_TEXT, storableText } from "../text";

/** The judges TripJudge computes itself: an upload may not take their names (its verdicts would merge into theirs). */
export const BUILT_IN_JUDGES = {
  defaults: "TripScore reward (published weights)",
  adopted: "TripScore reward (adopted weights)",
} as const;
const reserved = new Set(Object.values(BUILT_IN_JUDGES).map(nameKey));

export const judgeVerdictLine = z.strictObject({
  pair_id: z.string().trim().min(1).max(64).refine(storableText, STORABLE_TEXT),
  judge: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .refine(storableText, STORABLE_TEXT)
    .refine((j) => !reserved.has(nameKey(j)), { message: "is the name of a built-in judge: choose another name" }),
  verdict: z.enum(VERDICTS),
  /** "ab": plan A was shown first; "ba": plan B first. */
  order: z.enum(["ab", "ba"]).nullish(),
  /** Point-wise judges' scores of the two plans (for Kendall's τ). */
  score_a: z.number().finite().nullish(),
  score_b: z.number().finite().nullish(),
});
export type JudgeVerdictLine = z.output<typeof judgeVerdictLine>;

export const MAX_PROBLEMS = 20;

export type ParsedVerdicts = { ok: true; lines: JudgeVerdictLine[] } | { ok: false; problems: string[]; more: number };

export function parseJudgeVerdicts(text: string, name: string): ParsedVerdicts {
  const lines: JudgeVerdictLine[] = [];
  const problems: string[] = [];
  let more = 0;
  const problem = (s: string) => (problems.length < MAX_PROBLEMS ? problems.push(s) : more++);
  text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        return problem(`${name}:${i + 1}: not valid JSON (${(e as Error).message})`);
      }
      const r = judgeVerdictLine.safeParse(value);
      if (!r.success)
        return problem(
          `${name}:${i + 1}: ${r.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`,
        );
      if ((r.data.score_a == null) !== (r.data.score_b == null))
        return problem(`${name}:${i + 1}: score_a and score_b come together`);
      lines.push(r.data);
    });
  if (!problems.length && !lines.length) problem(`${name}: no verdicts`);
  return problems.length ? { ok: false, problems, more } : { ok: true, lines };
}
