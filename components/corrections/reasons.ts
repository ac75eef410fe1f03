/** The reasons an expert gives for an edit: the gold defect kinds and three of the expert's own (words: Correct.reasons.*). */
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { DEFECT_KINDS } from "@/lib/quality/gold/browser";

export type ReasonKind = (typeof DEFECT_KINDS)[number] | "preference" | "route" | "other";
export interface ReasonChoice {
  kind: ReasonKind;
  text: string;
}

export const REASON_OPTIONS: { kind: ReasonKind }[] = [
  ...DEFECT_KINDS.map((k) => ({ kind: k })),
  { kind: "preference" },
  { kind: "route" },
  { kind: "other" },
];

/** A reason's words in the page's language; a kind without any (an older draft's) as it is. */
export function useReasonLabel(): (kind: string) => string {
  const t = useTranslations("Correct.reasons");
  return useCallback((kind: string) => (t.has(kind) ? t(kind) : kind), [t]);
}

const STORE = "tripjudge.correction.reason";

/** The reason last used on this browser (the next edit asks the same unless changed). */
export function rememberedReason(): ReasonChoice {
  if (typeof window === "undefined") return { kind: "route", text: "" };
  try {
    const r = JSON.parse(localStorage.getItem(STORE) ?? "null") as ReasonChoice | null;
    if (r && REASON_OPTIONS.some((o) => o.kind === r.kind)) return { kind: r.kind, text: String(r.text ?? "") };
  } catch {
    // storage unavailable or garbled: the default below
  }
  return { kind: "route", text: "" };
}

export function rememberReason(r: ReasonChoice) {
  try {
    localStorage.setItem(STORE, JSON.stringify(r));
  } catch {
    // private mode: not remembered
  }
}

/** The reason as an operation carries it (the lib refuses "other" without a text and says so). */
export const reasonOf = (r: ReasonChoice) => (r.text.trim() ? { kind: r.kind, text: r.text.trim() } : { kind: r.kind });
