/** Automatic judges' verdicts as uploaded: JSONL, one verdict a line, every problem named by its line. */
import { z } from "zod";
import { VERDICTS } from "../../judging/verdict";
import { cleanName, STORABLE_TEXT, storableText } from "../../kernel";
import { confusableKey } from "./judge-names";

/** The judges TripJudge computes itself: an upload may not take their names (its verdicts would merge into theirs). */
export const BUILT_IN_JUDGES = {
  defaults: "TripScore reward (published weights)",
  adopted: "TripScore reward (adopted weights)",
} as const;
const reserved = new Set(Object.values(BUILT_IN_JUDGES).map(confusableKey));

export const judgeVerdictLine = z.strictObject({
  pair_id: z.string().trim().min(1).max(64).refine(storableText, STORABLE_TEXT),
  judge: z
    .string()
    .max(1000)
    .refine(storableText, STORABLE_TEXT)
    // Stored cleaned: "Ｊudge\u200b" is "Judge" (lib/kernel/unicode-text.ts cleanName).
    .transform(cleanName)
    .pipe(z.string().min(1, "is empty once invisible characters are removed").max(120))
    .refine((j) => !reserved.has(confusableKey(j)), {
      message: "is (or looks like) the name of a built-in judge: choose another name",
    }),
  verdict: z.enum(VERDICTS),
  /** "ab": plan A was shown first; "ba": plan B first. */
  order: z.enum(["ab", "ba"]).nullish(),
  /** Point-wise judges' scores of the two plans (for Kendall's τ). */
  score_a: z.number().finite().nullish(),
  score_b: z.number().finite().nullish(),
});
export type JudgeVerdictLine = z.output<typeof judgeVerdictLine>;

export const MAX_PROBLEMS = 20;

/** Every line that parsed (with its line number) and every problem, by line. */
export interface ParsedVerdicts {
  lines: JudgeVerdictLine[];
  /** The line number of each of `lines`. */
  at: number[];
  problems: { line: number; message: string }[];
}

export function parseJudgeVerdicts(text: string, name: string): ParsedVerdicts {
  const out: ParsedVerdicts = { lines: [], at: [], problems: [] };
  const problem = (line: number, message: string) =>
    void out.problems.push({ line, message: `${name}:${line}: ${message}` });
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
        return problem(i + 1, `not valid JSON (${(e as Error).message})`);
      }
      const r = judgeVerdictLine.safeParse(value);
      if (!r.success)
        return problem(i + 1, r.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; "));
      if ((r.data.score_a == null) !== (r.data.score_b == null))
        return problem(i + 1, "score_a and score_b come together");
      out.lines.push(r.data);
      out.at.push(i + 1);
    });
  return out;
}

/**
 * The file's problems in line order, its lines' own and those of pairs TripJudge does not have (`unknownPairs`,
 * looked up for the lines that parsed), the first MAX_PROBLEMS named and the rest counted: a file is mended once,
 * not one problem at a time.
 */
export function verdictFileProblems(
  parsed: ParsedVerdicts,
  name: string,
  unknownPairs: ReadonlySet<string>,
): { problems: string[]; more: number; unknownPairs: number } {
  const all = [...parsed.problems];
  parsed.lines.forEach((l, k) => {
    if (unknownPairs.has(l.pair_id))
      all.push({ line: parsed.at[k], message: `${name}:${parsed.at[k]}: no pair "${l.pair_id}" in TripJudge` });
  });
  if (!all.length && !parsed.lines.length) all.push({ line: 0, message: `${name}: no verdicts` });
  all.sort((u, v) => u.line - v.line);
  return {
    problems: all.slice(0, MAX_PROBLEMS).map((p) => p.message),
    more: Math.max(0, all.length - MAX_PROBLEMS),
    unknownPairs: unknownPairs.size,
  };
}
