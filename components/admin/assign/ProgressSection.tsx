"use client";
/**
 * Progress per dataset (with its raters per pair, diagnostics switch, and preference strength and dimensions,
 * which are chosen before the dataset's first judgment), per destination and per expert.
 */
import type { OverviewAnswer } from "@/lib/platform/browser";
import { pctOf, seconds } from "../../format";
import { useUpdateDataset, type Then } from "../mutations";
import { CorrectionsCell, type CorrectionSettings } from "./CorrectionsCell";
import { DimensionsCell } from "./DimensionsCell";

function Bar({ done, total }: { done: number; total: number }) {
  return (
    <span className="minibar" title={`${done} of ${total}`}>
      <span style={{ width: `${total ? (100 * done) / total : 0}%` }} />
    </span>
  );
}

export function ProgressSection({ o, then }: { o: OverviewAnswer; then: Then<unknown, unknown> }) {
  const update = useUpdateDataset(then);
  return (
    <section className="card">
      <h2>Progress</h2>
      {/* Datasets take the full width: each row carries its settings (strength, dimensions) beside its progress. */}
      <div className="table-scroll">
        <table className="table" aria-label="Progress per dataset">
          <thead>
            <tr>
              <th>Dataset</th>
              <th>Raters / pair</th>
              <th className="num">Complete pairs</th>
              <th>Diagnostics</th>
              <th>Strength</th>
              <th>Dimensions</th>
              <th>Corrections</th>
            </tr>
          </thead>
          <tbody>
            {o.datasets.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>
                  <input
                    type="number"
                    min={1}
                    max={10}
                    defaultValue={d.raters ?? 3}
                    aria-label={`Raters per pair for ${d.name}`}
                    className="narrow-input"
                    onBlur={(e) =>
                      Number(e.target.value) !== d.raters &&
                      update.mutate({ id: d.id, requiredRaters: Number(e.target.value) })
                    }
                  />
                </td>
                <td className="num">
                  {d.complete} / {d.pairs}
                  {d.decided > 0 && <span className="muted small"> · {d.decided} decided by judges</span>}{" "}
                  <Bar done={d.judgments} total={d.needed} />
                </td>
                <td>
                  <label className="checkbox small">
                    <input
                      type="checkbox"
                      checked={d.showDiagnostics}
                      onChange={(e) => update.mutate({ id: d.id, showDiagnostics: e.target.checked })}
                    />
                    show to experts
                  </label>
                </td>
                <td>
                  <label
                    className="checkbox small"
                    title={
                      d.judgments > 0
                        ? "Chosen before the first judgment: it stays as it is"
                        : "Experts say how much better (1 slightly, 2 clearly, 3 decisively)"
                    }
                  >
                    <input
                      type="checkbox"
                      checked={d.preferenceStrength}
                      disabled={d.judgments > 0}
                      onChange={(e) => update.mutate({ id: d.id, preferenceStrength: e.target.checked })}
                    />
                    ask how much better
                  </label>
                </td>
                <td>
                  <DimensionsCell
                    name={d.name}
                    dimensions={d.dimensions}
                    version={d.dimensionsVersion}
                    started={d.judgments > 0}
                    onSave={(dimensions) => update.mutate({ id: d.id, dimensions })}
                  />
                </td>
                <td>
                  <CorrectionsCell
                    name={d.name}
                    settings={d as Partial<CorrectionSettings>}
                    onSave={(change) => update.mutate({ id: d.id, ...change })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid-3">
        <div>
          <table className="table" aria-label="Progress per destination">
            <thead>
              <tr>
                <th>Destination</th>
                <th className="num">Complete pairs</th>
                <th className="num">Judgments</th>
              </tr>
            </thead>
            <tbody>
              {o.destinations.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td className="num">
                    {d.complete} / {d.pairs}
                    {d.decided > 0 && <span className="muted small"> · {d.decided} decided by judges</span>}
                  </td>
                  <td className="num">
                    {pctOf(d.judgments, d.needed)} <Bar done={d.judgments} total={d.needed} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <table className="table" aria-label="Progress per expert">
            <thead>
              <tr>
                <th>Expert</th>
                <th className="num">Judged</th>
                <th className="num">Skipped</th>
                <th className="num">Holding</th>
                <th className="num">Median time</th>
              </tr>
            </thead>
            <tbody>
              {o.experts.map((e) => (
                <tr key={e.id}>
                  <td>{e.name}</td>
                  <td className="num">{e.judged}</td>
                  <td className="num">{e.skipped}</td>
                  <td className="num">{e.claimed}</td>
                  <td className="num">{seconds(e.medianSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
