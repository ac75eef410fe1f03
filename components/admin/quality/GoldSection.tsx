"use client";
/**
 * The quality page's gold pairs: per dataset (gold rate, making gold pairs, adaptive raters, serving order), and by
 * kind. Making them is a background job: its progress shows here, and the page's figures refresh when it is done.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { GoldMadeAnswer, QualityAnswer } from "@/lib/platform/browser";
import { DEFECT_LABELS, type DefectKind } from "@/lib/quality/gold/browser";
import { pctOf } from "../../format";
import { KEYS } from "../../keys";
import { useMakeGold, useSetQualityOfDataset } from "../mutations";
import { useJob } from "../queries";
import { ServingOrderCell } from "./ServingOrderCell";

export function GoldSection({ q }: { q: QualityAnswer }) {
  const [plans, setPlans] = useState(200);
  const make = useMakeGold();
  const job = useJob(make.data?.jobId ?? null);
  const status = job.data?.status;
  const running = make.isPending || status === "QUEUED" || status === "RUNNING" || (!!make.data && !status);
  const progress = job.data?.progress as { plans?: number; made?: number; total?: number } | null | undefined;
  const made = status === "DONE" ? (job.data?.result as GoldMadeAnswer | null) : null;
  const qc = useQueryClient();
  useEffect(() => {
    if (status === "DONE") void qc.invalidateQueries({ queryKey: KEYS.quality });
  }, [status, qc]);
  // One hook, two uses: the rate form and the adaptive checkbox each keep their own pending state and answer.
  const adaptive = useSetQualityOfDataset();
  const rate = useSetQualityOfDataset();
  return (
    <section className="card">
      <h2>Gold pairs</h2>
      <p className="muted small">
        A gold pair is a copy of a feasible plan with exactly one defect, which the rule engine (and the request&apos;s
        final constraints) confirm is the only new failure, shown beside another feasible plan of the request (so the
        two differ as a real pair&apos;s plans do; a request with one feasible plan gives none). Experts see gold pairs
        like any pair, at the rate set per dataset; their answers never count towards labels, agreement or exports.
      </p>
      <table className="table" aria-label="Gold pairs by dataset">
        <thead>
          <tr>
            <th>Dataset</th>
            <th className="num">Gold pairs</th>
            <th>Gold rate</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
            <th title="Two experts first; the third only when they disagree, except on a 15 % calibration share">
              Adaptive raters
            </th>
            <th title="The order its open pairs are served in; the worker recomputes their priorities every few dozen judgments">
              Serving order
            </th>
          </tr>
        </thead>
        <tbody>
          {q.gold.datasets.map((d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td className="num">{d.pairs}</td>
              <td>
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rate.mutate({ id: d.id, goldRate: Number(new FormData(e.currentTarget).get("rate")) / 100 });
                  }}
                >
                  <input
                    name="rate"
                    type="number"
                    min={0}
                    max={50}
                    step={0.5}
                    defaultValue={+(d.rate * 100).toFixed(1)}
                    className="narrow-input"
                    aria-label={`Gold rate of ${d.name} (%)`}
                  />{" "}
                  %
                  <button className="btn small" type="submit">
                    Set
                  </button>
                </form>
              </td>
              <td>
                <button
                  className="btn small"
                  type="button"
                  disabled={running}
                  onClick={() => make.mutate({ datasetId: d.id, plans })}
                >
                  Make gold pairs
                </button>
              </td>
              <td>
                <label className="checkbox small">
                  <input
                    type="checkbox"
                    checked={d.adaptiveRaters}
                    disabled={adaptive.isPending}
                    onChange={(e) => adaptive.mutate({ id: d.id, adaptiveRaters: e.target.checked })}
                    aria-label={`Adaptive raters for ${d.name}`}
                  />{" "}
                  {d.adaptiveRaters ? "on" : "off"}
                </label>
              </td>
              <td>
                <ServingOrderCell d={d} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="small">
        Plans to try per run{" "}
        <input
          type="number"
          min={1}
          max={1_000_000}
          value={plans}
          onChange={(e) => setPlans(Number(e.target.value))}
          className="narrow-input"
        />
      </label>
      {running && (
        <p role="status">
          Making gold pairs…
          {progress?.total
            ? ` ${progress.plans ?? 0} of ${progress.total} plans tried, ${progress.made ?? 0} made.`
            : ""}
        </p>
      )}
      {made && (
        <p className="ok" role="status">
          Made {made.made} gold pairs from {made.tried} plans ({made.discarded} candidates discarded or not possible;
          already-made pairs are never made twice).
        </p>
      )}
      {status === "FAILED" && (
        <p className="error" role="alert">
          {job.data?.error ?? "Making gold pairs failed."}
        </p>
      )}
      {adaptive.data && (
        <p className="ok" role="status">
          Adaptive raters {adaptive.variables?.adaptiveRaters ? "on" : "off"}: {adaptive.data.pairsChanged} pairs
          changed their number of raters.
        </p>
      )}
      {(make.error || rate.error || adaptive.error) && (
        <p className="error" role="alert">
          {(make.error ?? rate.error ?? adaptive.error)!.message}
        </p>
      )}
      <table className="table" aria-label="Gold pairs by kind">
        <thead>
          <tr>
            <th>Kind</th>
            <th className="num">Pairs</th>
            <th className="num">Answers</th>
            <th className="num">Right</th>
          </tr>
        </thead>
        <tbody>
          {q.gold.byKind.map((k) => (
            <tr key={k.kind}>
              <td>{k.kind === "promoted" ? "promoted from a unanimous pair" : DEFECT_LABELS[k.kind as DefectKind]}</td>
              <td className="num">{k.pairs}</td>
              <td className="num">{k.answers}</td>
              <td className="num">{pctOf(k.right, k.answers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
