/** Weekday (0 = Sunday) of the n-th day of a trip starting on an ISO date; null when the date is unreadable. */
export function weekdayOf(startDate: string, dayIndex: number): number | null {
  const t = Date.parse(`${startDate.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(t) ? null : (new Date(t).getUTCDay() + dayIndex) % 7;
}

/** Years a date may have: a trip, a judgment or a filter outside them is a typo (year 0000), not data. */
export const YEAR_RANGE = [1900, 2200] as const;

/** True for a real calendar date `YYYY-MM-DD` in YEAR_RANGE, optionally with a real time `THH:MM[:SS[.fff]]` and a zone. */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    s,
  );
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < YEAR_RANGE[0] || y > YEAR_RANGE[1]) return false;
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate(); // day 0 of the next month: the month's last day
  if (d > days) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59)))
    return false;
  return true;
}
