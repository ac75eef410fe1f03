/**
 * Sign-in throttling policy (pure): after a few failures each attempt is slowed down, after
 * more the key is locked for a while. Keys are per (account, client address) and per client address,
 * so that a stranger who knows an e-mail cannot lock its owner out from another address. An attempt
 * is counted as a failure *before* the password is checked (and forgiven when it was right), so that
 * simultaneous attempts can never check more passwords than the limit.
 */
export interface ThrottleState {
  failures: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

export const THROTTLE = {
  freeFailures: 3,
  delayStepMs: 500,
  maxDelayMs: 3000,
  lockAfter: 8,
  /** A client address is shared by many people (offices, proxies): it locks later than an account. */
  lockAfterForAddress: 30,
  lockMs: 15 * 60_000,
  /** Failures older than this are forgotten. */
  windowMs: 60 * 60_000,
};

export function currentFailures(s: ThrottleState | null, now: Date): number {
  if (!s || !s.lastFailureAt) return 0;
  return now.getTime() - s.lastFailureAt.getTime() > THROTTLE.windowMs ? 0 : s.failures;
}

/** null when the attempt may proceed; otherwise how long the key stays locked. */
export function lockedFor(s: ThrottleState | null, now: Date): number | null {
  if (!s?.lockedUntil) return null;
  const ms = s.lockedUntil.getTime() - now.getTime();
  return ms > 0 ? ms : null;
}

export function delayFor(failures: number): number {
  if (failures < THROTTLE.freeFailures) return 0;
  return Math.min(THROTTLE.maxDelayMs, (failures - THROTTLE.freeFailures + 1) * THROTTLE.delayStepMs);
}

export function afterFailure(s: ThrottleState | null, now: Date, lockAfter = THROTTLE.lockAfter): ThrottleState {
  const failures = currentFailures(s, now) + 1;
  return {
    failures,
    lastFailureAt: now,
    lockedUntil: failures >= lockAfter ? new Date(now.getTime() + THROTTLE.lockMs) : null,
  };
}

export type Reservation =
  { allowed: true; state: ThrottleState; delayMs: number } | { allowed: false; lockedMs: number };

/** Counts one attempt against a key, before its password is checked. */
export function reserveAttempt(s: ThrottleState | null, now: Date, lockAfter = THROTTLE.lockAfter): Reservation {
  const locked = lockedFor(s, now);
  if (locked !== null) return { allowed: false, lockedMs: locked };
  const prior = currentFailures(s, now);
  return { allowed: true, state: afterFailure(s, now, lockAfter), delayMs: delayFor(prior) };
}

/** The throttle keys of one sign-in attempt, each with its lock threshold. */
export function throttleKeys(email: string, address: string | null): { key: string; lockAfter: number }[] {
  return [
    { key: `account:${email}|${address ?? "unknown"}`, lockAfter: THROTTLE.lockAfter },
    ...(address ? [{ key: `ip:${address}`, lockAfter: THROTTLE.lockAfterForAddress }] : []),
  ];
}
