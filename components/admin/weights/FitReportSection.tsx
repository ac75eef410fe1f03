"use client";
/**
 * A finished fit's report: accuracies (train, cross-validated, bootstrap), Kendall's tau, the fitted weights
 * beside TripScore's and those in use, folds, sensitivity; how the weights in use score on the same pairs; adopting its
 * weights.
 */
import type { FitReport } from "@/lib/results/fitting/browser";
import { fixed, pct } from "../../format";
import type { useAdoptFit } from "../mutations";
import { FEATURES, label } from "./weights";

export function FitReportSection({
  r,
  shown,
  latest,
  adopted,
  defaults,
  current,
  adopt,
}: {
  r: FitReport;
  /** The fit shown, and the latest one done. */
  shown: string;
  latest: boolean;
  /** The fit whose weights are in use, if any. */
  adopted: string | undefined;
  defaults: Record<string, number>;
  current: Record<string, number> | null;
  adopt: ReturnType<typeof useAdoptFit>;
}) {
  return (
    <section className="card" aria-label="Fit report">
      <h2>Report {latest ? "(latest fit)" : ""}</h2>
      <dl className="counts">
        <div title="Share of the training pairs the chosen weights rank as the experts did (ties count as “neither”)">
          <dt>Train accuracy</dt>
          <dd>{pct(r.train_accuracy, 1)}</dd>
        </div>
        <div title="Mean ± standard deviation (n − 1) of the outer folds' validation accuracy; each fold's weights come from a grid search on the other folds">
          <dt>Cross-validated</dt>
          <dd>{r.cv ? pct(r.cv.mean, 1) : "—"}</dd>
          <dd className="small muted">
            {r.cv ? `± ${fixed(r.cv.std * 100, 1)} pp over ${r.cv.fold_accuracy.length} folds` : "skipped"}
          </dd>
        </div>
        <div title="Mean accuracy of the chosen weights over bootstrap resamples of the pairs, with the 95 % percentile interval">
          <dt>Bootstrap</dt>
          <dd>{r.bootstrap ? pct(r.bootstrap.accuracy, 1) : "—"}</dd>
          <dd className="small muted">
            {r.bootstrap ? `95 % CI ${pct(r.bootstrap.ci95[0], 1)} – ${pct(r.bootstrap.ci95[1], 1)}` : ""}
          </dd>
        </div>
        <div title="Kendall's tau-b between the reward difference R(A) − R(B) and the label (+1, 0, −1): on all pairs with the chosen weights, and out of fold">
          <dt>Kendall&apos;s tau</dt>
          <dd>{fixed(r.kendall_tau.train)}</dd>
          <dd className="small muted">validation {fixed(r.kendall_tau.validation)}</dd>
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
                  <td>{f === "w3" ? "w3 (soft multiplier)" : f === "w4" ? "w4 (preference multiplier)" : label(f)}</td>
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
                    <td className="num">{pct(a, 1)}</td>
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
                    {fixed(s.w3, 2)}, {fixed(s.w4, 2)}
                  </td>
                  <td className="num">{pct(s.train_accuracy, 1)}</td>
                  <td className="num">{pct(s.validation_accuracy, 1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {r.compared && r.compared.length > 0 && (
        <table className="table compare-table" aria-label="Fitted and in use, on the same pairs">
          <caption className="muted small">
            On the same {r.pairs} pairs: the fitted weights (fitted to them, and out of fold) against the weights in use
            when the fit ran.
          </caption>
          <thead>
            <tr>
              <th>Weights</th>
              <th className="num">Accuracy</th>
              <th className="num">Kendall&apos;s tau</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Fitted (train)</td>
              <td className="num">{pct(r.train_accuracy, 1)}</td>
              <td className="num">{fixed(r.kendall_tau.train)}</td>
            </tr>
            {r.cv && (
              <tr>
                <td>Fitted (cross-validated)</td>
                <td className="num">{pct(r.cv.mean, 1)}</td>
                <td className="num">{fixed(r.kendall_tau.validation)}</td>
              </tr>
            )}
            {r.compared.map((c) => (
              <tr key={c.name}>
                <td>{c.name[0].toUpperCase() + c.name.slice(1)}</td>
                <td className="num">{pct(c.accuracy, 1)}</td>
                <td className="num">{fixed(c.kendall_tau)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="actions-row">
        <button className="btn" onClick={() => adopt.mutate(shown)} disabled={adopt.isPending || adopted === shown}>
          {adopted === shown ? "These weights are in use" : "Adopt these weights"}
        </button>
        <span className="muted small">
          Rewards in training-pair exports and diagnostics use the adopted weights. Every change is recorded and can be
          undone below.
        </span>
      </p>
    </section>
  );
}
