"use client";
/** Every fit, newest first: scope, options, status, train accuracy; showing a finished one's report. */
import { useTranslations } from "next-intl";
import type { FitsAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import { useScopeOptions } from "../ScopeSelects";

export function FitsSection({
  fits,
  shown,
  onShow,
}: {
  fits: FitsAnswer["fits"] | undefined;
  shown: string | null;
  onShow: (id: string) => void;
}) {
  const t = useTranslations("Weights.fits");
  const { dateTime, pct } = useFormat();
  const options = useScopeOptions();
  const nameOf = (id?: string) =>
    id
      ? (options.data?.datasets.find((d) => d.id === id)?.name ??
        options.data?.destinations.find((d) => d.id === id)?.name ??
        id)
      : t("all");
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <table className="table" aria-label={t("title")}>
        <thead>
          <tr>
            <th>{t("started")}</th>
            <th>{t("by")}</th>
            <th>{t("scope")}</th>
            <th>{t("options")}</th>
            <th>{t("status")}</th>
            <th className="num">{t("train")}</th>
            <th>
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fits?.map((f) => (
            <tr key={f.id} className={f.id === shown ? "selected" : undefined}>
              <td>{dateTime(f.createdAt)}</td>
              <td>{f.createdBy ?? "—"}</td>
              <td>
                {nameOf(f.filters.datasetId)}
                {f.filters.destinationId ? ` · ${nameOf(f.filters.destinationId)}` : ""}
              </td>
              <td className="small">
                {t("optionsText", {
                  folds: String(f.options.folds),
                  bootstrap: String(f.options.bootstrap),
                  seed: String(f.options.seed),
                })}
              </td>
              <td>
                {f.status === "FAILED" ? (
                  <span className="error" title={f.error ?? ""}>
                    {t("failed", { error: String(f.error) })}
                  </span>
                ) : f.status === "RUNNING" ? (
                  t("running", { percent: String(Math.floor(f.progress * 100)) })
                ) : t.has(`statuses.${f.status}`) ? (
                  t(`statuses.${f.status}`)
                ) : (
                  f.status.toLowerCase()
                )}
              </td>
              <td className="num">{pct(f.trainAccuracy, 1)}</td>
              <td>
                {f.status === "DONE" && f.id !== shown && (
                  <button className="btn small" onClick={() => onShow(f.id)}>
                    {t("show")}
                  </button>
                )}
              </td>
            </tr>
          ))}
          {fits?.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                {t("none")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
