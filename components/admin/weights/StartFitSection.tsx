"use client";
/** Starting a weight fit (scope, folds, bootstrap, seed) and its progress while it runs. */
import { useState } from "react";
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
  const [form, setForm] = useState({ dataset: "", destination: "", folds: 5, bootstrap: 1000, seed: 1 });
  const start = useStartFit({ onSuccess: onStarted });
  const error = start.error ?? adopt.error ?? restore.error;
  return (
    <section className="card">
      <h2>Fit the reward&apos;s weights to the experts&apos; labels</h2>
      <p className="muted small">
        TripScore&apos;s grid search (3,720,087 weight vectors) on the training pairs: the weights that most often rank
        the two plans as the experts&apos; majority did, checked by stratified cross-validation with a nested grid
        search, a bootstrap interval and Kendall&apos;s tau. It runs in the background; one fit per dataset at a time.
      </p>
      <div className="inline-form">
        <ScopeSelects
          dataset={form.dataset}
          destination={form.destination}
          onChange={(patch) => setForm({ ...form, ...patch })}
        />
        <label title="Outer folds of the cross-validation (0 = none)">
          Folds
          <input
            className="narrow-input"
            type="number"
            min={0}
            max={20}
            value={form.folds}
            onChange={(e) => setForm({ ...form, folds: Number(e.target.value) })}
          />
        </label>
        <label title="Bootstrap resamples of the pairs (0 = none)">
          Bootstrap
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
        <label title="Seeds the folds and the bootstrap: the same seed gives the same report">
          Seed
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
          Start fit
        </button>
      </div>
      {running && (
        <div
          className="progress"
          role="progressbar"
          aria-label="Fit progress"
          aria-valuenow={Math.round(running.progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="bar" style={{ width: `${Math.max(3, running.progress * 100)}%` }} />
          <span data-testid="fit-progress">
            {running.status === "QUEUED"
              ? "Starting…"
              : running.progress < 1
                ? `Searching the grid: ${Math.floor(running.progress * 100)} %`
                : "Cross-validation, bootstrap and tau…"}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error.message}
        </p>
      )}
    </section>
  );
}
