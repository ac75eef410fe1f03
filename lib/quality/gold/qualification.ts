/**
 * When a qualification set is decided and how: after its last pair, pass (real pairs from now on) or fail (an
 * admin decides), with the note the expert's standing keeps. A skipped qualification pair counts as answered and
 * not right (skipping is never cheaper than a wrong answer). When the expert's destinations hold fewer gold pairs
 * than the set's length, the set is what exists: it is decided once none is left to give and none is held, so a
 * small dataset never keeps a new expert waiting. The pass mark is then taken of the pairs the set had, not of the
 * setting's length: a pair that never came is no answer, and counting it as right passed 1 of 2 at a mark of 80 %.
 * A failed short set waits for an admin, who can let the expert through or ask them to qualify again once more gold
 * pairs exist. (The decision is made here only: tj_qualification_decided writes what it is given.)
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
  // The mark of the n pairs the set had (all of it answered): a pair that never came counts neither way.
  const needed = Math.ceil(settings.qualificationPassMark * n - 1e-9);
  const passed = right >= needed;
  const shortened =
    n < L
      ? ` (a set of ${n}, not ${L}: no more gold pairs for the expert's destinations; the pass mark is ${needed} of the ${n})`
      : "";
  const note = `qualification: ${right} of ${n} right (pass mark ${Math.round(settings.qualificationPassMark * 100)} %)${shortened}`;
  return { passed, length: n, note };
}
