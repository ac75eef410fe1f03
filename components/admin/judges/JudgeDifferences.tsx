"use client";
/** Differences between judges: three-class accuracy of one minus another's on the pairs both judged, with a paired bootstrap interval. */
import { useTranslations } from "next-intl";
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { fixed, points } from "../../format";

export function JudgeDifferences({ differences }: { differences: JudgeBoardAnswer["differences"] }) {
  const t = useTranslations("Judges.differences");
  if (!differences.length) return null;
  return (
    <>
      <h3>{t("title")}</h3>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th>{t("judge")}</th>
            <th>{t("vs")}</th>
            <th className="num">{t("pairs")}</th>
            <th className="num">{t("difference")}</th>
            <th className="num">{t("interval")}</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((x) => (
            <tr key={`${x.a}|${x.b}`}>
              <td>{x.a}</td>
              <td>{x.b}</td>
              <td className="num">{x.pairs}</td>
              <td className="num">
                {x.difference == null ? "—" : t("points", { v: points(x.difference).replace(/ pts$/, "") })}
              </td>
              <td className="num">{x.ci95 ? `${fixed(100 * x.ci95[0], 1)} – ${fixed(100 * x.ci95[1], 1)}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
