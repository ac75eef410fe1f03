"use client";
/**
 * The export panel's dataset repository: preference pairs, SFT rows and judgments as Parquet per split with its
 * README.md card, made by a background job (lib/exports/hf-dataset.ts) and downloaded as one .zip when it is done.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useJob } from "../queries";

export function HfDatasetRow({ query }: { query: string }) {
  const t = useTranslations("Analytics.exports.hf");
  const errorText = useErrorText();
  const { count } = useFormat();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useJob(jobId);
  const status = job.data?.status;
  const rows = (job.data?.progress as { rows?: number } | null)?.rows;
  async function start() {
    setError(null);
    try {
      setJobId((await api<{ jobId: string }>(`/api/admin/exports/hf-dataset?${query}`, { method: "POST" })).jobId);
    } catch (e) {
      setError(errorText(e));
    }
  }
  return (
    <tr>
      <td>
        <strong>{t("title")}</strong>
        <br />
        <span className="muted small">{t("what")}</span>
        {(error || job.data) && (
          <div className="small" data-testid="hf-dataset-status">
            {error ? (
              <span className="error">{error}</span>
            ) : status === "DONE" ? (
              t("ready", { rows: count(rows ?? 0) })
            ) : status === "FAILED" ? (
              <span className="error">{job.data?.error ?? t("failed")}</span>
            ) : (
              `${t("writing")} ${rows !== undefined ? t("rows", { rows: count(rows) }) : (status?.toLowerCase() ?? "")}`
            )}
          </div>
        )}
      </td>
      <td>
        <div className="actions">
          <button
            className="btn small"
            onClick={start}
            disabled={!!jobId && (status === "QUEUED" || status === "RUNNING" || !status)}
          >
            {t("make")}
          </button>
          {jobId && status === "DONE" && (
            <a className="btn small" href={`/api/admin/jobs/${jobId}/download`} download>
              {t("download")}
            </a>
          )}
        </div>
      </td>
    </tr>
  );
}
