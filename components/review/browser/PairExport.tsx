"use client";
/**
 * Exports the pairs the filter matches (every page, not only this one): a kind and a format, then a download of
 * /api/admin/exports/<kind>?pair_filter=<the filter> (streamed). Kinds whose records hold message lists offer
 * JSONL and Parquet only.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";

export interface ExportChoice {
  kind: string;
  name: string;
  formats: string[];
}

export function PairExport({ filter, kinds }: { filter: string; kinds: ExportChoice[] }) {
  const t = useTranslations("Pairs.export");
  const [kind, setKind] = useState(kinds[0].kind);
  const [format, setFormat] = useState("jsonl");
  const formats = kinds.find((k) => k.kind === kind)!.formats;
  const chosen = formats.includes(format) ? format : formats[0];
  const href = `/api/admin/exports/${kind}?${new URLSearchParams({ format: chosen, ...(filter ? { pair_filter: filter } : {}) })}`;
  return (
    <div className="inline-form pair-export" role="group" aria-label={t("region")}>
      <label>
        {t("kind")}
        <select value={kind} onChange={(e) => setKind(e.target.value)}>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("format")}
        <select value={chosen} onChange={(e) => setFormat(e.target.value)}>
          {formats.map((f) => (
            <option key={f} value={f}>
              {f === "jsonl" ? "JSONL" : f === "csv" ? "CSV" : "Parquet"}
            </option>
          ))}
        </select>
      </label>
      <a className="btn" href={href} download>
        {t("download")}
      </a>
      <span className="muted small">{t("note")}</span>
    </div>
  );
}
