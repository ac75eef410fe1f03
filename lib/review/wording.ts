/**
 * A judgment as a reviewer reads it: in the pair's own terms (plan A, plan B), whatever side the expert saw each plan
 * on, with the strength in words. The review screen says which side the expert saw plan A on beside it.
 */
import type { Verdict } from "../judging/verdict/browser";

const STRENGTH = { 1: "slightly", 2: "clearly", 3: "decisively" } as const;

/** "Plan A is clearly better", "Plan B is better", "Neither plan is satisfactory". */
export function verdictText(verdict: Verdict, strength: number | null): string {
  if (verdict === "NEITHER") return "Neither plan is satisfactory";
  const how = strength && strength in STRENGTH ? `${STRENGTH[strength as 1 | 2 | 3]} ` : "";
  return `Plan ${verdict} is ${how}better`;
}

/** One dimension's answer: "plan A, clearly", "about the same", "not applicable". */
export function dimensionAnswerText(answer: { v: string; s?: number } | undefined): string {
  if (!answer) return "—";
  if (answer.v === "SAME") return "about the same";
  if (answer.v === "NA") return "not applicable";
  const how = answer.s && answer.s in STRENGTH ? `, ${STRENGTH[answer.s as 1 | 2 | 3]}` : "";
  return `plan ${answer.v}${how}`;
}
