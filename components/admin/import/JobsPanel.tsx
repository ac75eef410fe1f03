"use client";
/** Background jobs (imports, fits, exports, gold pairs): progress, log, cancel, download. Refreshes while any is active. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { JobsAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useCancelJob } from "../mutations";
import { useJob, useJobs } from "../queries";

type Job = JobsAnswer["jobs"][number];

function progressOf(
  j: Job,
  t: ReturnType<typeof useTranslations<"Import.jobs">>,
  { count, pct }: ReturnType<typeof useFormat>,
): string {
  const p = j.progress;
  if (j.status === "QUEUED") return t("waiting");
  if (j.status !== "RUNNING")
    return j.status === "FAILED" ? (j.error ?? t("failed")) : t("statusName", { status: j.status });
  if (!p) return t("starting");
  if (p.rows !== undefined) return t("rows", { rows: count(p.rows) });
  if (p.plansRead !== undefined)
    return t("plans", {
      plans: count(p.plansRead),
      rate: count(p.plansPerSecond ?? 0),
      left: p.secondsLeft ? t("left", { s: String(p.secondsLeft) }) : "",
    });
  return p.share !== undefined ? pct(p.share) : t("running");
}

export function JobsPanel() {
  const t = useTranslations("Import.jobs");
  const format = useFormat();
  const { clock, dateTime } = format;
  const errorText = useErrorText();
  const [open, setOpen] = useState<string | null>(null);
  const jobs = useJobs(15);
  const detail = useJob(open);
  // A job that already finished cannot be cancelled: the list shows how it ended.
  const cancel = useCancelJob();
  return (
    <section className="card" data-testid="jobs">
      <h2>{t("title")}</h2>
      {jobs.error && <p className="error">{errorText(jobs.error)}</p>}
      {jobs.data && !jobs.data.length && <p className="muted">{t("none")}</p>}
      {!!jobs.data?.length && (
        <table className="table" aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("job")}</th>
              <th>{t("status")}</th>
              <th>{t("progress")}</th>
              <th>{t("startedBy")}</th>
              <th>{t("created")}</th>
              <th>
                <span className="sr-only">{t("actions")}</span>
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
                  <span className={`badge status-${j.status.toLowerCase()}`}>
                    {t("statusName", { status: j.status })}
                  </span>
                  {j.attempts > 1 && <span className="muted">{t("try", { n: String(j.attempts) })}</span>}
                </td>
                <td className="wrap">{progressOf(j, t, format)}</td>
                <td>{j.createdBy ?? "—"}</td>
                <td>{dateTime(j.createdAt)}</td>
                <td>
                  {(j.status === "QUEUED" || j.status === "RUNNING") && (
                    <button type="button" className="btn small" onClick={() => cancel.mutate(j.id)}>
                      {t("cancel")}
                    </button>
                  )}
                  {j.kind === "export" && j.status === "DONE" && (
                    <a className="btn small" href={`/api/admin/jobs/${j.id}/download`}>
                      {t("download")}
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
          <h3>{t("log", { title: detail.data.title })}</h3>
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
