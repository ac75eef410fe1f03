/** lib/judging/verdict: the entry point for client code — types, names and pure helpers that reach neither storage nor Node (decision 018). */
export type Verdict = "A" | "B" | "NEITHER";
/** The verdicts in code order: a verdict's label code is its place here; VERDICTS[code] turns it back. */
export const VERDICTS: readonly Verdict[] = ["A", "B", "NEITHER"];

/** A screen side, and an expert's choice on the screen. */
export type Side = "left" | "right";
export type Choice = Side | "neither";

/**
 * A/B from a screen side. The side shown is random per assignment; the verdict is stored in the pair's own A/B
 * terms, by this one rule for real and gold pairs (and dimension answers) alike.
 */
export function verdictFromSide(choice: Side, leftIsA: boolean): "A" | "B";
export function verdictFromSide(choice: Choice, leftIsA: boolean): Verdict;
export function verdictFromSide(choice: Choice, leftIsA: boolean): Verdict {
  if (choice === "neither") return "NEITHER";
  return (choice === "left") === leftIsA ? "A" : "B";
}

/**
 * A choice's verdict in both screen arrangements: the submit sends both, and the database picks the one for the
 * side the assignment showed (tj_pick_by_side), in the same statement that stores it.
 */
export function verdictsBySide(choice: Side): { leftIsA: "A" | "B"; leftIsB: "A" | "B" };
export function verdictsBySide(choice: Choice): { leftIsA: Verdict; leftIsB: Verdict };
export function verdictsBySide(choice: Choice): { leftIsA: Verdict; leftIsB: Verdict } {
  return { leftIsA: verdictFromSide(choice, true), leftIsB: verdictFromSide(choice, false) };
}

/** The way back: the screen side a verdict chose (null for Neither), for position bias and a gold answer's feedback. */
export function sideOf(verdict: Verdict, leftIsA: boolean): Side | null {
  if (verdict === "NEITHER") return null;
  return (verdict === "A") === leftIsA ? "left" : "right";
}

/** The label code: A 0, B 1, Neither 2 (its place in VERDICTS), the one numbering every statistic and model input uses. */
export function verdictCode(v: Verdict): number {
  return v === "A" ? 0 : v === "B" ? 1 : 2;
}

/** A slot without a verdict in a pattern. */
export const MISSING = 3;
/** The pattern of a pair judged by more than three raters (too wide for the bits). */
export const WIDE_PATTERN = -1;

/** The pattern of three slots' codes (MISSING where none): slot 1 in bits 5–4, slot 2 in 3–2, slot 3 in 1–0. */
export const patternOfSlots = (slot1: number, slot2: number, slot3: number): number =>
  (slot1 << 4) | (slot2 << 2) | slot3;

/** The pattern of up to three codes by slot (missing slots: MISSING). */
export const patternOf = (codes: readonly (number | null | undefined)[]): number =>
  patternOfSlots(codes[0] ?? MISSING, codes[1] ?? MISSING, codes[2] ?? MISSING);

/** A pattern's three slots' codes (MISSING where none), slot 1 first. */
export const slotCodesOf = (pattern: number): [number, number, number] => [
  (pattern >> 4) & 3,
  (pattern >> 2) & 3,
  pattern & 3,
];

/** The codes of a pattern's rated slots, in slot order. */
export const codesOf = (pattern: number): number[] => slotCodesOf(pattern).filter((c) => c !== MISSING);

/** Pair.verdictPattern: the label codes of the verdicts by slot (slots 1–3), WIDE_PATTERN past three. */
export function verdictPattern(bySlot: readonly (Verdict | null | undefined)[]): number {
  if (bySlot.length > 3) return WIDE_PATTERN;
  return patternOf(bySlot.map((v) => (v ? verdictCode(v) : null)));
}

/** The verdicts of a pattern's rated slots, in slot order. */
export function verdictsOfPattern(pattern: number): Verdict[] {
  return codesOf(pattern).map((c) => VERDICTS[c]);
}

/** The training label: +1 = A better, −1 = B better, 0 = neither (the opposite sign of the signed preference). */
export function trainingLabel(v: Verdict): 1 | -1 | 0 {
  return v === "A" ? 1 : v === "B" ? -1 : 0;
}

/** The signed preference, −3…+3: negative = A better (A with strength s is −s, B +s), Neither 0; null for an A or B verdict without a strength (strength off). */
export function signedPreference(verdict: Verdict, strength: number | null): number | null {
  if (verdict === "NEITHER") return 0;
  if (strength === null) return null;
  return verdict === "A" ? -strength : strength;
}

/** A dimension answer's signed preference: A −s, B +s (a side without a strength counts 1), about the same 0, not applicable none. */
export function dimensionSignedPreference(a: { v: "A" | "B" | "SAME" | "NA"; s?: number }): number | null {
  if (a.v === "NA") return null;
  if (a.v === "SAME") return 0;
  return signedPreference(a.v, a.s ?? 1);
}

/** The signed preferences in order, and a value's category 0..6 (−3 → 0, +3 → 6; A with strength s is 3 − s). */
export const SIGNED_VALUES = [-3, -2, -1, 0, 1, 2, 3] as const;
export const signedIndex = (signed: number): number => signed + 3;

const CREDITS: Record<Verdict, readonly [forA: number, forB: number]> = { A: [2, 0], B: [0, 2], NEITHER: [1, 1] };

/** FastChat's credits for one judgment seen as a battle: 2 to the chosen plan, 1 to each side of a tie; [plan A's, plan B's]. */
export function battleCredits(v: Verdict): readonly [forA: number, forB: number] {
  return CREDITS[v];
}
