/**
 * Anomaly flags: each looks at one kind of behaviour, returns null or a flag that explains itself, and is
 * strict enough (p < 0.001 where it is a test) that among 30 honest experts a false flag is rare.
 * The same functions serve the analytics page, the pausing review and `tripjudge reliability`.
 */
import { binomLowerTail, binomTest } from "../../kernel";
import { pauseDecision, pauseThreshold } from "./pause";

export type FlagKind = "gold" | "left_bias" | "fast" | "runs" | "peer_agreement";
export interface Flag {
  kind: FlagKind;
  message: string;
}

export const ANOMALY_LIMITS = {
  /** Two-sided binomial test of left against right among decisive verdicts. */
  leftBiasP: 0.01,
  leftBiasMinDecisive: 20,
  /** Median time on task below this share of the other experts' median. */
  fastShare: 1 / 3,
  fastMinJudgments: 10,
  /** P(longest run of one verdict ≥ observed) under the expert's own verdict shares. */
  runsP: 0.001,
  runsMinLength: 5,
  /** One-sided binomial test of the expert's agreements against the other experts' median agreement rate. */
  peerP: 0.001,
  peerMinCompared: 10,
  peerMinGap: 0.2,
};

const pct = (x: number) => `${Math.round(x * 100)} %`;
const pval = (p: number) => (p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

export function goldFlag(results: readonly boolean[]): Flag | null {
  const d = pauseDecision(results);
  if (!d.paused) return null;
  return {
    kind: "gold",
    message: `wrong on ${d.wrong} of the first ${d.at} gold pairs (the pause boundary at ${d.at} is ${pauseThreshold(d.at!)} wrong): likely guessing`,
  };
}

export function leftBiasFlag(left: number, right: number): Flag | null {
  const n = left + right;
  if (n < ANOMALY_LIMITS.leftBiasMinDecisive) return null;
  const p = binomTest(left, n);
  if (p >= ANOMALY_LIMITS.leftBiasP) return null;
  return {
    kind: "left_bias",
    message: `chose the ${left > right ? "left" : "right"} plan in ${Math.max(left, right)} of ${n} decisive verdicts (${pct(Math.max(left, right) / n)}; binomial test against ½, p = ${pval(p)})`,
  };
}

export function fastFlag(medianMs: number | null, judgments: number, peersMedianMs: number | null): Flag | null {
  if (medianMs === null || peersMedianMs === null || judgments < ANOMALY_LIMITS.fastMinJudgments) return null;
  if (medianMs >= peersMedianMs * ANOMALY_LIMITS.fastShare) return null;
  return {
    kind: "fast",
    message: `median time on task ${Math.round(medianMs / 1000)} s over ${judgments} judgments, under a third of the other experts' median (${Math.round(peersMedianMs / 1000)} s)`,
  };
}

/**
 * P(the longest run of one label in n independent draws with these shares is ≥ L), exactly — down to 1e-300: below
 * that, the union bound n·Σ s^L is returned (a run of thousands, where the exact sum runs out of doubles anyway and
 * cost minutes at a million judgments).
 */
export function longestRunProbability(shares: readonly number[], n: number, L: number): number {
  if (L <= 1) return n > 0 ? 1 : 0;
  if (n < L) return 0;
  const bound = n * shares.reduce((sum, s) => sum + s ** L, 0);
  if (bound < 1e-300) return bound;
  const K = shares.length;
  // alive[c·L + r]: last label c, current run r (1..L−1), no run of L yet. Two buffers, swapped each step.
  let alive = new Float64Array(K * L);
  let next = new Float64Array(K * L);
  const mass = new Float64Array(K);
  for (let c = 0; c < K; c++) alive[c * L + 1] = shares[c];
  let hit = 0;
  for (let t = 2; t <= n; t++) {
    let total = 0;
    for (let c = 0; c < K; c++) {
      let m = 0;
      for (let r = 1; r < L; r++) m += alive[c * L + r];
      mass[c] = m;
      total += m;
    }
    // O(K·L) a step, not O(K²·L): a label other than the last starts a run of 1 from every state of the other
    // labels at once (an expert of 25,000 judgments took seconds).
    for (let c = 0; c < K; c++) {
      const s = shares[c];
      next[c * L + 1] = s * (total - mass[c]);
      for (let r = 1; r < L - 1; r++) next[c * L + r + 1] = alive[c * L + r] * s;
      hit += alive[c * L + L - 1] * s;
    }
    [alive, next] = [next, alive];
  }
  return hit;
}

export function runsFlag(sequence: readonly string[]): Flag | null {
  if (!sequence.length) return null;
  let longest = 1,
    run = 1,
    label = sequence[0];
  for (let i = 1; i < sequence.length; i++) {
    run = sequence[i] === sequence[i - 1] ? run + 1 : 1;
    if (run > longest) {
      longest = run;
      label = sequence[i];
    }
  }
  if (longest < ANOMALY_LIMITS.runsMinLength) return null;
  const counts = new Map<string, number>();
  for (const s of sequence) counts.set(s, (counts.get(s) ?? 0) + 1);
  const shares = [...counts.values()].map((c) => c / sequence.length);
  const p = longestRunProbability(shares, sequence.length, longest);
  if (p >= ANOMALY_LIMITS.runsP) return null;
  return {
    kind: "runs",
    message: `${longest} ${label} verdicts in a row among ${sequence.length}; with the expert's own mix of verdicts a run that long has probability ${pval(p)}`,
  };
}

/** Peer agreement: of the comparisons with other raters of the same items, how many agreed. */
export interface PeerAgreement {
  agree: number;
  compared: number;
}

export function peerFlag(own: PeerAgreement, othersRates: readonly number[]): Flag | null {
  if (own.compared < ANOMALY_LIMITS.peerMinCompared || othersRates.length < 2) return null;
  const sorted = [...othersRates].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const reference = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const rate = own.agree / own.compared;
  if (rate > reference - ANOMALY_LIMITS.peerMinGap) return null;
  const p = binomLowerTail(own.agree, own.compared, reference);
  if (p >= ANOMALY_LIMITS.peerP) return null;
  return {
    kind: "peer_agreement",
    message: `agreed with the other raters of the same pairs in ${pct(rate)} of ${own.compared} comparisons; the other experts' median is ${pct(reference)} (one-sided binomial p = ${pval(p)})`,
  };
}

/** The other raters' agreement rates (raters with enough comparisons), for `peerFlag`. */
export function othersRates(all: ReadonlyMap<string, PeerAgreement>, self: string): number[] {
  const out: number[] = [];
  for (const [r, a] of all)
    if (r !== self && a.compared >= ANOMALY_LIMITS.peerMinCompared) out.push(a.agree / a.compared);
  return out;
}

export interface RaterEvidence {
  gold?: readonly boolean[];
  left?: { left: number; right: number };
  time?: { medianMs: number | null; judgments: number; peersMedianMs: number | null };
  sequence?: readonly string[];
  peer?: { own: PeerAgreement; others: readonly number[] };
}

/** Every flag that applies: the one decision behind `flagged` in the app and the command line. */
export function raterFlags(e: RaterEvidence): Flag[] {
  return [
    e.gold ? goldFlag(e.gold) : null,
    e.left ? leftBiasFlag(e.left.left, e.left.right) : null,
    e.time ? fastFlag(e.time.medianMs, e.time.judgments, e.time.peersMedianMs) : null,
    e.sequence ? runsFlag(e.sequence) : null,
    e.peer ? peerFlag(e.peer.own, e.peer.others) : null,
  ].filter((f): f is Flag => f !== null);
}
