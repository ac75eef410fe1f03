/** Weekday (0 = Sunday) of the n-th day of a trip starting on an ISO date; null when the date is unreadable. */
export function weekdayOf(startDate: string, dayIndex: number): number | null {
  const t = Date.parse(`${startDate.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(t) ? null : (new Date(t).getUTCDay() + dayIndex) % 7;
}
