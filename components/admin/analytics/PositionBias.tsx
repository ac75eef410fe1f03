"use client";
/** Position bias on the analytics page: how often experts chose the plan shown on the left. */
import { useTranslations } from "next-intl";
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { pValue, useFormat } from "../../format";

type Position = AnalyticsAnswer["position"];
type Share = Position["overall"];

function Row({ name, s }: { name: string; s: Share }) {
  const t = useTranslations("Analytics.position");
  const { pct } = useFormat();
  const flagged = s.p_value !== null && s.p_value < 0.01;
  return (
    <tr className={flagged ? "flagged" : undefined}>
      <td>{name}</td>
      <td className="num">{s.n}</td>
      <td className="num">{s.left}</td>
      <td className="num">{pct(s.share, 1)}</td>
      <td className="num">{s.ci95 ? `${pct(s.ci95[0], 1)} – ${pct(s.ci95[1], 1)}` : "—"}</td>
      <td className="num">
        {pValue(s.p_value)}
        {flagged && (
          <span className="badge" title={t("biasTitle")}>
            {" "}
            {t("bias")}
          </span>
        )}
      </td>
      <td className="num">{s.neither}</td>
    </tr>
  );
}

export function PositionBias({ position: d }: { position: Position }) {
  const t = useTranslations("Analytics.position");
  return (
    <section className="card" aria-label={t("title")}>
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th>{t("expert")}</th>
            <th className="num">{t("decisive")}</th>
            <th className="num">{t("forLeft")}</th>
            <th className="num">{t("share")}</th>
            <th className="num">{t("wilson")}</th>
            <th className="num">p</th>
            <th className="num">{t("neither")}</th>
          </tr>
        </thead>
        <tbody>
          <Row name={t("all")} s={d.overall} />
          {d.experts.map((e) => (
            <Row key={e.userId} name={e.name} s={e} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
