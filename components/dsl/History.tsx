"use client";
/** Versions of a request's constraints: who, when, which stage; a line diff between any two; restore an older one. */
import { useTranslations } from "next-intl";
import { useFormat } from "../format";
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
  const t = useTranslations("Dsl");
  const h = useTranslations("Dsl.history");
  const f = useFormat();
  const [from, setFrom] = useState<number>(Math.max(0, n - 2));
  const [to, setTo] = useState<number>(n - 1);
  const a = versions[Math.min(from, n - 1)];
  const b = versions[Math.min(to, n - 1)];
  const parts = a && b ? diffLines(constraintsText(a.constraints), constraintsText(b.constraints)) : [];
  return (
    <section className="card" aria-label={h("title")}>
      <h2>{h("title")}</h2>
      <table className="table" aria-label={h("versions")}>
        <thead>
          <tr>
            <th>{h("version")}</th>
            <th>{h("stage")}</th>
            <th>{h("by")}</th>
            <th>{h("when")}</th>
            <th>{h("note")}</th>
            <th>
              <span className="sr-only">{h("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...versions].reverse().map((v) => (
            <tr key={v.id}>
              <td>v{v.version}</td>
              <td>
                <span className={`stage stage-${v.stage.toLowerCase()}`}>{t(`stages.${v.stage}`)}</span>
              </td>
              <td>{v.author ?? h("import")}</td>
              <td>{f.dateTime(String(v.createdAt))}</td>
              <td>{v.note}</td>
              <td>
                {v.id !== versions[n - 1].id && (
                  <button className="btn small" onClick={() => onRestore(v)}>
                    {h("restore")}
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
              {h("compare")}
              <select aria-label={h("from")} value={from} onChange={(e) => setFrom(Number(e.target.value))}>
                {versions.map((v, i) => (
                  <option key={v.id} value={i}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {h("with")}
              <select aria-label={h("to")} value={to} onChange={(e) => setTo(Number(e.target.value))}>
                {versions.map((v, i) => (
                  <option key={v.id} value={i}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <pre className="diff" aria-label={h("diff")}>
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
