import assert from "node:assert/strict";
import { test } from "node:test";
import { afterFailure, currentFailures, delayFor, lockedFor, THROTTLE, type ThrottleState } from "./throttle";

test("the first failures are free, then each attempt waits longer, capped", () => {
  assert.equal(delayFor(0), 0);
  assert.equal(delayFor(THROTTLE.freeFailures - 1), 0);
  assert.equal(delayFor(THROTTLE.freeFailures), THROTTLE.delayStepMs);
  assert.equal(delayFor(THROTTLE.freeFailures + 1), 2 * THROTTLE.delayStepMs);
  assert.equal(delayFor(100), THROTTLE.maxDelayMs);
});

test("an account locks after repeated failures and unlocks after the lock time", () => {
  const t0 = new Date("2026-01-01T10:00:00Z");
  let s: ThrottleState | null = null;
  for (let i = 0; i < THROTTLE.lockAfter - 1; i++) s = afterFailure(s, t0);
  assert.equal(lockedFor(s, t0), null);
  s = afterFailure(s, t0);
  assert.equal(lockedFor(s, t0), THROTTLE.lockMs);
  assert.equal(lockedFor(s, new Date(t0.getTime() + THROTTLE.lockMs + 1)), null);
});

test("old failures are forgotten after the window", () => {
  const t0 = new Date("2026-01-01T10:00:00Z");
  const s = afterFailure(afterFailure(null, t0), t0);
  assert.equal(currentFailures(s, t0), 2);
  assert.equal(currentFailures(s, new Date(t0.getTime() + THROTTLE.windowMs + 1)), 0);
  assert.equal(afterFailure(s, new Date(t0.getTime() + THROTTLE.windowMs + 1)).failures, 1);
});

test("a client address locks later than an account", () => {
  const t0 = new Date();
  let s: ThrottleState | null = null;
  for (let i = 0; i < THROTTLE.lockAfter; i++) s = afterFailure(s, t0, THROTTLE.lockAfterForAddress);
  assert.equal(lockedFor(s, t0), null);
});
