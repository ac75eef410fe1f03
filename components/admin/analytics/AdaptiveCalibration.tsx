"use client";
/** With adaptive raters on: the statistics that need three raters on every pair, computed on the calibration share. */
import { useTranslations } from "next-intl";
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { fixed, useFormat } from "../../format";

const ci = (c: readonly number[] | null | undefined) => (c ? ` [${fixed(c[0])}, ${fixed(c[1])}]` : "");

export function AdaptiveCalibration({ adaptive }: { adaptive: NonNullable<AnalyticsAnswer["adaptive"]> }) {
  const t = useTranslations("Analytics.adaptive");
  const { pct } = useFormat();
  const s = adaptive.summary;
  return (
    <section className="card" aria-label={t("label")} data-testid="adaptive-calibration">
      <h2>{t("title")}</h2>
      <p className="notice">
        {t("notice", {
          datasets: adaptive.datasets
            .map((d) => t("dataset", { name: d.name, share: pct(d.calibrationShare) }))
            .join(t("separator")),
          pairs: String(adaptive.pairs),
        })}
      </p>
      {s ? (
        <table className="table">
          <tbody>
            <tr>
              <td>Fleiss&apos; κ</td>
              <td className="num">
                {fixed(s.fleiss_kappa)}
                {ci(s.ci95.fleiss_kappa)}
              </td>
            </tr>
            <tr>
              <td>{t("light")}</td>
              <td className="num">
                {fixed(s.light_kappa)}
                {ci(s.ci95.light_kappa)}
              </td>
            </tr>
            {Object.entries(s.cohen_kappa_by_slot_pair).map(([k, v]) => (
              <tr key={k}>
                <td>{t("cohen", { slots: k })}</td>
                <td className="num">{fixed(v)}</td>
              </tr>
            ))}
            <tr>
              <td>{t("pairwise")}</td>
              <td className="num">
                {fixed(s.pairwise_agreement)}
                {ci(s.ci95.pairwise_agreement)}
              </td>
            </tr>
            <tr>
              <td>{t("alpha")}</td>
              <td className="num">
                {fixed(s.krippendorff_alpha)}
                {ci(s.ci95.krippendorff_alpha)}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="muted">{t("none")}</p>
      )}
    </section>
  );
}
