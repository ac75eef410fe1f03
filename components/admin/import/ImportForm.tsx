"use client";
/**
 * The import form: picks a bundle (a .zip, its files, or its folder), uploads it with a progress bar, then
 * follows the import job to its end (progress line, cancel) and hands its outcome to the page.
 */
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { ImportJobAnswer, ImportOutcome } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useCancelJob, useUploadBundle } from "../mutations";
import { useDatasets, useFollowImportJob } from "../queries";

function progressLine(
  p: ImportJobAnswer["progress"],
  status: ImportJobAnswer["status"],
  t: ReturnType<typeof useTranslations<"Import.progress">>,
  count: (v: number) => string,
): string {
  if (status === "QUEUED") return t("queued");
  if (!p || p.stage === "reading") return t("reading");
  if (p.stage === "committing") return t("committing", { plans: count(p.plansWritten), pairs: count(p.pairsWritten) });
  if (p.stage === "pairs") return t("pairs", { plans: count(p.plansRead), pairs: count(p.pairsWritten) });
  const left =
    p.secondsLeft === null
      ? ""
      : t("left", {
          time:
            p.secondsLeft < 90
              ? t("seconds", { n: String(p.secondsLeft) })
              : t("minutes", { n: String(Math.round(p.secondsLeft / 60)) }),
        });
  return t("plans", {
    read: count(p.plansRead),
    written: count(p.plansWritten),
    rate: count(p.plansPerSecond),
    left,
  });
}

export function ImportForm({ onOutcome }: { onOutcome: (outcome: ImportOutcome | null) => void }) {
  const t = useTranslations("Import.form");
  const tp = useTranslations("Import.progress");
  const { count, pct } = useFormat();
  const errorText = useErrorText();
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<{ id: string; view: ImportJobAnswer | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const upload = useUploadBundle();
  const follow = useFollowImportJob();
  const cancelJob = useCancelJob({ onError: (e) => setError(errorText(e)) });
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
      setError(t("noFiles"));
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
      else setError(view.status === "CANCELLED" ? t("cancelled") : (view.error ?? t("failed")));
    } catch (err) {
      setError(errorText(err));
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
            {t("files")}
            <input type="file" name="files" multiple accept=".zip,.json,.jsonl,.ndjson" data-testid="bundle-files" />
          </label>
          <label>
            {t("folder")}
            <input type="file" name="folder" multiple {...{ webkitdirectory: "" }} />
          </label>
        </div>
        <label>
          {t("into")}
          <select name="intoDatasetId" defaultValue="" data-testid="into-dataset">
            <option value="">{t("intoNone")}</option>
            {datasets.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {t("intoOption", { name: d.name, format: d.format.toLowerCase(), count: d.counts.queries })}
              </option>
            ))}
          </select>
        </label>
        <p className="muted small">{t("pairingNote")}</p>
        <label className="checkbox">
          <input type="checkbox" name="excludeInfeasible" /> {t("excludeInfeasible")}
        </label>
        <label className="checkbox">
          <input type="checkbox" name="makeGold" defaultChecked /> {t("makeGold")}
        </label>
        <div>
          <button className="btn primary" type="submit" disabled={phase !== "idle"}>
            {phase === "idle" ? t("submit") : phase === "uploading" ? t("uploading") : t("importing")}
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
                  aria-label={t("progressLabel")}
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
                      ? t("uploadingShare", { share: pct(progress) })
                      : progressLine(job?.view?.progress ?? null, job?.view?.status ?? "QUEUED", tp, count)}
                  </span>
                </div>
                {phase === "importing" && job && (
                  <div>
                    <button type="button" className="btn" onClick={cancel}>
                      {t("cancel")}
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
