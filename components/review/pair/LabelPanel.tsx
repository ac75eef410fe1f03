/**
 * The pair's label and where it comes from, as the exports give it (lib/exports pairLabel): the experts' majority,
 * an admin's adjudication, or a judge's decision; or why there is none yet. A judge watching an audit pair is said.
 */
import { useTranslations } from "next-intl";
import type { PairDetail } from "@/lib/review/browser";
import { fixed, useFormat } from "../../format";
import { useWords, type Words } from "./words";

type T = ReturnType<typeof useTranslations<"Pairs.label">>;

function basis(t: T, w: Words, d: PairDetail): string {
  const l = d.label;
  const agreeing = l.label ? l.verdicts.filter((v) => v === l.label).length : 0;
  switch (l.basis) {
    case "majority":
      return t("majority", { agreeing, count: l.verdicts.length });
    case "adjudication":
      return t("adjudication", { who: w.person(l.adjudication?.by ?? null) });
    case "judge":
      return t("judge", {
        judge: String(l.decision?.judge),
        confidence: fixed(l.decision?.confidence),
        threshold: fixed(l.decision?.threshold),
      });
    case "unresolved":
      return t("unresolved");
    case "incomplete":
      return t("incomplete", { count: l.verdicts.length, required: d.pair.requiredRaters });
  }
}

export function LabelPanel({ d }: { d: PairDetail }) {
  const t = useTranslations("Pairs.label");
  const w = useWords(d);
  const f = useFormat();
  const l = d.label;
  const label = l.label;
  return (
    <section className="card pair-label" aria-labelledby="pair-label-title">
      <h2 id="pair-label-title">{t("title")}</h2>
      <p className="lead" data-testid="pair-label">
        {label
          ? t.rich("from", {
              verdict: w.verdict(label),
              basis: basis(t, w, d),
              tag: (c) => <span className={`verdict-tag verdict-${label.toLowerCase()}`}>{c}</span>,
            })
          : t("none", { basis: basis(t, w, d) })}
      </p>
      <p className="muted small">
        {t("verdicts", { list: l.verdicts.length ? l.verdicts.map(w.verdict).join(", ") : t("noVerdicts") })}
        {l.agreement !== null && t("agreement", { pct: f.pct(l.agreement) })}
      </p>
      {l.adjudication && (
        <p className="small">
          {t("adjudicated", {
            verdict: w.verdict(l.adjudication.label),
            who: w.person(l.adjudication.by),
            date: f.dateTime(l.adjudication.at),
          })}
          {l.adjudication.note && t("note", { note: l.adjudication.note })}
        </p>
      )}
      {l.decision?.audit && (
        <p className="small">
          {t("audit", {
            judge: l.decision.judge,
            verdict: w.verdict(l.decision.verdict),
            confidence: fixed(l.decision.confidence),
          })}
        </p>
      )}
    </section>
  );
}
