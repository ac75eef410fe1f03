"use client";
/** Starting a weight fit (scope, folds, bootstrap, seed) and its progress while it runs. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "../../i18n";
import type { FitsAnswer } from "@/lib/platform/browser";
import { useAdoptFit, useRestoreWeights, useStartFit } from "../mutations";
import { ScopeSelects } from "../ScopeSelects";

export function StartFitSection({
  running,
  onStarted,
  adopt,
  restore,
}: {
  /** The fit queued or running, if any. */
  running: FitsAnswer["fits"][number] | undefined;
  onStarted: () => void;
  /** The page's other changes, whose errors show here too. */
  adopt: ReturnType<typeof useAdoptFit>;
  restore: ReturnType<typeof useRestoreWeights>;
}) {
  const t = useTranslations("Weights.start");
  const errorText = useErrorText();
  const [form, setForm] = useState({ dataset: "", destination: "", folds: 5, bootstrap: 1000, seed: 1 });
  const start = useStartFit({ onSuccess: onStarted });
  const error = start.error ?? adopt.error ?? restore.error;
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <div className="inline-form">
        <ScopeSelects
          dataset={form.dataset}
          destination={form.destination}
          onChange={(patch) => setForm({ ...form, ...patch })}
        />
        <label title={t("foldsTitle")}>
          {t("folds")}
          <input
            className="narrow-input"
            type="number"
            min={0}
            max={20}
            value={form.folds}
            onChange={(e) => setForm({ ...form, folds: Number(e.target.value) })}
          />
        </label>
        <label title={t("bootstrapTitle")}>
          {t("bootstrap")}
          <input
            className="narrow-input"
            type="number"
            min={0}
            max={10000}
            step={100}
            value={form.bootstrap}
            onChange={(e) => setForm({ ...form, bootstrap: Number(e.target.value) })}
          />
        </label>
        <label title={t("seedTitle")}>
          {t("seed")}
          <input
            className="narrow-input"
            type="number"
            min={0}
            value={form.seed}
            onChange={(e) => setForm({ ...form, seed: Number(e.target.value) })}
          />
        </label>
        <button
          className="btn"
          onClick={() =>
            start.mutate({
              folds: form.folds,
              bootstrap: form.bootstrap,
              seed: form.seed,
              datasetId: form.dataset || undefined,
              destinationId: form.destination || undefined,
            })
          }
          disabled={start.isPending}
        >
          {t("start")}
        </button>
      </div>
      {running && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuenow={Math.round(running.progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="bar" style={{ width: `${Math.max(3, running.progress * 100)}%` }} />
          <span data-testid="fit-progress">
            {running.status === "QUEUED"
              ? t("starting")
              : running.progress < 1
                ? t("searching", { percent: String(Math.floor(running.progress * 100)) })
                : t("validating")}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
