/**
 * When a qualification set is decided and how: after its last pair, pass (real pairs from now on) or fail (an
 * admin decides), with the note the expert's standing keeps. A skipped qualification pair counts as answered and
 * not right (skipping is never cheaper than a wrong answer). When the expert's destinations hold fewer gold pairs
 * than the set's length, the set is what exists: it is decided once none is left to give and none is held, so a
 * small dataset never holds a new expert back. Such a shortened set fails only when the expert would fail the full
 * set even had every pair missing from it been answered right: one slip in a set of two (a first import's gold
 * pairs) is not evidence enough to stop someone an admin invited.
 */

export interface QualificationState {
  /** Answered, skipped ones included. */
  answered: number;
  right: number;
  /** Qualification pairs the expert holds. */
  held: number;
  /** Whether a gold pair may still be given to the expert. */
  more: boolean;
}

export interface QualificationDecision {
  passed: boolean;
  /** The set's length: the settings' length, or what existed. */
  length: number;
  note: string;
}

/** The decision, or null while the set goes on. */
export function qualificationDecision(
  s: QualificationState,
  settings: { qualificationLength: number; qualificationPassMark: number },
): QualificationDecision | null {
  const { answered: n, right } = s;
  if (n === 0 || (n < settings.qualificationLength && (s.held > 0 || s.more))) return null;
  const L = settings.qualificationLength;
  const short = n < L;
  const needed = (length: number) => Math.ceil(settings.qualificationPassMark * length - 1e-9);
  const passed = short ? right + (L - n) >= needed(L) : right >= needed(n);
  const shortened = short
    ? ` (a set of ${n}: no more gold pairs for the expert's destinations; ${passed ? "passed" : "failed"}: ${right} right and the ${L - n} missing from a set of ${L} ${passed ? "reach" : "cannot reach"} its pass mark of ${needed(L)})`
    : "";
  const note = `qualification: ${right} of ${n} right (pass mark ${Math.round(settings.qualificationPassMark * 100)} %)${shortened}`;
  return { passed, length: n, note };
}
