"use client";
/** The raters: confusion of each two slots, each expert's agreement and habits, Cohen's κ per pair of experts. */
import { useTranslations } from "next-intl";
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { fixed } from "../../format";

export function RatersSection({
  r,
  minShared,
  setMinShared,
}: {
  r: AnalyticsAnswer;
  /** Only pairs of experts sharing at least this many pairs are listed. */
  minShared: number;
  setMinShared: (n: number) => void;
}) {
  const t = useTranslations("Analytics.raters");
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <div className="grid-3">
        {Object.entries(r.confusion).map(([slots, m]) => (
          <table
            key={slots}
            className="table confusion"
            aria-label={t("confusionOf", { slots })}
            title={t("confusionTitle")}
          >
            <thead>
              <tr>
                <th>{t("slots", { slots })}</th>
                <th className="num">A</th>
                <th className="num">B</th>
                <th className="num">{t("neither")}</th>
              </tr>
            </thead>
            <tbody>
              {m.map((row, i) => (
                <tr key={i}>
                  <th>{["A", "B", t("neither")][i]}</th>
                  {row.map((c, j) => (
                    <td key={j} className={`num${i === j ? " diag" : ""}`}>
                      {c}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <table className="table" aria-label={t("experts")}>
        <thead>
          <tr>
            <th>{t("expert")}</th>
            <th className="num">{t("pairs")}</th>
            <th className="num" title={t("agreesTitle")}>
              {t("agrees")} <span className="help">?</span>
            </th>
            <th className="num" title={t("cohenTitle")}>
              {t("cohen")} <span className="help">?</span>
            </th>
            <th className="num">{t("median")}</th>
            <th className="num" title={t("leftTitle")}>
              {t("left")} <span className="help">?</span>
            </th>
            <th className="num" title={t("skipsTitle")}>
              {t("skips")}
            </th>
          </tr>
        </thead>
        <tbody>
          {r.experts.map((e) => (
            <tr key={e.expert}>
              <td>{e.expert}</td>
              <td className="num">{e.pairs}</td>
              <td className="num">{fixed(e.agreementWithOthers)}</td>
              <td className="num">{fixed(e.cohenWithPeers)}</td>
              <td className="num">
                {e.medianSeconds == null ? "—" : t("seconds", { s: String(Math.round(e.medianSeconds)) })}
              </td>
              <td className="num">{fixed(e.leftShare)}</td>
              <td className="num">{e.skips ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t("pairsTitle")}</h3>
      <label className="checkbox small">
        {t("minBefore")}
        <input
          type="number"
          min={1}
          max={10000}
          value={minShared}
          className="narrow-input"
          onChange={(e) => setMinShared(Math.max(1, Number(e.target.value) || 1))}
          aria-label={t("minLabel")}
        />
        {t("minAfter")}
      </label>
      {r.expertPairs.length === 0 ? (
        <p className="muted">{t("noPairs", { n: String(r.minShared) })}</p>
      ) : (
        <table className="table" aria-label={t("pairsLabel")}>
          <thead>
            <tr>
              <th>{t("experts")}</th>
              <th className="num">{t("shared")}</th>
              <th className="num">Cohen&apos;s κ</th>
            </tr>
          </thead>
          <tbody>
            {r.expertPairs.map((p) => (
              <tr key={`${p.a}|${p.b}`}>
                <td>
                  {p.a} · {p.b}
                </td>
                <td className="num">{p.shared}</td>
                <td className="num">{fixed(p.kappa)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
