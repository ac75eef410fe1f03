"use client";
/**
 * A finished fit's report: accuracies (train, cross-validated, bootstrap), Kendall's tau, the fitted weights
 * beside TripScore's and those in use, folds, sensitivity; how the weights in use score on the same pairs; adopting its
 * weights.
 */
import { useTranslations } from "next-intl";
import type { FitReport } from "@/lib/results/fitting/browser";
import { fixed, useFormat } from "../../format";
import type { useAdoptFit } from "../mutations";
import { FEATURES, label } from "./weights";

export function FitReportSection({
  r,
  shown,
  latest,
  adopted,
  defaults,
  current,
  adopt,
}: {
  r: FitReport;
  /** The fit shown, and the latest one done. */
  shown: string;
  latest: boolean;
  /** The fit whose weights are in use, if any. */
  adopted: string | undefined;
  defaults: Record<string, number>;
  current: Record<string, number> | null;
  adopt: ReturnType<typeof useAdoptFit>;
}) {
  const t = useTranslations("Weights.report");
  const { pct } = useFormat();
  const comparedName = (name: string) =>
    name === "in use"
      ? t("comparedInUse")
      : name === "in use (TripScore's defaults)"
        ? t("comparedDefaults")
        : name[0].toUpperCase() + name.slice(1);
  return (
    <section className="card" aria-label={t("label")}>
      <h2>{t("title", { latest: latest ? t("latest") : "" })}</h2>
      <dl className="counts">
        <div title={t("trainTitle")}>
          <dt>{t("train")}</dt>
          <dd>{pct(r.train_accuracy, 1)}</dd>
        </div>
        <div title={t("cvTitle")}>
          <dt>{t("cv")}</dt>
          <dd>{r.cv ? pct(r.cv.mean, 1) : "—"}</dd>
          <dd className="small muted">
            {r.cv
              ? t("cvSpread", { std: fixed(r.cv.std * 100, 1), folds: String(r.cv.fold_accuracy.length) })
              : t("skipped")}
          </dd>
        </div>
        <div title={t("bootstrapTitle")}>
          <dt>{t("bootstrap")}</dt>
          <dd>{r.bootstrap ? pct(r.bootstrap.accuracy, 1) : "—"}</dd>
          <dd className="small muted">
            {r.bootstrap ? t("ci", { lo: pct(r.bootstrap.ci95[0], 1), hi: pct(r.bootstrap.ci95[1], 1) }) : ""}
          </dd>
        </div>
        <div title={t("tauTitle")}>
          <dt>{t("tau")}</dt>
          <dd>{fixed(r.kendall_tau.train)}</dd>
          <dd className="small muted">{t("validationTau", { tau: fixed(r.kendall_tau.validation) })}</dd>
        </div>
        <div>
          <dt>{t("pairs")}</dt>
          <dd>{r.pairs}</dd>
          <dd className="small muted">
            {t("labels", {
              a: String(r.labels.better_a),
              b: String(r.labels.better_b),
              neither: String(r.labels.neither),
            })}
          </dd>
        </div>
      </dl>
      <div className="fit-columns">
        <table className="table" aria-label={t("weightsLabel")}>
          <thead>
            <tr>
              <th>{t("weight")}</th>
              <th className="num">{t("fitted")}</th>
              <th className="num">TripScore</th>
              <th className="num">{t("inUse")}</th>
            </tr>
          </thead>
          <tbody>
            {[...FEATURES, "w3", "w4"].map((f) => {
              const fitted = f === "w3" ? r.w3 : f === "w4" ? r.w4 : r.weights[f];
              return (
                <tr key={f}>
                  <td>{f === "w3" ? t("w3") : f === "w4" ? t("w4") : label(f)}</td>
                  <td className="num">
                    <strong>{fitted}</strong>
                  </td>
                  <td className="num">{defaults[f]}</td>
                  <td className="num">{current?.[f]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div>
          {r.cv && (
            <table className="table" aria-label={t("foldsLabel")}>
              <thead>
                <tr>
                  <th>{t("fold")}</th>
                  <th className="num">{t("pairs")}</th>
                  <th className="num">{t("validationAccuracy")}</th>
                </tr>
              </thead>
              <tbody>
                {r.cv.fold_accuracy.map((a, i) => (
                  <tr key={i}>
                    <td>{i + 1}</td>
                    <td className="num">{r.cv!.fold_sizes[i]}</td>
                    <td className="num">{pct(a, 1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <table className="table" aria-label={t("sensitivity")}>
            <thead>
              <tr>
                <th title={t("scaleTitle")}>(w3, w4) ×</th>
                <th className="num">w3, w4</th>
                <th className="num">{t("trainCol")}</th>
                <th className="num">{t("validationCol")}</th>
              </tr>
            </thead>
            <tbody>
              {r.sensitivity.map((s) => (
                <tr key={s.scale}>
                  <td>{s.scale}</td>
                  <td className="num">
                    {fixed(s.w3, 2)}, {fixed(s.w4, 2)}
                  </td>
                  <td className="num">{pct(s.train_accuracy, 1)}</td>
                  <td className="num">{pct(s.validation_accuracy, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {r.compared && r.compared.length > 0 && (
        <table className="table compare-table" aria-label={t("comparedLabel")}>
          <caption className="muted small">{t("comparedCaption", { pairs: String(r.pairs) })}</caption>
          <thead>
            <tr>
              <th>{t("weightsCol")}</th>
              <th className="num">{t("accuracy")}</th>
              <th className="num">{t("tau")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{t("fittedTrain")}</td>
              <td className="num">{pct(r.train_accuracy, 1)}</td>
              <td className="num">{fixed(r.kendall_tau.train)}</td>
            </tr>
            {r.cv && (
              <tr>
                <td>{t("fittedCv")}</td>
                <td className="num">{pct(r.cv.mean, 1)}</td>
                <td className="num">{fixed(r.kendall_tau.validation)}</td>
              </tr>
            )}
            {r.compared.map((c) => (
              <tr key={c.name}>
                <td>{comparedName(c.name)}</td>
                <td className="num">{pct(c.accuracy, 1)}</td>
                <td className="num">{fixed(c.kendall_tau)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="actions-row">
        <button className="btn" onClick={() => adopt.mutate(shown)} disabled={adopt.isPending || adopted === shown}>
          {adopted === shown ? t("adopted") : t("adopt")}
        </button>
        <span className="muted small">{t("adoptNote")}</span>
      </p>
    </section>
  );
}
