/**
 * Automatic pausing: a sequential test on an expert's gold results, in the order they came. After n gold
 * pairs with w wrong, the expert is paused as soon as w ≥ ⌈1.4 + 0.23·n⌉ — a Wald-style straight boundary
 * whose two constants were chosen by exact computation (`pauseProbability`, ./simulation.test.ts) so that a coin-flipper (right
 * half the time) is paused within 15 gold pairs with probability 0.955, and an expert right 90 % of the time
 * within 50 with probability 0.044. A choice of "Neither" on a gold pair counts as wrong: the altered plan
 * is the unaltered one with a defect added, so the unaltered one is better. After an admin resumes an
 * expert the test starts again from that moment.
 */
import { binomLowerTail } from "../../kernel";
export const PAUSE_BOUNDARY = { intercept: 1.4, slope: 0.23 } as const;

/** Wrong answers among the first n gold pairs that pause an expert. */
export function pauseThreshold(n: number): number {
  return Math.ceil(PAUSE_BOUNDARY.intercept + PAUSE_BOUNDARY.slope * n - 1e-12);
}

export interface PauseDecision {
  paused: boolean;
  /** The gold pair (1-based count) at which the boundary was crossed. */
  at: number | null;
  n: number;
  wrong: number;
}

/** Walks the results (true = right) and stops at the first crossing. */
export function pauseDecision(results: readonly boolean[]): PauseDecision {
  let wrong = 0;
  for (let n = 1; n <= results.length; n++) {
    if (!results[n - 1]) wrong++;
    if (wrong >= pauseThreshold(n)) return { paused: true, at: n, n: results.length, wrong };
  }
  return { paused: false, at: null, n: results.length, wrong };
}

/**
 * Whether an expert's skipped gold pairs count as wrong answers in the pause test: once they skip gold pairs
 * more often than their real pairs — an exact one-sided binomial test, P(at least `goldSkips` skips of
 * `goldServed` gold pairs | their real skip rate) < 0.01, with that rate taken as at least 2 % — skipping
 * gold costs what answering it wrong costs. An expert who skips gold no more than real pairs loses nothing.
 */
export function skipsCountAsWrong(
  goldSkips: number,
  goldServed: number,
  realSkips: number,
  realServed: number,
): boolean {
  if (goldSkips === 0 || goldServed === 0) return false;
  const base = Math.min(0.99, Math.max(0.02, realServed ? realSkips / realServed : 0));
  return 1 - binomLowerTail(goldSkips - 1, goldServed, base) < 0.01;
}

/**
 * The results the pause test walks: submitted gold answers (right or wrong) and, when skipsCountAsWrong says
 * so, skipped ones as wrong — in the order the expert answered them.
 */
export function goldResults(
  answers: readonly { skipped: boolean; correct: boolean | null }[],
  real: { skips: number; served: number },
): boolean[] {
  const skips = answers.filter((a) => a.skipped).length;
  const counted = skipsCountAsWrong(skips, answers.length, real.skips, real.served);
  return answers.filter((a) => !a.skipped || counted).map((a) => !a.skipped && a.correct === true);
}
