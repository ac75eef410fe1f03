/**
 * What compiled snippets share at run time: the evaluation's budget (one step per loop iteration and
 * call; the clock read every 1,024 steps), the position of the operation that may raise, and the
 * shapes of compiled nodes.
 */
import { LimitError } from "../errors";
import { meter, type Py } from "../values";

export interface Budget {
  steps: number;
  deadline: number;
  maxSteps: number;
  timeMs: number;
}
let budget: Budget = { steps: 0, deadline: Infinity, maxSteps: Infinity, timeMs: Infinity };
let left = Infinity;

function refill() {
  // `left` below zero: work charged beyond the 1,024 steps of the last refill (see meter in values.ts).
  const spent = 1024 - Math.min(0, left);
  if (budget.steps + spent > budget.maxSteps)
    throw new LimitError(
      `the evaluation took more than ${budget.maxSteps.toLocaleString("en")} steps (a runaway loop, or work on very large values?)`,
    );
  if (performance.now() > budget.deadline) throw new LimitError(`the evaluation ran longer than ${budget.timeMs} ms`);
  budget.steps += spent;
  left = 1024;
}
meter.charge = (units: number) => {
  left -= units;
  if (left < 0) refill();
};

/** One step of the budget (a loop iteration, a call). */
export const tick = () => {
  if (--left < 0) refill();
};

export function withBudget<T>(b: Budget, f: () => T): T {
  const saved = budget,
    savedLeft = left;
  budget = b;
  left = 0;
  try {
    return f();
  } finally {
    budget = saved;
    left = savedLeft;
  }
}

/**
 * Where the operation that may raise is: `at.node` is set right before it runs (after its operands), and
 * read when an exception escapes. Cheaper than a try/catch around every node, and it names the same place.
 */
export const at: { node: { line: number; col: number } } = { node: { line: 1, col: 1 } };

export const UNSET: unique symbol = Symbol("unset");
export type Slot = Py | typeof UNSET;
/** A compiled expression. */
export type Ev = () => Py;
/** A compiled statement: 0 = go on, BREAK, CONTINUE. */
export type Ex = () => number;
export const BREAK = 1,
  CONTINUE = 2;
