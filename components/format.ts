/**
 * The client's number and date formats, one function per kind of figure; "—" stands for a figure that
 * cannot be computed (null or undefined). Precisions by use: shares of a person's own answers in whole
 * percents, statistics over many judgments (accuracies, win shares) to 0.1 %, coefficients (κ, α, τ, r)
 * to three decimals.
 */
type Maybe = number | null | undefined;
const none = (v: Maybe): v is null | undefined => v === null || v === undefined;

/** A share 0…1 as a percentage, whole ("42 %") or with `digits` decimals ("41.7 %"). */
export const pct = (v: Maybe, digits = 0) => (none(v) ? "—" : `${(100 * v).toFixed(digits)} %`);

/** `part` of `whole` as a whole percentage; "—" when the whole is 0. */
export const pctOf = (part: number, whole: number) => (whole === 0 ? "—" : pct(part / whole));

/** A signed difference of shares in percentage points ("+4.2 pts"). */
export const points = (v: Maybe) => (none(v) ? "—" : `${v > 0 ? "+" : ""}${(100 * v).toFixed(1)} pts`);

/** A number with `digits` decimals (3 unless said: κ, α, τ, r; 1 for ratings; 2 for weights and shares). */
export const fixed = (v: Maybe, digits = 3) => (none(v) ? "—" : v.toFixed(digits));

/** A p-value, "< 0.001" below one in a thousand. */
export const pValue = (v: Maybe) => (none(v) ? "—" : v < 0.001 ? "< 0.001" : v.toFixed(3));

/** A count with thousands separators ("12,345"). */
export const count = (v: number) => v.toLocaleString("en-US");

/** Seconds, rounded ("42 s"). */
export const seconds = (v: Maybe) => (none(v) ? "—" : `${Math.round(v)} s`);

/** A time on task: seconds under two minutes, then minutes and seconds ("4 min 05 s"). */
export const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
};

/** A moment as a date and time ("3 Mar 2026, 14:05"). */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** A moment as a date and time to the second ("3 Mar 2026, 14:05:09"): events that follow each other within a minute. */
export const dateTimeSeconds = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });

/** A moment's time of day, to the second ("14:05:09"). */
export const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB");
