/** Clock times of plans, in a module of their own: the judging screen imports it without the schemas (and zod). */

/** "HH:MM" (or "HH:MM:SS", seconds ignored) → minutes; NaN without a colon. Hot in imports: no split. */
export function minutesOf(time: string): number {
  const i = time.indexOf(":");
  if (i < 0) return NaN;
  const j = time.indexOf(":", i + 1);
  return Number(time.slice(0, i)) * 60 + Number(j < 0 ? time.slice(i + 1) : time.slice(i + 1, j));
}

export function clockOf(minutes: number): string {
  const m = Math.max(0, Math.min(24 * 60, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
