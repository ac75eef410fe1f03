/** How the pair's page words verdicts, strengths, dimension answers, durations and people (Pairs.words). */
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { PairDetail } from "@/lib/review/browser";
import { useFormat } from "../../format";

/** Minutes and seconds of a time on task ("4 min 05 s"), as the page has always said it in English. */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${String(s % 60).padStart(2, "0")} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The page's words in its language; another language than English says durations with useFormat's units. */
export function useWords(d: PairDetail) {
  const t = useTranslations("Pairs.words");
  const locale = useLocale();
  const f = useFormat();
  return useMemo(
    () => ({
      verdict: (v: "A" | "B" | "NEITHER") => t(`verdict.${v}`),
      strength: (s: number) => (t.has(`strength.${s}`) ? t(`strength.${s}`) : String(s)),
      dimension: (a: string) => (t.has(`dimension.${a}`) ? t(`dimension.${a}`) : a),
      duration: (ms: number) => (locale === "en" ? duration(ms) : f.duration(ms)),
      /** A person as the page names them: the pseudonym, or the name with the address when names are shown. */
      person: (key: string | null): string => {
        if (!key) return t("system");
        const p = d.people[key];
        if (!p) return key;
        return p.email && p.label !== p.email ? `${p.label} <${p.email}>` : p.label;
      },
    }),
    [t, locale, f, d],
  );
}

export type Words = ReturnType<typeof useWords>;
