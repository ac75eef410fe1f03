/** How the pair's page words verdicts, strengths, dimension answers, durations and people. */
import type { PairDetail } from "@/lib/review/browser";

export const VERDICT_WORD = { A: "Plan A", B: "Plan B", NEITHER: "Neither" } as const;
export const STRENGTH_WORD: Record<number, string> = { 1: "slightly", 2: "clearly", 3: "decisively" };
export const DIMENSION_WORD = { A: "Plan A", B: "Plan B", SAME: "about the same", NA: "not applicable" } as const;

/** Minutes and seconds of a time on task ("4 min 05 s"). */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${String(s % 60).padStart(2, "0")} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A person as the page names them: the pseudonym, or the name with the address when names are shown. */
export function personName(d: PairDetail, key: string | null): string {
  if (!key) return "the system";
  const p = d.people[key];
  if (!p) return key;
  return p.email && p.label !== p.email ? `${p.label} <${p.email}>` : p.label;
}
