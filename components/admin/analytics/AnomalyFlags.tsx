"use client";
/** The analytics page's anomaly flags: each flagged expert with every flag's own explanation (from the quality report). */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useQuality } from "../queries";

export function AnomalyFlags() {
  const t = useTranslations("Analytics.flags");
  const tq = useTranslations("Quality.expertRow");
  const q = useQuality();
  if (!q.data) return null;
  const flagged = q.data.experts.filter((e) => e.flags.length > 0);
  return (
    <section className="card" aria-label={t("title")}>
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      {flagged.length === 0 ? (
        <p data-testid="no-flags">{t("none")}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t("expert")}</th>
              <th>{t("flags")}</th>
            </tr>
          </thead>
          <tbody>
            {flagged.map((e) => (
              <tr key={e.userId} data-testid={`flags-${e.email}`}>
                <td>{e.name}</td>
                <td>
                  <ul className="flag-list">
                    {e.flags.map((f) => (
                      <li key={f.kind}>
                        <strong>{tq.has(`flags.${f.kind}`) ? tq(`flags.${f.kind}`) : f.kind.replace("_", " ")}</strong>:{" "}
                        {f.message}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="small">
        <Link href="/admin/quality">{t("link")}</Link>
      </p>
    </section>
  );
}
