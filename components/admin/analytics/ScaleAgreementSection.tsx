"use client";
/**
 * Agreement per dimension and on the signed preference (−3…+3), per dataset: Fleiss' κ, Krippendorff's α under
 * the four levels of measurement with 95 % bootstrap intervals, and Cohen's κ and weighted κ per slot pair.
 */
import { useTranslations } from "next-intl";
import type { Interval, ScaleAgreement } from "@/lib/results/agreement/browser";
import { fixed, useFormat } from "../../format";

const LEVELS = ["nominal", "ordinal", "interval", "ratio"] as const;

function WithCi({ v, ci }: { v: number | null; ci: Interval | null }) {
  const t = useTranslations("Analytics");
  return (
    <td className="num" title={ci ? t("bootstrapTitle", { replicates: String(ci.replicates) }) : undefined}>
      {fixed(v)}
      {ci && (
        <span className="muted small">
          {" "}
          [{fixed(ci.lo)}, {fixed(ci.hi)}]
        </span>
      )}
    </td>
  );
}

export function ScaleAgreementSection({ scales }: { scales: ScaleAgreement[] }) {
  const t = useTranslations("Analytics.scales");
  const { count } = useFormat();
  if (!scales.length) return null;
  const slotPairs = [...new Set(scales.flatMap((s) => Object.keys(s.report.weighted_kappa_by_slot_pair)))].sort();
  return (
    <section className="card" data-testid="scale-agreement">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th>{t("dataset")}</th>
            <th>{t("scale")}</th>
            <th className="num">{t("pairs")}</th>
            <th className="num">Fleiss&apos; κ</th>
            {LEVELS.map((l) => (
              <th key={l} className="num">
                α {t(`levels.${l}`)}
              </th>
            ))}
            {slotPairs.map((p) => (
              <th key={p} className="num" title={t("slotTitle", { slots: p })}>
                {t("slotHeader", { slots: p })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scales.map((s) => (
            <tr key={`${s.datasetId}:${s.scale}`} data-scale={s.scale}>
              <td>{s.dataset}</td>
              <td>{s.scale.startsWith("dim:") ? s.label : t("signed")}</td>
              <td className="num">{count(s.report.pairs)}</td>
              <WithCi v={s.report.fleiss_kappa} ci={s.report.ci95.fleiss_kappa} />
              {LEVELS.map((l) => (
                <WithCi key={l} v={s.report.krippendorff_alpha[l]} ci={s.report.ci95.krippendorff_alpha[l]} />
              ))}
              {slotPairs.map((p) => {
                const w = s.report.weighted_kappa_by_slot_pair[p];
                return (
                  <td key={p} className="num">
                    {fixed(s.report.cohen_kappa_by_slot_pair[p] ?? null)}
                    <span className="muted small">
                      {" "}
                      · {fixed(w?.linear ?? null)} / {fixed(w?.quadratic ?? null)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
