"use client";
/** Reward weight fitting: start a fit on the labelled pairs, watch it, read its report, adopt or restore weights. */
import { api } from "../api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_WEIGHTS, PREFERENCE_FEATURES, SOFT_FEATURES } from "@/lib/features/types";
import type { FitReport } from "@/lib/fitting/protocol";
import type { FitsAnswer } from "@/lib/server/responses";
import { ScopeSelects, useScopeOptions } from "./ScopeSelects";

type State = FitsAnswer;

const post = (url: string, json: unknown) => api(url, { method: "POST", json });
const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)} %`);
const fix = (x: number | null | undefined, d = 3) => (x === null || x === undefined ? "—" : x.toFixed(d));
const when = (s: string) => new Date(s).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
const FEATURES = [...SOFT_FEATURES, ...PREFERENCE_FEATURES];
const label = (f: string) => f.replace(/_/g, " ");

export function FitPanel() {
  const qc = useQueryClient();
  const options = useScopeOptions();
  const state = useQuery({
    queryKey: ["fits"],
    queryFn: () => api<State>("/api/admin/fits"),
    refetchInterval: (q) =>
      q.state.data?.fits.some((f) => f.status === "QUEUED" || f.status === "RUNNING") ? 1000 : false,
  });
  const [form, setForm] = useState({ dataset: "", destination: "", folds: 5, bootstrap: 1000, seed: 1 });
  const [selected, setSelected] = useState<string | null>(null);
  const latestDone = state.data?.fits.find((f) => f.status === "DONE")?.id ?? null;
  const shown = selected ?? latestDone;
  const report = useQuery({
    queryKey: ["fit", shown],
    enabled: !!shown,
    queryFn: () => api<{ report: FitReport | null; status: string }>(`/api/admin/fits/${shown}`),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ["fits"] });
  const start = useMutation({
    mutationFn: () =>
      post("/api/admin/fits", {
        folds: form.folds,
        bootstrap: form.bootstrap,
        seed: form.seed,
        datasetId: form.dataset || undefined,
        destinationId: form.destination || undefined,
      }),
    onSuccess: () => {
      setSelected(null);
      refresh();
    },
  });
  const adopt = useMutation({
    mutationFn: (id: string) => post(`/api/admin/fits/${id}/adopt`, {}),
    onSuccess: refresh,
  });
  const restore = useMutation({
    mutationFn: (from: string) => post("/api/admin/weights", { restore: from }),
    onSuccess: refresh,
  });
  const running = state.data?.fits.find((f) => f.status === "QUEUED" || f.status === "RUNNING");
  const nameOf = (id?: string) =>
    id
      ? (options.data?.datasets.find((d) => d.id === id)?.name ??
        options.data?.destinations.find((d) => d.id === id)?.name ??
        id)
      : "all";
  const r = report.data?.report ?? null;
  const inUse = state.data?.inUse;
  const defaults: Record<string, number> = {
    ...DEFAULT_WEIGHTS.soft,
    ...DEFAULT_WEIGHTS.preference,
    w3: DEFAULT_WEIGHTS.w3,
    w4: DEFAULT_WEIGHTS.w4,
  };
  const current: Record<string, number> | null = inUse
    ? { ...inUse.weights.soft, ...inUse.weights.preference, w3: inUse.weights.w3, w4: inUse.weights.w4 }
    : null;
  const usingDefaults = !current || Object.entries(defaults).every(([k, v]) => current[k] === v);
  const error = start.error ?? adopt.error ?? restore.error;

  return (
    <>
      <section className="card">
        <h2>Fit the reward&apos;s weights to the experts&apos; labels</h2>
        <p className="muted small">
          TripScore&apos;s grid search (3,720,087 weight vectors) on the training pairs: the weights that most often
          rank the two plans as the experts&apos; majority did, checked by stratified cross-validation with a nested
          grid search, a bootstrap interval and Kendall&apos;s tau. It runs in the background; one fit per dataset at a
          time.
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
          <button className="btn" onClick={() => start.mutate()} disabled={start.isPending}>
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
            {(error as Error).message}
          </p>
        )}
      </section>

      {r && (
        <section className="card" aria-label="Fit report">
          <h2>Report {shown === latestDone ? "(latest fit)" : ""}</h2>
          <dl className="counts">
            <div title="Share of the training pairs the chosen weights rank as the experts did (ties count as “neither”)">
              <dt>Train accuracy</dt>
              <dd>{pct(r.train_accuracy)}</dd>
            </div>
            <div title="Mean ± standard deviation (n − 1) of the outer folds' validation accuracy; each fold's weights come from a grid search on the other folds">
              <dt>Cross-validated</dt>
              <dd>{r.cv ? pct(r.cv.mean) : "—"}</dd>
              <dd className="small muted">
                {r.cv ? `± ${fix(r.cv.std * 100, 1)} pp over ${r.cv.fold_accuracy.length} folds` : "skipped"}
              </dd>
            </div>
            <div title="Mean accuracy of the chosen weights over bootstrap resamples of the pairs, with the 95 % percentile interval">
              <dt>Bootstrap</dt>
              <dd>{r.bootstrap ? pct(r.bootstrap.accuracy) : "—"}</dd>
              <dd className="small muted">
                {r.bootstrap ? `95 % CI ${pct(r.bootstrap.ci95[0])} – ${pct(r.bootstrap.ci95[1])}` : ""}
              </dd>
            </div>
            <div title="Kendall's tau-b between the reward difference R(A) − R(B) and the label (+1, 0, −1): on all pairs with the chosen weights, and out of fold">
              <dt>Kendall&apos;s tau</dt>
              <dd>{fix(r.kendall_tau.train)}</dd>
              <dd className="small muted">validation {fix(r.kendall_tau.validation)}</dd>
            </div>
            <div>
              <dt>Pairs</dt>
              <dd>{r.pairs}</dd>
              <dd className="small muted">
                A {r.labels.better_a} · B {r.labels.better_b} · neither {r.labels.neither}
              </dd>
            </div>
          </dl>
          <div className="fit-columns">
            <table className="table" aria-label="Weights">
              <thead>
                <tr>
                  <th>Weight</th>
                  <th className="num">Fitted</th>
                  <th className="num">TripScore</th>
                  <th className="num">In use</th>
                </tr>
              </thead>
              <tbody>
                {[...FEATURES, "w3", "w4"].map((f) => {
                  const fitted = f === "w3" ? r.w3 : f === "w4" ? r.w4 : r.weights[f];
                  return (
                    <tr key={f}>
                      <td>
                        {f === "w3" ? "w3 (soft multiplier)" : f === "w4" ? "w4 (preference multiplier)" : label(f)}
                      </td>
                      <td className="num">
                        <strong>{fitted}</strong>
                      </td>
                      <td className="num">{defaults[f]}</td>
                      <td className="num">{current?.[f]}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <div>
              {r.cv && (
                <table className="table" aria-label="Folds">
                  <thead>
                    <tr>
                      <th>Fold</th>
                      <th className="num">Pairs</th>
                      <th className="num">Validation accuracy</th>
                    </tr>
                  </thead>
                  <tbody>
                    {r.cv.fold_accuracy.map((a, i) => (
                      <tr key={i}>
                        <td>{i + 1}</td>
                        <td className="num">{r.cv!.fold_sizes[i]}</td>
                        <td className="num">{pct(a)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <table className="table" aria-label="Sensitivity">
                <thead>
                  <tr>
                    <th title="(w3, w4) scaled jointly by this factor">(w3, w4) ×</th>
                    <th className="num">w3, w4</th>
                    <th className="num">Train</th>
                    <th className="num">Validation</th>
                  </tr>
                </thead>
                <tbody>
                  {r.sensitivity.map((s) => (
                    <tr key={s.scale}>
                      <td>{s.scale}</td>
                      <td className="num">
                        {fix(s.w3, 2)}, {fix(s.w4, 2)}
                      </td>
                      <td className="num">{pct(s.train_accuracy)}</td>
                      <td className="num">{pct(s.validation_accuracy)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <p className="actions-row">
            <button
              className="btn"
              onClick={() => shown && adopt.mutate(shown)}
              disabled={adopt.isPending || inUse?.adoption?.fitId === shown}
            >
              {inUse?.adoption?.fitId === shown ? "These weights are in use" : "Adopt these weights"}
            </button>
            <span className="muted small">
              Rewards in training-pair exports and diagnostics use the adopted weights. Every change is recorded and can
              be undone below.
            </span>
          </p>
        </section>
      )}

      <section className="card">
        <h2>Fits</h2>
        <table className="table" aria-label="Fits">
          <thead>
            <tr>
              <th>Started</th>
              <th>By</th>
              <th>Scope</th>
              <th>Options</th>
              <th>Status</th>
              <th className="num">Train accuracy</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {state.data?.fits.map((f) => (
              <tr key={f.id} className={f.id === shown ? "selected" : undefined}>
                <td>{when(f.createdAt)}</td>
                <td>{f.createdBy ?? "—"}</td>
                <td>
                  {nameOf(f.filters.datasetId)}
                  {f.filters.destinationId ? ` · ${nameOf(f.filters.destinationId)}` : ""}
                </td>
                <td className="small">
                  {f.options.folds} folds · {f.options.bootstrap} bootstrap · seed {f.options.seed}
                </td>
                <td>
                  {f.status === "FAILED" ? (
                    <span className="error" title={f.error ?? ""}>
                      failed: {f.error}
                    </span>
                  ) : f.status === "RUNNING" ? (
                    `running (${Math.floor(f.progress * 100)} %)`
                  ) : (
                    f.status.toLowerCase()
                  )}
                </td>
                <td className="num">{pct(f.trainAccuracy)}</td>
                <td>
                  {f.status === "DONE" && f.id !== shown && (
                    <button className="btn small" onClick={() => setSelected(f.id)}>
                      Show
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {state.data?.fits.length === 0 && (
              <tr>
                <td colSpan={7} className="muted">
                  No fit yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>

      <section className="card">
        <h2>Weights in use</h2>
        <p>
          {inUse?.adoption ? (
            <>
              Since {when(inUse.adoption.createdAt)}: <strong>{inUse.adoption.note}</strong>
            </>
          ) : (
            <>TripScore&apos;s published defaults (Table 6, real-world requests).</>
          )}
        </p>
        <table className="table" aria-label="Weight history">
          <thead>
            <tr>
              <th>Changed</th>
              <th>By</th>
              <th>Weights</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {state.data?.history.map((h, i) => (
              <tr key={h.id}>
                <td>{when(h.createdAt)}</td>
                <td>{h.actor ?? "—"}</td>
                <td>
                  {h.note}
                  {i === 0 ? " (in use)" : ""}
                </td>
                <td>
                  {i > 0 && (
                    <button className="btn small" onClick={() => restore.mutate(h.id)} disabled={restore.isPending}>
                      Restore
                    </button>
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={3} className="muted">
                TripScore&apos;s published defaults
              </td>
              <td>
                {!usingDefaults && (
                  <button className="btn small" onClick={() => restore.mutate("defaults")} disabled={restore.isPending}>
                    Restore
                  </button>
                )}
              </td>
            </tr>
          </tbody>
        </table>
      </section>
    </>
  );
}
