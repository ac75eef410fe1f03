"use client";
/** Exports with filters and a progress bar: the stream is read here, counted, then saved as a file. */
import { useState } from "react";
import { ScopeSelects } from "./ScopeSelects";

const KINDS = [
  [
    "judgments",
    "Raw judgments",
    "pair, query, destination, expert (pseudonymous), slot, verdict, rationale, time on task, left plan, timestamps",
  ],
  [
    "labelled-pairs",
    "Labelled pairs",
    "the two plans, the verdicts, the majority or adjudicated label, the pair's agreement",
  ],
  ["training-pairs", "Training pairs", "labelled pairs with plan features and rewards, for weight fitting"],
  [
    "battles",
    "Battles",
    "each judgment as a battle between the two plans' planners (FastChat's shape: model_a, model_b, winner, query_id, judge, left), for leaderboards",
  ],
  [
    "annotations",
    "Constraint annotations",
    "every version of every request's DSL constraints (stage, parent, author, note), or only final versions",
  ],
] as const;

export function ExportPanel() {
  const [filters, setFilters] = useState({ dataset: "", destination: "", from: "", to: "", complete: "", final: "" });
  const [progress, setProgress] = useState<{ kind: string; records: number; bytes: number; done: boolean } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const query = (format: string) =>
    new URLSearchParams({ format, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) }).toString();

  async function download(kind: string, format: "jsonl" | "csv") {
    setError(null);
    setProgress({ kind, records: 0, bytes: 0, done: false });
    try {
      const res = await fetch(`/api/admin/exports/${kind}?${query(format)}`);
      if (!res.ok || !res.body)
        throw new Error((await res.json().catch(() => ({}))).error ?? `The server answered ${res.status}.`);
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let records = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        for (const b of value) if (b === 10) records++;
        setProgress({ kind, records, bytes, done: false });
      }
      const url = URL.createObjectURL(
        new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? "application/octet-stream" }),
      );
      const a = document.createElement("a");
      a.href = url;
      a.download = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${kind}.${format}`;
      a.click();
      URL.revokeObjectURL(url);
      setProgress({ kind, records: format === "csv" ? records - 1 : records, bytes, done: true });
    } catch (e) {
      setError((e as Error).message);
      setProgress(null);
    }
  }

  return (
    <section className="card">
      <h2>Exports</h2>
      <div className="inline-form">
        <ScopeSelects
          dataset={filters.dataset}
          destination={filters.destination}
          onChange={(patch) => setFilters({ ...filters, ...patch })}
        />
        <label>
          Judged from
          <input type="date" value={filters.from} onChange={(e) => setFilters({ ...filters, from: e.target.value })} />
        </label>
        <label>
          to (inclusive)
          <input type="date" value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
        </label>
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={filters.complete === "1"}
            onChange={(e) => setFilters({ ...filters, complete: e.target.checked ? "1" : "" })}
          />
          Raw judgments of complete pairs only
        </label>
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={filters.final === "1"}
            onChange={(e) => setFilters({ ...filters, final: e.target.checked ? "1" : "" })}
          />
          Final annotation versions only
        </label>
      </div>
      <p className="muted small">
        Labelled and training pairs include complete pairs only; each export reads one consistent snapshot.
      </p>
      <table className="table" aria-label="Exports">
        <tbody>
          {KINDS.map(([kind, label, what]) => (
            <tr key={kind}>
              <td>
                <strong>{label}</strong>
                <br />
                <span className="muted small">{what}</span>
              </td>
              <td>
                <div className="actions">
                  <button className="btn small" onClick={() => download(kind, "jsonl")}>
                    JSONL
                  </button>
                  <button className="btn small" onClick={() => download(kind, "csv")}>
                    CSV
                  </button>
                  <a
                    className="btn small"
                    href={`/api/admin/exports/${kind}/card?${query("jsonl")}`}
                    download={`${kind}-card.json`}
                  >
                    Dataset card
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {progress && (
        <div
          className="progress"
          role="progressbar"
          aria-label="Export progress"
          aria-valuetext={`${progress.records} records`}
        >
          <div className={progress.done ? "bar" : "bar indeterminate"} style={{ width: "100%" }} />
          <span data-testid="export-progress">
            {progress.done
              ? `Saved ${progress.records} ${progress.kind} records`
              : `Receiving ${progress.kind}: ${progress.records} records`}{" "}
            ({(progress.bytes / 1024).toFixed(0)} KiB)
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
