"use client";
/**
 * The import form: picks a bundle (a .zip, its files, or its folder), uploads it with a progress bar, then
 * follows the import job to its end (progress line, cancel) and hands its outcome to the page.
 */
import { useRef, useState } from "react";
import type { ImportJobAnswer, ImportOutcome } from "@/lib/platform/browser";
import { count } from "../../format";
import { useCancelJob, useUploadBundle } from "../mutations";
import { useDatasets, useFollowImportJob } from "../queries";

function progressLine(p: ImportJobAnswer["progress"], status: ImportJobAnswer["status"]): string {
  if (status === "QUEUED") return "Waiting for a worker…";
  if (!p || p.stage === "reading") return "Reading the manifest, places and requests…";
  if (p.stage === "committing") return `Committing ${count(p.plansWritten)} plans and ${count(p.pairsWritten)} pairs…`;
  if (p.stage === "pairs") return `Plans done (${count(p.plansRead)}); writing pairs: ${count(p.pairsWritten)}`;
  const left =
    p.secondsLeft === null
      ? ""
      : ` · about ${p.secondsLeft < 90 ? `${p.secondsLeft} s` : `${Math.round(p.secondsLeft / 60)} min`} left`;
  return `${count(p.plansRead)} plans read and validated, ${count(p.plansWritten)} written · ${count(p.plansPerSecond)}/s${left}`;
}

export function ImportForm({ onOutcome }: { onOutcome: (outcome: ImportOutcome | null) => void }) {
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<{ id: string; view: ImportJobAnswer | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useUploadBundle();
  const follow = useFollowImportJob();
  const cancelJob = useCancelJob({ onError: (e) => setError(e.message) });
  const datasets = useDatasets();

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
    const into = (el.elements.namedItem("intoDatasetId") as HTMLSelectElement).value;
    if (into) data.set("intoDatasetId", into);
    setError(null);
    onOutcome(null);
    setPhase("uploading");
    setProgress(0);
    try {
      const { jobId } = await upload.mutateAsync({
        form: data,
        onProgress: (share) => {
          setProgress(share);
          if (share >= 1) setPhase("importing");
        },
      });
      // The import runs as a background job: follow it until it ends.
      setPhase("importing");
      setJob({ id: jobId, view: null });
      const view = await follow(jobId, (v) => setJob({ id: jobId, view: v }));
      if (view.result) onOutcome(view.result);
      else
        setError(
          view.status === "CANCELLED"
            ? "The import was cancelled; nothing was imported."
            : (view.error ?? "The import failed."),
        );
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPhase("idle");
      setJob(null);
    }
  }

  const cancel = () => job && cancelJob.mutate(job.id);

  return (
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
        <label>
          Add to dataset
          <select name="intoDatasetId" defaultValue="" data-testid="into-dataset">
            <option value="">— none: a new dataset —</option>
            {datasets.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.format.toLowerCase()}, {count(d.counts.queries)} request{d.counts.queries === 1 ? "" : "s"}
                )
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">
          A pair is two plans of the same request. Planners publish one plan per request, so import each planner&apos;s
          plans into one dataset: the first as a new dataset, the others with “Add to dataset”. Their requests are
          matched by id (a ChinaTravel uid), else by their text; each added plan is paired with the plans already there.
        </p>
        <label className="checkbox">
          <input type="checkbox" name="excludeInfeasible" /> Leave plans that fail the format or commonsense gate out of
          pairing
        </label>
        <label className="checkbox">
          <input type="checkbox" name="makeGold" defaultChecked /> Make gold pairs after the import (new experts qualify
          on them; a background job)
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
  );
}
