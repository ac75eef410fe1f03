"use client";
/**
 * Bradley–Terry ratings with bootstrap intervals (chart and table with each interval's width, style-controlled beside
 * them when on), or with a judge chosen experts only beside experts + the judge; and left-side wins.
 */
import { useTranslations } from "next-intl";
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { FEW, isFew } from "@/lib/kernel/browser";
import { fixed, pValue, useFormat } from "../../format";
import { PredictionPoweredTable, width } from "./PredictionPoweredTable";
import { RatingChart } from "./RatingChart";

export function RatingsSection({ data, r }: { data: LeaderboardAnswer; r: NonNullable<LeaderboardAnswer["report"]> }) {
  const t = useTranslations("Leaderboard.ratings");
  const { pct } = useFormat();
  const unit = r.bootstrap.unit === "query" ? "request" : "battle";
  const pp = data.predictionPowered;
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">
        {t("intro", {
          battles: String(r.battles),
          replicates: String(r.bootstrap.replicates),
          units: String(r.bootstrap.units),
          unit,
        })}
        {data.selfBattles > 0 && ` ${t("selfBattles", { n: String(data.selfBattles) })}`}
      </p>
      {r.groups > 1 && (
        <p className="notice" role="alert">
          {t("groups", { groups: String(r.groups) })}
        </p>
      )}
      {r.unbounded.length > 0 && <p className="notice">{t("unbounded", { planners: r.unbounded.join(", ") })}</p>}
      {r.groups > 1 ? (
        // One chart per group: ratings of different groups share no scale, so they are not drawn on one axis.
        Array.from({ length: r.groups }, (_, g) => (
          <div key={g}>
            <h3 className="small">{t("group", { n: String(g + 1) })}</h3>
            <RatingChart rows={r.models.filter((m) => m.group === g)} label={t("chartGroup", { n: String(g + 1) })} />
          </div>
        ))
      ) : (
        <RatingChart rows={r.models} label={t("chart")} />
      )}
      {pp?.problem && (
        <p className="notice" role="alert">
          {t("noPp", { judge: pp.judge, problem: pp.problem })}
        </p>
      )}
      {pp?.board ? (
        <PredictionPoweredTable pp={pp} />
      ) : (
        <table className="table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              {r.groups > 1 && <th className="num">{t("groupCol")}</th>}
              <th className="num">{t("rank")}</th>
              <th>{t("planner")}</th>
              <th className="num">{t("rating")}</th>
              <th className="num">{t("interval")}</th>
              <th className="num" title={t("widthTitle")}>
                {t("width")}
              </th>
              {r.style && (
                <th className="num" title={t("styleTitle")}>
                  {t("styleControlled")}
                </th>
              )}
              <th className="num">{t("battles")}</th>
              <th className="num">{t("wins")}</th>
              <th className="num">{t("losses")}</th>
              <th className="num">{t("neither")}</th>
            </tr>
          </thead>
          <tbody>
            {r.models.map((m, i) => {
              const s = r.style?.ratings[i];
              return (
                <tr key={m.model}>
                  {r.groups > 1 && <td className="num">{m.group + 1}</td>}
                  <td className="num">{m.rank}</td>
                  <td>
                    {m.model}
                    {isFew(m.battles) && (
                      <span className="muted small" title={t("fewTitle", { few: String(FEW) })}>
                        {" "}
                        · {t("few")}
                      </span>
                    )}
                  </td>
                  <td className="num">{fixed(m.rating, 1)}</td>
                  {m.group >= 0 && m.groupUnits < 2 ? (
                    <td className="num muted" title={t("oneUnitTitle", { unit })}>
                      {t("oneUnit", { unit })}
                    </td>
                  ) : (
                    <td className="num">
                      {fixed(m.ci95[0], 1)} – {fixed(m.ci95[1], 1)}
                    </td>
                  )}
                  <td className="num">{m.group >= 0 && m.groupUnits < 2 ? "—" : fixed(width(m.ci95), 1)}</td>
                  {s && (
                    <td className="num">
                      {fixed(s.rating, 1)}{" "}
                      <span className="muted small">
                        [{fixed(s.ci95[0], 1)}, {fixed(s.ci95[1], 1)}] #{s.rank}
                      </span>
                    </td>
                  )}
                  <td className="num">{m.battles}</td>
                  <td className="num">{m.wins}</td>
                  <td className="num">{m.losses}</td>
                  <td className="num">{m.ties}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="small" aria-label={t("leftLabel")}>
        {t.rich("left", {
          strong: (c) => <strong>{c}</strong>,
          share: pct(r.left.share, 1),
          n: String(r.left.n),
          ci: r.left.ci95
            ? t("leftCi", { lo: fixed(r.left.ci95[0]), hi: fixed(r.left.ci95[1]), p: pValue(r.left.p_value) })
            : "",
          neither: String(r.left.neither),
        })}
      </p>
    </section>
  );
}
