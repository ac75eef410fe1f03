"use client";
/** Style control: the covariates' coefficients with their intervals, collinear pairs, and the style-controlled ratings. */
import { useTranslations } from "next-intl";
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed } from "../../format";
import { RatingChart } from "./RatingChart";

type Report = NonNullable<LeaderboardAnswer["report"]>;

export function StyleSection({ style, models }: { style: NonNullable<Report["style"]>; models: Report["models"] }) {
  // Battles per planner, for the chart's "few battles" (the style fit uses the same battles).
  const t = useTranslations("Leaderboard.style");
  const battles = new Map(models.map((m) => [m.model, m.battles]));
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th>{t("covariate")}</th>
            <th className="num">{t("coefficient")}</th>
            <th className="num">{t("interval")}</th>
          </tr>
        </thead>
        <tbody>
          {style.covariates.map((c) => (
            <tr key={c.name}>
              <td>{t.has(`covariates.${c.name}`) ? t(`covariates.${c.name}`) : c.name.replaceAll("_", " ")}</td>
              <td className="num">{c.coefficient === null ? t("constant") : fixed(c.coefficient)}</td>
              <td className="num">{c.ci95 ? `${fixed(c.ci95[0])} – ${fixed(c.ci95[1])}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {style.collinear.map((c) => (
        <p key={`${c.a}-${c.b}`} className="notice small">
          {t("collinear", {
            a: t.has(`covariates.${c.a}`) ? t(`covariates.${c.a}`) : c.a.replaceAll("_", " "),
            b: t.has(`covariates.${c.b}`) ? t(`covariates.${c.b}`) : c.b.replaceAll("_", " "),
            r: fixed(c.r, 2),
          })}
        </p>
      ))}
      <RatingChart
        rows={style.ratings.map((s) => ({ ...s, battles: battles.get(s.model) ?? 0 }))}
        label={t("chartLabel")}
      />
    </section>
  );
}
