"use client";
/**
 * The judgment under review, in the pair's terms: the verdict and its strength, each dimension's answer, the rationale,
 * the time on task, which side the expert saw plan A on, when, by whom (pseudonymous to reviewers), and the comments.
 */
import { useTranslations } from "next-intl";
import type { ReviewItem } from "@/lib/review/browser";
import { useFormat } from "../../format";

export function JudgmentPanel({ item }: { item: ReviewItem }) {
  const t = useTranslations("Review");
  const v = useTranslations("Verdict");
  const f = useFormat();
  const verdict =
    item.verdict === "NEITHER"
      ? v("neither")
      : item.strength && [1, 2, 3].includes(item.strength)
        ? v("betterBy", { plan: item.verdict, strength: String(item.strength) })
        : v("better", { plan: item.verdict });
  const answer = (a: { v: string; s?: number } | undefined) => {
    if (!a) return "—";
    if (a.v === "SAME" || a.v === "NA") return t(`dimension.${a.v}`);
    return a.s && [1, 2, 3].includes(a.s)
      ? t("dimension.planBy", { plan: a.v, strength: String(a.s) })
      : t("dimension.plan", { plan: a.v });
  };
  return (
    <section className="review-judgment" aria-label={t("judgment")}>
      <p className="review-verdict">
        <strong data-testid="review-verdict">{verdict}</strong>
        <span className="muted small">
          {" "}
          {t("meta", {
            expert: item.expert,
            time: f.duration(item.timeOnTaskMs),
            date: f.dateTime(item.submittedAt),
            plan: item.leftPlan,
          })}
        </span>
      </p>
      {item.dimensionsAsked.length > 0 && (
        <ul className="review-dimensions" aria-label={t("perDimension")}>
          {item.dimensionsAsked.map((d) => (
            <li key={d.key}>
              <span className="muted">{d.name}:</span> {answer(item.dimensions?.[d.key])}
            </li>
          ))}
        </ul>
      )}
      <blockquote className="review-rationale" data-testid="review-rationale">
        {item.rationale}
      </blockquote>
      {item.comments.length > 0 && (
        <ul className="review-comments small" aria-label={t("comments")}>
          {item.comments.map((c) => (
            <li key={c.at}>
              <span className="muted">{t(c.mine ? "you" : "aReviewer", { date: f.dateTime(c.at) })}</span> {c.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
