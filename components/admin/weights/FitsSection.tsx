"use client";
/** Every fit, newest first: scope, options, status, train accuracy; showing a finished one's report. */
import type { FitsAnswer } from "@/lib/platform/browser";
import { dateTime, pct } from "../../format";
import { useScopeOptions } from "../ScopeSelects";

export function FitsSection({
  fits,
  shown,
  onShow,
}: {
  fits: FitsAnswer["fits"] | undefined;
  shown: string | null;
  onShow: (id: string) => void;
}) {
  const options = useScopeOptions();
  const nameOf = (id?: string) =>
    id
      ? (options.data?.datasets.find((d) => d.id === id)?.name ??
        options.data?.destinations.find((d) => d.id === id)?.name ??
        id)
      : "all";
  return (
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
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fits?.map((f) => (
            <tr key={f.id} className={f.id === shown ? "selected" : undefined}>
              <td>{dateTime(f.createdAt)}</td>
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
              <td className="num">{pct(f.trainAccuracy, 1)}</td>
              <td>
                {f.status === "DONE" && f.id !== shown && (
                  <button className="btn small" onClick={() => onShow(f.id)}>
                    Show
                  </button>
                )}
              </td>
            </tr>
          ))}
          {fits?.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                No fit yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
