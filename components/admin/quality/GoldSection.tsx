"use client";
/**
 * The quality page's gold pairs: per dataset (gold rate, making gold pairs, adaptive raters, serving order), and by
 * kind. Making them is a background job: its progress shows here, and the page's figures refresh when it is done.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { GoldMadeAnswer, QualityAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";
import { useMakeGold, useSetQualityOfDataset } from "../mutations";
import { useJob } from "../queries";
import { ServingOrderCell } from "./ServingOrderCell";

export function GoldSection({ q }: { q: QualityAnswer }) {
  const t = useTranslations("Quality.gold");
  const td = useTranslations("Quality.defects");
  const errorText = useErrorText();
  const { pctOf } = useFormat();
  const [plans, setPlans] = useState(200);
  const make = useMakeGold();
  const job = useJob(make.data?.jobId ?? null);
  const status = job.data?.status;
  const running = make.isPending || status === "QUEUED" || status === "RUNNING" || (!!make.data && !status);
  const progress = job.data?.progress as { plans?: number; made?: number; total?: number } | null | undefined;
  const made = status === "DONE" ? (job.data?.result as GoldMadeAnswer | null) : null;
  const qc = useQueryClient();
  useEffect(() => {
    if (status === "DONE") void qc.invalidateQueries({ queryKey: KEYS.quality });
  }, [status, qc]);
  // One hook, two uses: the rate form and the adaptive checkbox each keep their own pending state and answer.
  const adaptive = useSetQualityOfDataset();
  const rate = useSetQualityOfDataset();
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("byDatasetLabel")}>
        <thead>
          <tr>
            <th>{t("dataset")}</th>
            <th className="num">{t("goldPairs")}</th>
            <th>{t("goldRate")}</th>
            <th>
              <span className="sr-only">{t("actions")}</span>
            </th>
            <th title={t("adaptiveTitle")}>{t("adaptive")}</th>
            <th title={t("servingTitle")}>{t("serving")}</th>
          </tr>
        </thead>
        <tbody>
          {q.gold.datasets.map((d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td className="num">{d.pairs}</td>
              <td>
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rate.mutate({ id: d.id, goldRate: Number(new FormData(e.currentTarget).get("rate")) / 100 });
                  }}
                >
                  <input
                    name="rate"
                    type="number"
                    min={0}
                    max={50}
                    step={0.5}
                    defaultValue={+(d.rate * 100).toFixed(1)}
                    className="narrow-input"
                    aria-label={t("rateOf", { name: d.name })}
                  />{" "}
                  %
                  <button className="btn small" type="submit">
                    {t("set")}
                  </button>
                </form>
              </td>
              <td>
                <button
                  className="btn small"
                  type="button"
                  disabled={running}
                  onClick={() => make.mutate({ datasetId: d.id, plans })}
                >
                  {t("make")}
                </button>
              </td>
              <td>
                <label className="checkbox small">
                  <input
                    type="checkbox"
                    checked={d.adaptiveRaters}
                    disabled={adaptive.isPending}
                    onChange={(e) => adaptive.mutate({ id: d.id, adaptiveRaters: e.target.checked })}
                    aria-label={t("adaptiveOf", { name: d.name })}
                  />{" "}
                  {d.adaptiveRaters ? t("on") : t("off")}
                </label>
              </td>
              <td>
                <ServingOrderCell d={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="small">
        {t("plansPerRun")}{" "}
        <input
          type="number"
          min={1}
          max={1_000_000}
          value={plans}
          onChange={(e) => setPlans(Number(e.target.value))}
          className="narrow-input"
        />
      </label>
      {running && (
        <p role="status">
          {t("making")}
          {progress?.total
            ? ` ${t("progress", { tried: String(progress.plans ?? 0), total: String(progress.total), made: String(progress.made ?? 0) })}`
            : ""}
        </p>
      )}
      {made && (
        <p className="ok" role="status">
          {t("made", { made: String(made.made), tried: String(made.tried), discarded: String(made.discarded) })}
        </p>
      )}
      {status === "FAILED" && (
        <p className="error" role="alert">
          {job.data?.error ?? t("failed")}
        </p>
      )}
      {adaptive.data && (
        <p className="ok" role="status">
          {t("adaptiveChanged", {
            state: adaptive.variables?.adaptiveRaters ? t("on") : t("off"),
            pairs: String(adaptive.data.pairsChanged),
          })}
        </p>
      )}
      {(make.error || rate.error || adaptive.error) && (
        <p className="error" role="alert">
          {errorText(make.error ?? rate.error ?? adaptive.error)}
        </p>
      )}
      <table className="table" aria-label={t("byKindLabel")}>
        <thead>
          <tr>
            <th>{t("kind")}</th>
            <th className="num">{t("pairs")}</th>
            <th className="num">{t("answers")}</th>
            <th className="num">{t("right")}</th>
          </tr>
        </thead>
        <tbody>
          {q.gold.byKind.map((k) => (
            <tr key={k.kind}>
              <td>{k.kind === "promoted" ? t("promoted") : td.has(k.kind) ? td(k.kind) : k.kind}</td>
              <td className="num">{k.pairs}</td>
              <td className="num">{k.answers}</td>
              <td className="num">{pctOf(k.right, k.answers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
