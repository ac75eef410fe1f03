/**
 * The client's number and date formats, one function per kind of figure; "—" stands for a figure that
 * cannot be computed (null or undefined). Precisions by use: shares of a person's own answers in whole
 * percents, statistics over many judgments (accuracies, win shares) to 0.1 %, coefficients (κ, α, τ, r)
 * to three decimals.
 */
import { useLocale } from "next-intl";
import { useMemo } from "react";

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

/** Minutes of a plan's item or leg ("45 min", "2 h", "2 h 30 min"). */
export const minutes = (m: number) =>
  m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}` : `${m} min`;

/** An amount of money as the dataset gives it (no currency: the dataset's own), whole or to the cent. */
export const amount = (c: number) => (Number.isInteger(c) ? String(c) : c.toFixed(2));

/** A moment as a date and time ("3 Mar 2026, 14:05"). */
export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** A moment as a date and time to the second ("3 Mar 2026, 14:05:09"): events that follow each other within a minute. */
export const dateTimeSeconds = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });

/** A moment's time of day, to the second ("14:05:09"). */
export const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB");

/**
 * The same figures in the page's language (docs/languages.md): English keeps the forms above exactly; another
 * language formats numbers, percentages, dates and times with Intl for its locale, and says units in its words.
 */
export function formatsFor(locale: string) {
  if (locale === "en") return { pct, pctOf, count, duration, dateTime, dateTimeSeconds, clock, minutes, amount };
  const percent = (v: Maybe, digits = 0) =>
    none(v)
      ? "—"
      : new Intl.NumberFormat(locale, {
          style: "percent",
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(v);
  const unit = (v: number, u: "second" | "minute" | "hour") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: u, unitDisplay: "short" }).format(v);
  const mins = (m: number) =>
    m >= 60 ? [unit(Math.floor(m / 60), "hour"), m % 60 ? unit(m % 60, "minute") : ""].join("") : unit(m, "minute");
  return {
    pct: percent,
    pctOf: (part: number, whole: number) => (whole === 0 ? "—" : percent(part / whole)),
    count: (v: number) => v.toLocaleString(locale),
    duration: (ms: number) => {
      const s = Math.round(ms / 1000);
      return s < 120 ? unit(s, "second") : `${unit(Math.floor(s / 60), "minute")}${unit(s % 60, "second")}`;
    },
    dateTime: (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" }),
    dateTimeSeconds: (iso: string) =>
      new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "medium" }),
    clock: (iso: string) => new Date(iso).toLocaleTimeString(locale, { hour12: false }),
    minutes: mins,
    amount: (c: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(c),
  };
}

/** The figures' formats for the page's language (next-intl's locale). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(() => formatsFor(locale), [locale]);
}
