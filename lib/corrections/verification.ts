/**
 * A correction's blind verification (its pair, corrected vs source, judged by other experts through the ordinary
 * queue): verified once two raters prefer the correction — of two or of three, as the pair's raters say — and
 * rejected once that can no longer happen. A corrector whose decided corrections are rejected more often than
 * verified is shown on the quality page.
 */
export type VerificationState = "verified" | "rejected" | "pending";

export interface Verification {
  votes: { corrected: number; original: number; neither: number };
  /** Raters the verification pair asks (2: two of two; 3: two of three). */
  raters: number;
}

export function verificationState(v: Verification): VerificationState {
  const against = v.votes.original + v.votes.neither;
  if (v.votes.corrected >= 2) return "verified";
  if (against > v.raters - 2) return "rejected";
  return "pending";
}

export interface CorrectorFigures {
  corrections: number;
  verified: number;
  rejected: number;
  pending: number;
  /** Verified among the decided ones; null while none is decided. */
  verifiedShare: number | null;
  /** Rejected more often than verified. */
  mostlyRejected: boolean;
}

export function correctorFigures(states: readonly VerificationState[]): CorrectorFigures {
  const n = (s: VerificationState) => states.filter((x) => x === s).length;
  const verified = n("verified");
  const rejected = n("rejected");
  const decided = verified + rejected;
  return {
    corrections: states.length,
    verified,
    rejected,
    pending: n("pending"),
    verifiedShare: decided ? verified / decided : null,
    mostlyRejected: rejected > verified,
  };
}
