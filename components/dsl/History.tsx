"use client";
/** Versions of a request's constraints: who, when, which stage; a line diff between any two; restore an older one. */
import { diffLines } from "diff";
import { useState } from "react";
import { constraintsText, type DslVersionView } from "@/lib/constraints/browser";

export function History({
  versions,
  onRestore,
}: {
  versions: DslVersionView[];
  onRestore: (v: DslVersionView) => void;
}) {
  const n = versions.length;
  const [from, setFrom] = useState<number>(Math.max(0, n - 2));
  const [to, setTo] = useState<number>(n - 1);
  const a = versions[Math.min(from, n - 1)];
  const b = versions[Math.min(to, n - 1)];
  const parts = a && b ? diffLines(constraintsText(a.constraints), constraintsText(b.constraints)) : [];
  return (
    <section className="card" aria-label="History">
      <h2>History</h2>
      <table className="table" aria-label="Versions">
        <thead>
          <tr>
            <th>Version</th>
            <th>Stage</th>
            <th>By</th>
            <th>When</th>
            <th>Note</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...versions].reverse().map((v) => (
            <tr key={v.id}>
              <td>v{v.version}</td>
              <td>
                <span className={`stage stage-${v.stage.toLowerCase()}`}>{v.stage.toLowerCase()}</span>
              </td>
              <td>{v.author ?? "import"}</td>
              <td>{new Date(v.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}</td>
              <td>{v.note}</td>
              <td>
                {v.id !== versions[n - 1].id && (
                  <button className="btn small" onClick={() => onRestore(v)}>
                    Restore
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {n > 1 && (
        <>
          <div className="inline-form">
            <label>
              Compare
              <select aria-label="Compare from" value={from} onChange={(e) => setFrom(Number(e.target.value))}>
                {versions.map((v, i) => (
                  <option key={v.id} value={i}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </label>
            <label>
              with
              <select aria-label="Compare to" value={to} onChange={(e) => setTo(Number(e.target.value))}>
                {versions.map((v, i) => (
                  <option key={v.id} value={i}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <pre className="diff" aria-label="Diff">
            {parts.map((p, i) => (
              <span key={i} className={p.added ? "diff-add" : p.removed ? "diff-del" : undefined}>
                {p.value
                  .replace(/\n$/, "")
                  .split("\n")
                  .map((l) => `${p.added ? "+ " : p.removed ? "- " : "  "}${l}`)
                  .join("\n") + "\n"}
              </span>
            ))}
          </pre>
        </>
      )}
    </section>
  );
}
