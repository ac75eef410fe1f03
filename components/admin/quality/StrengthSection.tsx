"use client";
/**
 * Is strength calibrated? Per expert who gave strengths (datasets with preference strength): for each stated
 * strength, how often the other experts of the same pairs chose the same side, with its 95 % Wilson interval. An
 * expert whose "decisively" is shared no more often than their "slightly" is shown, not flagged.
 */
import { useTranslations } from "next-intl";
import type { QualityAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";

export function StrengthSection({ q }: { q: QualityAnswer }) {
  const t = useTranslations("Quality.strength");
  const { pct } = useFormat();
  if (!q.strength.length) return null;
  const names = new Map(q.experts.map((e) => [e.userId, e.name]));
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th>{t("expert")}</th>
            {([1, 2, 3] as const).map((s) => (
              <th key={s} className="num">
                {t(`words.${s}`)}
              </th>
            ))}
            <th>
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {q.strength.map((c) => (
            <tr key={c.userId}>
              <td>{names.get(c.userId) ?? c.userId}</td>
              {([1, 2, 3] as const).map((s) => {
                const x = c.byStrength[s];
                return (
                  <td key={s} className="num">
                    {x.shared ? (
                      <>
                        {pct(x.shared.share)}{" "}
                        <span className="muted small">
                          [{pct(x.shared.ci95[0])}–{pct(x.shared.ci95[1])}] n={x.others}
                        </span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                );
              })}
              <td className="small">{c.flat ? t("flat") : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
