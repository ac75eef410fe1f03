"use client";
/** Background jobs (imports, fits, exports, gold pairs): progress, log, cancel, download. Refreshes while any is active. */
import { useState } from "react";
import type { JobsAnswer } from "@/lib/platform/browser";
import { clock, count, dateTime } from "../../format";
import { useCancelJob } from "../mutations";
import { useJob, useJobs } from "../queries";

type Job = JobsAnswer["jobs"][number];

function progressOf(j: Job): string {
  const p = j.progress;
  if (j.status === "QUEUED") return "waiting for a worker";
  if (j.status !== "RUNNING") return j.status === "FAILED" ? (j.error ?? "failed") : j.status.toLowerCase();
  if (!p) return "starting";
  if (p.rows !== undefined) return `${count(p.rows)} rows written`;
  if (p.plansRead !== undefined)
    return `${count(p.plansRead)} plans · ${count(p.plansPerSecond ?? 0)}/s${p.secondsLeft ? ` · ${p.secondsLeft} s left` : ""}`;
  return p.share !== undefined ? `${Math.round(p.share * 100)} %` : "running";
}

export function JobsPanel() {
  const [open, setOpen] = useState<string | null>(null);
  const jobs = useJobs(15);
  const detail = useJob(open);
  // A job that already finished cannot be cancelled: the list shows how it ended.
  const cancel = useCancelJob();
  return (
    <section className="card" data-testid="jobs">
      <h2>Background jobs</h2>
      {jobs.error && <p className="error">{(jobs.error as Error).message}</p>}
      {jobs.data && !jobs.data.length && (
        <p className="muted">No jobs yet: imports, weight fits and large exports run here.</p>
      )}
      {!!jobs.data?.length && (
        <table className="table" aria-label="Background jobs">
          <thead>
            <tr>
              <th>Job</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Started by</th>
              <th>Created</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.map((j) => (
              <tr key={j.id} data-testid={`job-${j.id}`}>
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() => setOpen(open === j.id ? null : j.id)}
                    aria-expanded={open === j.id}
                  >
                    {j.title}
                  </button>
                </td>
                <td>
                  <span className={`badge status-${j.status.toLowerCase()}`}>{j.status.toLowerCase()}</span>
                  {j.attempts > 1 && <span className="muted"> (try {j.attempts})</span>}
                </td>
                <td className="wrap">{progressOf(j)}</td>
                <td>{j.createdBy ?? "—"}</td>
                <td>{dateTime(j.createdAt)}</td>
                <td>
                  {(j.status === "QUEUED" || j.status === "RUNNING") && (
                    <button type="button" className="btn small" onClick={() => cancel.mutate(j.id)}>
                      Cancel
                    </button>
                  )}
                  {j.kind === "export" && j.status === "DONE" && (
                    <a className="btn small" href={`/api/admin/jobs/${j.id}/download`}>
                      Download
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && detail.data && (
        <div className="job-log" data-testid="job-log">
          <h3>Log — {detail.data.title}</h3>
          <ol>
            {detail.data.log.map((l, i) => (
              <li key={i}>
                <time className="muted">{clock(l.at)}</time> {l.message}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
