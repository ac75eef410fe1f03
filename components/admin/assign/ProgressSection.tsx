"use client";
/**
 * Progress per dataset (with its raters per pair, diagnostics switch, and preference strength and dimensions,
 * which are chosen before the dataset's first judgment), per destination and per expert.
 */
import { useLocale, useTranslations } from "next-intl";
import type { OverviewAnswer } from "@/lib/platform/browser";
import { seconds, useFormat } from "../../format";
import { useUpdateDataset, type Then } from "../mutations";
import { CorrectionsCell, type CorrectionSettings } from "./CorrectionsCell";
import { DimensionsCell } from "./DimensionsCell";

function Bar({ done, total }: { done: number; total: number }) {
  const t = useTranslations("Assign.progress");
  return (
    <span className="minibar" title={t("bar", { done: String(done), total: String(total) })}>
      <span style={{ width: `${total ? (100 * done) / total : 0}%` }} />
    </span>
  );
}

export function ProgressSection({ o, then }: { o: OverviewAnswer; then: Then<unknown, unknown> }) {
  const t = useTranslations("Assign.progress");
  const { pctOf } = useFormat();
  // English keeps its whole seconds ("245 s"); another language says them in its unit.
  const english = useLocale() === "en";
  const median = (v: number | null) =>
    english || v === null ? seconds(v) : t("seconds", { n: String(Math.round(v)) });
  const update = useUpdateDataset(then);
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      {/* Datasets take the full width: each row carries its settings (strength, dimensions) beside its progress. */}
      <div className="table-scroll">
        <table className="table" aria-label={t("datasetTable")}>
          <thead>
            <tr>
              <th>{t("dataset")}</th>
              <th>{t("raters")}</th>
              <th className="num">{t("complete")}</th>
              <th>{t("diagnostics")}</th>
              <th>{t("strength")}</th>
              <th>{t("dimensions")}</th>
              <th>{t("corrections")}</th>
            </tr>
          </thead>
          <tbody>
            {o.datasets.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>
                  <input
                    type="number"
                    min={1}
                    max={10}
                    defaultValue={d.raters ?? 3}
                    aria-label={t("ratersFor", { name: d.name })}
                    className="narrow-input"
                    onBlur={(e) =>
                      Number(e.target.value) !== d.raters &&
                      update.mutate({ id: d.id, requiredRaters: Number(e.target.value) })
                    }
                  />
                </td>
                <td className="num">
                  {d.complete} / {d.pairs}
                  {d.decided > 0 && (
                    <span className="muted small">{t("decided", { count: String(d.decided) })}</span>
                  )}{" "}
                  <Bar done={d.judgments} total={d.needed} />
                </td>
                <td>
                  <label className="checkbox small">
                    <input
                      type="checkbox"
                      checked={d.showDiagnostics}
                      onChange={(e) => update.mutate({ id: d.id, showDiagnostics: e.target.checked })}
                    />
                    {t("showToExperts")}
                  </label>
                </td>
                <td>
                  <label className="checkbox small" title={d.judgments > 0 ? t("strengthLocked") : t("strengthHelp")}>
                    <input
                      type="checkbox"
                      checked={d.preferenceStrength}
                      disabled={d.judgments > 0}
                      onChange={(e) => update.mutate({ id: d.id, preferenceStrength: e.target.checked })}
                    />
                    {t("askStrength")}
                  </label>
                </td>
                <td>
                  <DimensionsCell
                    name={d.name}
                    dimensions={d.dimensions}
                    version={d.dimensionsVersion}
                    started={d.judgments > 0}
                    onSave={(dimensions) => update.mutate({ id: d.id, dimensions })}
                  />
                </td>
                <td>
                  <CorrectionsCell
                    name={d.name}
                    settings={d as Partial<CorrectionSettings>}
                    onSave={(change) => update.mutate({ id: d.id, ...change })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid-3">
        <div>
          <table className="table" aria-label={t("destinationTable")}>
            <thead>
              <tr>
                <th>{t("destination")}</th>
                <th className="num">{t("complete")}</th>
                <th className="num">{t("judgments")}</th>
              </tr>
            </thead>
            <tbody>
              {o.destinations.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td className="num">
                    {d.complete} / {d.pairs}
                    {d.decided > 0 && <span className="muted small">{t("decided", { count: String(d.decided) })}</span>}
                  </td>
                  <td className="num">
                    {pctOf(d.judgments, d.needed)} <Bar done={d.judgments} total={d.needed} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <table className="table" aria-label={t("expertTable")}>
            <thead>
              <tr>
                <th>{t("expert")}</th>
                <th className="num">{t("judged")}</th>
                <th className="num">{t("skipped")}</th>
                <th className="num">{t("holding")}</th>
                <th className="num">{t("median")}</th>
              </tr>
            </thead>
            <tbody>
              {o.experts.map((e) => (
                <tr key={e.id}>
                  <td>{e.name}</td>
                  <td className="num">{e.judged}</td>
                  <td className="num">{e.skipped}</td>
                  <td className="num">{e.claimed}</td>
                  <td className="num">{median(e.medianSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
