"use client";
import { api } from "../api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { JobAnswer, JobsAnswer } from "@/lib/server/responses";

type JobRow = JobsAnswer["jobs"][number];

const n = (x: number) => x.toLocaleString("en-US");

function progressOf(j: JobRow): string {
  const p = j.progress;
  if (j.status === "QUEUED") return "waiting for a worker";
  if (j.status !== "RUNNING") return j.status === "FAILED" ? (j.error ?? "failed") : j.status.toLowerCase();
  if (!p) return "starting";
  if (p.rows !== undefined) return `${n(p.rows)} rows written`;
  if (p.plansRead !== undefined)
    return `${n(p.plansRead)} plans · ${n(p.plansPerSecond ?? 0)}/s${p.secondsLeft ? ` · ${p.secondsLeft} s left` : ""}`;
  return p.share !== undefined ? `${Math.round(p.share * 100)} %` : "running";
}

/** Background jobs (imports, fits, exports): progress, log, cancel, download. Refreshes while any is active. */
export function JobsPanel() {
  const qc = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const jobs = useQuery({
    queryKey: ["jobs"],
    queryFn: async () => (await api<JobsAnswer>("/api/admin/jobs?take=15")).jobs,
    refetchInterval: (q) =>
      q.state.data?.some((j) => j.status === "QUEUED" || j.status === "RUNNING") ? 1000 : 10_000,
  });
  const detail = useQuery({
    queryKey: ["jobs", open],
    queryFn: () => api<JobAnswer>(`/api/admin/jobs/${open}`),
    enabled: !!open,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === "QUEUED" || q.state.data.status === "RUNNING") ? 1000 : false,
  });
  async function cancel(id: string) {
    await api(`/api/admin/jobs/${id}/cancel`, { method: "POST" }).catch(() => {}); // already finished: the list shows it
    await qc.invalidateQueries({ queryKey: ["jobs"] });
  }
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
              <th />
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
                <td>{new Date(j.createdAt).toLocaleString()}</td>
                <td>
                  {(j.status === "QUEUED" || j.status === "RUNNING") && (
                    <button type="button" className="btn small" onClick={() => cancel(j.id)}>
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
                <time className="muted">{new Date(l.at).toLocaleTimeString()}</time> {l.message}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
