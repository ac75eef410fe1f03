"use client";
/**
 * Humans against the reward, dimension by dimension: for each dimension of a dataset, the experts' majority on each
 * complete pair against the difference of the two plans' part of the reward for that dimension (accuracy with ties
 * left out, Kendall's τ-b, both with intervals over requests), the pairs where they disagree most; and which
 * dimensions drive the overall verdict (a logistic regression with bootstrap intervals).
 */
import { useState } from "react";
import { KEYS } from "../../keys";
import { count, fixed, pct } from "../../format";
import { FiguresAge } from "../FiguresAge";
import { useDimensions } from "../queries";

type Ci = { lo: number; hi: number } | null;
const interval = (ci: Ci, f: (v: number) => string) =>
  ci && (
    <span className="muted small">
      {" "}
      [{f(ci.lo)}, {f(ci.hi)}]
    </span>
  );

export function DimensionsSection() {
  const [dataset, setDataset] = useState("");
  const q = useDimensions(dataset);
  const d = q.data;
  if (!d || (!d.report && !d.datasets.length)) return null;
  const r = d.report;
  const nameOf = (key: string) => r?.dimensions.find((x) => x.key === key)?.name ?? key;
  return (
    <section className="card" data-testid="dimensions-vs-reward">
      <h2>Humans against the reward, dimension by dimension</h2>
      <FiguresAge computedAt={d.computedAt} updating={d.updating} queryKey={KEYS.dimensions} />
      <label className="small">
        Dataset{" "}
        <select value={dataset || r?.dataset.id || ""} onChange={(e) => setDataset(e.target.value)}>
          {d.datasets.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      {r && (
        <>
          <p className="muted small">
            {count(r.pairs)} complete pairs. Each dimension&apos;s majority (A, B or about the same; not applicable and
            no majority left out) against plan A&apos;s part of the reward minus plan B&apos;s. Accuracy counts the
            pairs where both take a side; τ-b uses every compared pair. Intervals: 95 %, requests resampled.
          </p>
          <table className="table" aria-label="Humans against the reward per dimension">
            <thead>
              <tr>
                <th>Dimension</th>
                <th className="num">Compared</th>
                <th className="num">Accuracy</th>
                <th className="num">Kendall&apos;s τ-b</th>
                <th className="num" title="Not applicable · no majority · about the same · zero difference">
                  Left out
                </th>
                <th>Most disagreeing pairs</th>
              </tr>
            </thead>
            <tbody>
              {r.humansVsReward.map((h) => (
                <tr key={h.key} data-dimension={h.key}>
                  <td>{nameOf(h.key)}</td>
                  <td className="num">{count(h.compared)}</td>
                  <td className="num">
                    {pct(h.accuracy, 1)}
                    {interval(h.accuracyCi95, (v) => pct(v, 1))}
                    <span className="muted small"> of {count(h.accuracyPairs)}</span>
                  </td>
                  <td className="num">
                    {fixed(h.kendallTau)}
                    {interval(h.kendallTauCi95, (v) => fixed(v))}
                  </td>
                  <td className="num small">
                    {h.notApplicable} · {h.noMajority} · {h.sameMajority} · {h.zeroDifference}
                  </td>
                  <td className="small">
                    {h.disagreements.slice(0, 3).map((x) => (
                      <a
                        key={x.pairId}
                        href={`/queries/${x.queryId}/constraints`}
                        title={`Pair ${x.pairId}: experts chose ${x.majority}, the reward's part favours ${x.difference > 0 ? "A" : "B"} by ${fixed(Math.abs(x.difference))}`}
                      >
                        {x.majority} vs {fixed(x.difference, 2)}{" "}
                      </a>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Which dimensions drive the overall verdict</h3>
          {r.drivers.ok ? (
            <table className="table" aria-label="Dimensions driving the overall verdict">
              <thead>
                <tr>
                  <th>Dimension</th>
                  <th className="num">Coefficient</th>
                  <th className="num">Std. error</th>
                </tr>
              </thead>
              <tbody>
                {r.drivers.dimensions.map((c) => (
                  <tr key={c.key ?? "intercept"}>
                    <td>{nameOf(c.key ?? "")}</td>
                    <td className="num">
                      {fixed(c.estimate)}
                      {interval(c.ci95 && { lo: c.ci95[0], hi: c.ci95[1] }, (v) => fixed(v))}
                    </td>
                    <td className="num">{fixed(c.se)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="notice small">{r.drivers.message}</p>
          )}
          {r.drivers.ok && (
            <p className="muted small">
              Logistic regression of the overall verdict (A = 1, B = 0) on each judgment&apos;s dimension answers (A +1,
              about the same or not applicable 0, B −1), {count(r.drivers.judgments)} judgments (
              {count(r.drivers.neither)} Neither left out) from {count(r.drivers.requests)} requests; intervals over{" "}
              {r.drivers.replicatesUsed} bootstrap resamples of requests.
            </p>
          )}
        </>
      )}
    </section>
  );
}
