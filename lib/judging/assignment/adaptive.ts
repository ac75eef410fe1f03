/**
 * Adaptive number of raters (per dataset, off by default): two experts first; the third only when they
 * disagree — except on a calibration share of pairs (default 15 %, fixed by a hash of the pair id) that
 * are always judged three times, so that statistics which need a fixed number of raters (Fleiss' κ,
 * Cohen's κ per slot pair) have a sample. The database applies the same rule (tj_set_adaptive,
 * tj_adaptive_after_submit, tj_pair_draw); this module is the rule itself, for replays and tests.
 */
import { createHash } from "node:crypto";
import { majority } from "../../results/agreement";
import { type Verdict } from "../verdict";

export const DEFAULT_CALIBRATION_SHARE = 0.15;

/** Where a pair falls in [0, 1): the first 32 bits of the md5 of its id, as tj_pair_draw computes it. */
export function pairDraw(pairId: string): number {
  return parseInt(createHash("md5").update(pairId).digest("hex").slice(0, 8), 16) / 4294967296;
}

export const isCalibration = (pairId: string, share = DEFAULT_CALIBRATION_SHARE) => pairDraw(pairId) < share;

/** How many of a pair's verdicts (in the order given) the policy asks for: two when they agree, else three. */
export function ratersAsked(verdicts: readonly Verdict[], calibration: boolean): number {
  if (calibration || verdicts.length < 3) return verdicts.length;
  return verdicts[0] === verdicts[1] ? 2 : 3;
}

export interface ReplayedPair {
  pairId: string;
  asked: number;
  calibration: boolean;
  /** Strict majority of the verdicts asked for, and of all three. */
  label: Verdict | null;
  fullLabel: Verdict | null;
}

/** Replays a complete three-rater log under the policy. */
export function replayAdaptive(
  log: readonly { pairId: string; verdicts: readonly Verdict[] }[],
  share = DEFAULT_CALIBRATION_SHARE,
): { pairs: ReplayedPair[]; judgmentsSaved: number; judgments: number } {
  let saved = 0,
    judgments = 0;
  const pairs = log.map((p) => {
    const calibration = isCalibration(p.pairId, share);
    const asked = ratersAsked(p.verdicts, calibration);
    saved += p.verdicts.length - asked;
    judgments += p.verdicts.length;
    return {
      pairId: p.pairId,
      asked,
      calibration,
      label: majority(p.verdicts.slice(0, asked)).label,
      fullLabel: majority(p.verdicts).label,
    };
  });
  return { pairs, judgmentsSaved: saved, judgments };
}
