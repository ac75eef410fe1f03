"use client";
/**
 * The export panel's dataset repository: preference pairs, SFT rows and judgments as Parquet per split with its
 * README.md card, made by a background job (lib/exports/hf-dataset.ts) and downloaded as one .zip when it is done.
 */
import { useState } from "react";
import { api } from "../../api";
import { count } from "../../format";
import { useJob } from "../queries";

export function HfDatasetRow({ query }: { query: string }) {
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
      setError((e as Error).message);
    }
  }
  return (
    <tr>
      <td>
        <strong>Dataset repository</strong>
        <br />
        <span className="muted small">
          a folder to push to the Hugging Face Hub as it is: preference pairs, SFT rows and judgments as Parquet per
          split, and a README.md dataset card (protocol, counts, agreement); rows in the format of the trainer chosen
          for SFT rows above
        </span>
        {(error || job.data) && (
          <div className="small" data-testid="hf-dataset-status">
            {error ? (
              <span className="error">{error}</span>
            ) : status === "DONE" ? (
              `Ready: ${count(rows ?? 0)} rows.`
            ) : status === "FAILED" ? (
              <span className="error">{job.data?.error ?? "The job failed."}</span>
            ) : (
              `Writing… ${rows !== undefined ? `${count(rows)} rows` : (status?.toLowerCase() ?? "")}`
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
            Make .zip
          </button>
          {jobId && status === "DONE" && (
            <a className="btn small" href={`/api/admin/jobs/${jobId}/download`} download>
              Download .zip
            </a>
          )}
        </div>
      </td>
    </tr>
  );
}
