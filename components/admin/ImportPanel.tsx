"use client";
import { api } from "../api";
import { useQueryClient } from "@tanstack/react-query";
import { KEYS, useDatasets } from "./queries";
import { useRef, useState } from "react";
import type { DatasetCounts } from "@/lib/dataset/normalized";
import type { ImportOutcome } from "@/lib/db/imports";
import type { ProgressView } from "@/lib/importers/progress";

/** What an import answers (the upload's 422 body, or the job's result). */
type Outcome = ImportOutcome;
/** What the import job reports while it runs. */
type JobProgress = ProgressView;
interface JobView {
  status: "QUEUED" | "RUNNING" | "DONE" | "FAILED" | "CANCELLED";
  progress: JobProgress | null;
  result: Outcome | null;
  error: string | null;
}

const n = (x: number) => x.toLocaleString("en-US");
function progressLine(p: JobProgress | null, status: JobView["status"]): string {
  if (status === "QUEUED") return "Waiting for a worker…";
  if (!p || p.stage === "reading") return "Reading the manifest, places and requests…";
  if (p.stage === "committing") return `Committing ${n(p.plansWritten)} plans and ${n(p.pairsWritten)} pairs…`;
  if (p.stage === "pairs") return `Plans done (${n(p.plansRead)}); writing pairs: ${n(p.pairsWritten)}`;
  const left =
    p.secondsLeft === null
      ? ""
      : ` · about ${p.secondsLeft < 90 ? `${p.secondsLeft} s` : `${Math.round(p.secondsLeft / 60)} min`} left`;
  return `${n(p.plansRead)} plans read and validated, ${n(p.plansWritten)} written · ${n(p.plansPerSecond)}/s${left}`;
}

const COUNT_LABELS: [keyof DatasetCounts, string][] = [
  ["destinations", "Destinations"],
  ["pois", "POIs"],
  ["queries", "Requests"],
  ["plans", "Plans"],
  ["pairs", "Pairs"],
  ["unresolvedPlaces", "Unresolved places"],
  ["infeasiblePlans", "Plans failing a gate"],
];

/** Uploads with XMLHttpRequest, the one browser API that reports upload progress. */
function upload(form: FormData, onProgress: (share: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/datasets");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("The upload failed: the server could not be reached."));
    xhr.send(form);
  });
}

