/**
 * Automatic judges' verdicts as uploaded: JSONL, one verdict a line, every problem named by its line. A line may say
 * how sure the judge is — probabilities `p_a`, `p_b`, `p_neither`? or the `samples` of k runs — read as escalation
 * reads them (lib/results/escalation/items.ts `judgeCall`); its `verdict` is then theirs.
 */
import { z } from "zod";
import { VERDICTS, type Verdict } from "../../judging/verdict";
import { cleanName, STORABLE_TEXT, storableText } from "../../kernel";
import { judgeCall, probability, samplesList } from "../escalation";
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
  /** Required unless probabilities or samples give it. */
  verdict: z.enum(VERDICTS).optional(),
  /** "ab": plan A was shown first; "ba": plan B first. */
  order: z.enum(["ab", "ba"]).nullish(),
  /** Point-wise judges' scores of the two plans (for Kendall's τ). */
  score_a: z.number().finite().nullish(),
  score_b: z.number().finite().nullish(),
  /** How sure the judge is: probabilities summing to 1 (p_neither may be left out)… (null: not given, as for scores) */
  p_a: probability.nullish(),
  p_b: probability.nullish(),
  p_neither: probability.nullish(),
  /** …or the verdicts of k repeated runs. */
  samples: samplesList.nullish(),
});
type ParsedLine = z.output<typeof judgeVerdictLine>;
/** A line as stored: its verdict given, or the one its probabilities or samples make most likely. */
export type JudgeVerdictLine = Omit<ParsedLine, "verdict"> & { verdict: Verdict };

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
      const v = lineVerdict(r.data);
      if ("problem" in v) return problem(i + 1, v.problem);
      out.lines.push({ ...r.data, verdict: v.verdict });
      out.at.push(i + 1);
    });
  return out;
}

/**
 * A line's verdict: the one its probabilities or samples make most likely (ties to the first of A, B, NEITHER, as
 * escalation reads them), which a verdict given beside them must equal; else the verdict given. Or what is wrong.
 */
function lineVerdict(l: ParsedLine): { verdict: Verdict } | { problem: string } {
  const probabilities = l.p_a != null || l.p_b != null || l.p_neither != null;
  if (probabilities && l.samples) return { problem: "give probabilities (p_a, p_b, p_neither) or samples, not both" };
  const missing = (["p_a", "p_b"] as const).filter((k) => probabilities && l[k] == null);
  if (missing.length) return { problem: `p_a and p_b come together (${missing.join(" and ")} missing)` };
  if (!probabilities && !l.samples)
    return l.verdict
      ? { verdict: l.verdict }
      : { problem: "verdict: missing (A, B or NEITHER), unless p_a and p_b or samples give it" };
  const call = judgeCall(
    l.samples ? { samples: l.samples } : { p_a: l.p_a, p_b: l.p_b, p_neither: l.p_neither ?? undefined },
  );
  if (typeof call === "string") return { problem: call };
  if (l.verdict === undefined || l.verdict === call.verdict) return { verdict: call.verdict };
  const what = l.samples ? "the samples" : "the probabilities";
  // A tie is told apart: the verdict given is as likely, yet ties go to the first (escalation reads it so).
  const share = (v: Verdict) =>
    l.samples
      ? l.samples.filter((s) => s === v).length / l.samples.length
      : v === "A"
        ? l.p_a
        : v === "B"
          ? l.p_b
          : (l.p_neither ?? 0);
  return {
    problem:
      share(l.verdict) === call.confidence
        ? `verdict ${l.verdict}, but ${what} tie it with ${call.verdict}, and a tie goes to the first of A, B, NEITHER: say ${call.verdict} or leave verdict out`
        : `verdict ${l.verdict}, but ${what} make ${call.verdict} most likely`,
  };
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