export function ImportPanel() {
  const qc = useQueryClient();
  const datasets = useDatasets();
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<{ id: string; view: JobView | null } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData();
    const el = e.currentTarget;
    const picked = [
      ...((el.elements.namedItem("files") as HTMLInputElement).files ?? []),
      ...((el.elements.namedItem("folder") as HTMLInputElement).files ?? []),
    ];
    if (!picked.length) {
      setError("Choose a .zip, the bundle's files, or its folder.");
      return;
    }
    for (const f of picked) data.append("files", f, f.name);
    if ((el.elements.namedItem("excludeInfeasible") as HTMLInputElement).checked) data.set("excludeInfeasible", "on");
    data.set("makeGold", (el.elements.namedItem("makeGold") as HTMLInputElement).checked ? "on" : "off");
    setError(null);
    setOutcome(null);
    setPhase("uploading");
    setProgress(0);
    try {
      const res = await upload(data, (share) => {
        setProgress(share);
        if (share >= 1) setPhase("importing");
      });
      const body = res.body as { jobId?: string; error?: string } | null;
      if (res.status !== 202 || !body?.jobId) {
        setError(body?.error ?? `The server answered ${res.status}.`);
        return;
      }
      // The import runs as a background job: follow it until it ends.
      setPhase("importing");
      setJob({ id: body.jobId, view: null });
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        // A failed poll (a restart, a blip) is tried again; the job runs on regardless.
        const view = await api<JobView>(`/api/admin/jobs/${body.jobId}`).catch(() => null);
        if (!view) continue;
        setJob({ id: body.jobId, view });
        if (view.status === "QUEUED" || view.status === "RUNNING") continue;
        if (view.result) setOutcome(view.result);
        else
          setError(
            view.status === "CANCELLED"
              ? "The import was cancelled; nothing was imported."
              : (view.error ?? "The import failed."),
          );
        if (view.result?.ok) qc.invalidateQueries({ queryKey: KEYS.datasets });
        qc.invalidateQueries({ queryKey: ["jobs"] });
        break;
      }
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPhase("idle");
      setJob(null);
    }
  }

  async function cancel() {
    if (!job) return;
    await api(`/api/admin/jobs/${job.id}/cancel`, { method: "POST" }).catch((e: Error) => setError(e.message));
  }

  return (
    <>
      <section className="card">
        <form ref={formRef} onSubmit={onSubmit} className="stack">
          <div className="inline-form">
            <label>
              Bundle files (.zip, or .json/.jsonl)
              <input type="file" name="files" multiple accept=".zip,.json,.jsonl,.ndjson" data-testid="bundle-files" />
            </label>
            <label>
              …or a bundle folder
              <input type="file" name="folder" multiple {...{ webkitdirectory: "" }} />
            </label>
          </div>
          <label className="checkbox">
            <input type="checkbox" name="excludeInfeasible" /> Leave plans that fail the format or commonsense gate out
            of pairing
          </label>
          <label className="checkbox">
            <input type="checkbox" name="makeGold" defaultChecked /> Make gold pairs after the import (new experts
            qualify on them; a background job)
          </label>
          <div>
            <button className="btn primary" type="submit" disabled={phase !== "idle"}>
              {phase === "idle" ? "Check and import" : phase === "uploading" ? "Uploading…" : "Checking and importing…"}
            </button>
          </div>
          {phase !== "idle" &&
            (() => {
              const share = phase === "uploading" ? progress : (job?.view?.progress?.share ?? 0);
              return (
                <div className="stack">
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label="Import progress"
                    aria-valuenow={Math.round(share * 100)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div
                      className={phase === "importing" && !share ? "bar indeterminate" : "bar"}
                      style={{ width: `${Math.max(4, share * 100)}%` }}
                    />
                    <span data-testid="import-progress">
                      {phase === "uploading"
                        ? `Uploading ${Math.round(progress * 100)} %`
                        : progressLine(job?.view?.progress ?? null, job?.view?.status ?? "QUEUED")}
                    </span>
                  </div>
                  {phase === "importing" && job && (
                    <div>
                      <button type="button" className="btn" onClick={cancel}>
                        Cancel import
                      </button>
                    </div>
                  )}
                </div>
              );
            })()}
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
        </form>
      </section>

      {outcome && !outcome.ok && (
        <section className="card problems" data-testid="import-problems">
          <h2>Nothing was imported</h2>
          <p className="error">{outcome.message}</p>
          {outcome.problems.length > 0 && (
            <table className="table">
              <thead>
                <tr>
                  <th>File</th>
                  <th className="num">Record</th>
                  <th>Where</th>
                  <th>Problem</th>
                </tr>
              </thead>
              <tbody>
                {outcome.problems.map((p, i) => (
                  <tr key={i}>
                    <td>{p.file}</td>
                    <td className="num">{p.record ?? "—"}</td>
                    <td>
                      <code>{p.path}</code>
                    </td>
                    <td>{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {outcome.truncated && (
            <p className="muted">
              Only the first {outcome.problems.length} problems are listed
              {outcome.more ? `; ${n(outcome.more)} more were found` : ""}.
            </p>
          )}
        </section>
      )}

      {outcome && outcome.ok && (
        <section className="card" data-testid="import-summary">
          <h2>
            {outcome.created ? `Imported “${outcome.name}”` : `“${outcome.name}” was imported before — nothing changed`}
          </h2>
          <dl className="counts">
            {COUNT_LABELS.map(([k, label]) => (
              <div key={k}>
                <dt>{label}</dt>
                <dd data-testid={`count-${k}`}>{outcome.counts[k] ?? 0}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section className="card">
        <h2>Datasets</h2>
        <table className="table" aria-label="Datasets">
          <thead>
            <tr>
              <th>Name</th>
              <th>Format</th>
              <th className="num">Requests</th>
              <th className="num">Plans</th>
              <th className="num">Pairs</th>
              <th className="num">Unresolved places</th>
              <th>Imported</th>
            </tr>
          </thead>
          <tbody>
            {datasets.data?.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>{d.format.toLowerCase()}</td>
                <td className="num">{d.counts.queries}</td>
                <td className="num">{d.counts.plans}</td>
                <td className="num">{d.counts.pairs}</td>
                <td className="num">{d.counts.unresolvedPlaces}</td>
                <td>
                  {new Date(d.createdAt).toLocaleString()}{" "}
                  {d.createdBy && <span className="muted">by {d.createdBy}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
