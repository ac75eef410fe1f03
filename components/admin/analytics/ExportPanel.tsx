"use client";
/**
 * Exports with filters and a progress bar: the stream is read here, counted (JSONL and CSV by their lines; a
 * Parquet file's rows are in its footer, so its progress is in bytes alone), then saved as a file.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { errorMessage } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { ScopeSelects } from "../ScopeSelects";
import { HfDatasetRow } from "./HfDatasetRow";
import { PairsExportRow, type PairsFilters } from "./PairsExportRow";
import { useLeaderboardJudges } from "../queries";

/** The plain exports; their names and contents are Analytics.exports.kinds.<kind>. */
const KINDS = ["judgments", "labelled-pairs", "training-pairs", "battles", "annotations"] as const;

/** The kinds built from pairs' labels, which may add the pairs a judge decided (label_source=all; lib/exports/kinds.ts). */
const LABEL_SOURCE_KINDS = ["labelled-pairs", "training-pairs", "battles", "preference-pairs", "sft"];

export function ExportPanel() {
  const t = useTranslations("Analytics.exports");
  const errorText = useErrorText();
  const { count } = useFormat();
  const [filters, setFilters] = useState({ dataset: "", destination: "", from: "", to: "", complete: "", final: "" });
  const [progress, setProgress] = useState<{
    kind: string;
    records: number | null;
    bytes: number;
    done: boolean;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Preference pairs: the trainer's shape, a margin, and the metadata columns (lib/exports/preference.ts).
  const [pref, setPref] = useState({ target: "trl", margin: "none", with_metadata: "" });
  // SFT rows: one per request, the plan the experts prefer (lib/exports/sft.ts).
  const [sft, setSft] = useState({ target: "trl", with_metadata: "" });
  // Plan corrections: as records, or (verified ones) as SFT or preference rows (lib/exports/corrections.ts).
  const [corr, setCorr] = useState({ as: "record", target: "trl", verified_only: "" });
  // The experts' labels only (the default), or the judges' decisions too, for the kinds built from pairs' labels.
  const [labelSource, setLabelSource] = useState("experts");
  // Pairs: a state and a planner (lib/exports/store/pairs.ts); battles: an uploaded judge's instead of the experts'.
  const [pairs, setPairs] = useState<PairsFilters>({ status: "", planner: "" });
  const [chosenJudge, setBattlesJudge] = useState("");
  const judges = useLeaderboardJudges({ dataset: filters.dataset, destination: filters.destination });
  // A judge chosen, then left out of the scope by another dataset or destination, is no longer asked for.
  const battlesJudge = judges.data?.judges.includes(chosenJudge) ? chosenJudge : "";
  // Pairs and a judge's battles take the dataset and destination only: no judgments' dates, no complete pairs.
  const scopeOnly = (kind: string) => kind === "pairs" || (kind === "battles" && !!battlesJudge);
  const query = (format: string, kind = "") =>
    new URLSearchParams({
      format,
      ...Object.fromEntries(
        Object.entries(filters).filter(([k, v]) => v && (!scopeOnly(kind) || k === "dataset" || k === "destination")),
      ),
      ...(labelSource === "all" && LABEL_SOURCE_KINDS.includes(kind) && !(kind === "battles" && battlesJudge)
        ? { label_source: "all" }
        : {}),
      ...(kind === "pairs" ? Object.fromEntries(Object.entries(pairs).filter(([, v]) => v.trim())) : {}),
      ...(kind === "battles" && battlesJudge ? { judge: battlesJudge } : {}),
      ...(kind === "preference-pairs"
        ? Object.fromEntries(
            Object.entries(pref).filter(
              // A margin only where the trainer's shape has one (OpenAI's and KTO's refuse it).
              ([k, v]) =>
                v &&
                (k !== "margin" || pref.target === "trl" || pref.target === "openrlhf") &&
                (k !== "with_metadata" || pref.target !== "openai"),
            ),
          )
        : kind === "sft"
          ? Object.fromEntries(
              Object.entries(sft).filter(([k, v]) => v && (k !== "with_metadata" || sft.target === "trl")),
            )
          : kind === "corrections"
            ? Object.fromEntries(
                Object.entries(corr).filter(
                  // Records take verified-only; trainer rows are verified corrections always and take a trainer.
                  ([k, v]) => v && (k === "as" || (k === "target") === (corr.as !== "record")),
                ),
              )
            : {}),
    }).toString();

  async function download(kind: string, format: "jsonl" | "csv" | "parquet") {
    setError(null);
    const lines = format !== "parquet";
    setProgress({ kind, records: lines ? 0 : null, bytes: 0, done: false });
    try {
      const res = await fetch(`/api/admin/exports/${kind}?${query(format, kind)}`);
      if (!res.ok || !res.body) throw new Error(errorMessage(await res.json().catch(() => ({})), res.status));
      const reader = res.body.getReader();
      const parts: Uint8Array[] = [];
      let records = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.byteLength;
        if (lines) for (const b of value) if (b === 10) records++;
        setProgress({ kind, records: lines ? records : null, bytes, done: false });
      }
      const url = URL.createObjectURL(
        new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? "application/octet-stream" }),
      );
      const a = document.createElement("a");
      a.href = url;
      a.download = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${kind}.${format}`;
      a.click();
      URL.revokeObjectURL(url);
      setProgress({ kind, records: lines ? (format === "csv" ? records - 1 : records) : null, bytes, done: true });
    } catch (e) {
      setError(errorText(e));
      setProgress(null);
    }
  }

  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <div className="inline-form">
        <ScopeSelects
          dataset={filters.dataset}
          destination={filters.destination}
          onChange={(patch) => setFilters({ ...filters, ...patch })}
        />
        <label>
          {t("from")}
          <input type="date" value={filters.from} onChange={(e) => setFilters({ ...filters, from: e.target.value })} />
        </label>
        <label>
          {t("to")}
          <input type="date" value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
        </label>
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={filters.complete === "1"}
            onChange={(e) => setFilters({ ...filters, complete: e.target.checked ? "1" : "" })}
          />
          {t("completeOnly")}
        </label>
        <label className="checkbox small">
          <input
            type="checkbox"
            checked={filters.final === "1"}
            onChange={(e) => setFilters({ ...filters, final: e.target.checked ? "1" : "" })}
          />
          {t("finalOnly")}
        </label>
        <label>
          {t("labels")}
          <select value={labelSource} onChange={(e) => setLabelSource(e.target.value)}>
            <option value="experts">{t("labelsExperts")}</option>
            <option value="all">{t("labelsAll")}</option>
          </select>
        </label>
      </div>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label={t("title")}>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind}>
              <td>
                <strong>{t(`kinds.${kind}.label`)}</strong>
                <br />
                <span className="muted small">{t(`kinds.${kind}.what`)}</span>
                {kind === "battles" && (
                  <div className="inline-form small">
                    <label>
                      {t("battlesOf")}
                      <select value={battlesJudge} onChange={(e) => setBattlesJudge(e.target.value)}>
                        <option value="">{t("theExperts")}</option>
                        {judges.data?.judges.map((j) => (
                          <option key={j} value={j}>
                            {t("judge", { judge: j })}
                          </option>
                        ))}
                      </select>
                    </label>
                  </div>
                )}
              </td>
              <td>
                <div className="actions">
                  <button className="btn small" onClick={() => download(kind, "jsonl")}>
                    JSONL
                  </button>
                  <button className="btn small" onClick={() => download(kind, "csv")}>
                    CSV
                  </button>
                  <button className="btn small" onClick={() => download(kind, "parquet")}>
                    Parquet
                  </button>
                  <a
                    className="btn small"
                    href={`/api/admin/exports/${kind}/card?${query("jsonl", kind)}`}
                    download={`${kind}-card.json`}
                  >
                    {t("card")}
                  </a>
                </div>
              </td>
            </tr>
          ))}
          <PairsExportRow
            filters={pairs}
            setFilters={setPairs}
            cardQuery={query("jsonl", "pairs")}
            download={download}
          />
          <tr>
            <td>
              <strong>{t("preference.title")}</strong>
              <br />
              <span className="muted small">{t("preference.what")}</span>
              <div className="inline-form small">
                <label>
                  {t("trainer")}
                  <select value={pref.target} onChange={(e) => setPref({ ...pref, target: e.target.value })}>
                    <option value="trl">TRL (RewardTrainer, DPOTrainer)</option>
                    <option value="openrlhf">OpenRLHF</option>
                    <option value="openai">{t("openaiPreference")}</option>
                    <option value="kto">{t("kto")}</option>
                  </select>
                </label>
                {(pref.target === "trl" || pref.target === "openrlhf") && (
                  <label>
                    {t("margin")}
                    <select value={pref.margin} onChange={(e) => setPref({ ...pref, margin: e.target.value })}>
                      <option value="none">{t("margins.none")}</option>
                      <option value="strength">{t("margins.strength")}</option>
                      <option value="votes">{t("margins.votes")}</option>
                    </select>
                  </label>
                )}
                {pref.target !== "openai" && (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={pref.with_metadata === "1"}
                      onChange={(e) => setPref({ ...pref, with_metadata: e.target.checked ? "1" : "" })}
                    />{" "}
                    {t("withMetadata")}
                  </label>
                )}
              </div>
            </td>
            <TrainerActions kind="preference-pairs" query={query("jsonl", "preference-pairs")} download={download} />
          </tr>
          <tr>
            <td>
              <strong>{t("sft.title")}</strong>
              <br />
              <span className="muted small">{t("sft.what")}</span>
              <div className="inline-form small">
                <label>
                  {t("trainer")}
                  <select value={sft.target} onChange={(e) => setSft({ ...sft, target: e.target.value })}>
                    <option value="trl">TRL (SFTTrainer)</option>
                    <option value="openai">{t("openaiFineTuning")}</option>
                  </select>
                </label>
                {sft.target === "trl" && (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={sft.with_metadata === "1"}
                      onChange={(e) => setSft({ ...sft, with_metadata: e.target.checked ? "1" : "" })}
                    />{" "}
                    {t("withMetadata")}
                  </label>
                )}
              </div>
            </td>
            <TrainerActions kind="sft" query={query("jsonl", "sft")} download={download} />
          </tr>
          <tr>
            <td>
              <strong>{t("corrections.title")}</strong>
              <br />
              <span className="muted small">{t("corrections.what")}</span>
              <div className="inline-form small">
                <label>
                  {t("as")}
                  <select
                    value={corr.as}
                    onChange={(e) =>
                      setCorr({ ...corr, as: e.target.value, target: "trl", verified_only: corr.verified_only })
                    }
                  >
                    <option value="record">{t("asRecords")}</option>
                    <option value="sft">{t("asSft")}</option>
                    <option value="preference">{t("asPreference")}</option>
                  </select>
                </label>
                {corr.as === "record" ? (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={corr.verified_only === "1"}
                      onChange={(e) => setCorr({ ...corr, verified_only: e.target.checked ? "1" : "" })}
                    />{" "}
                    {t("verifiedOnly")}
                  </label>
                ) : (
                  <label>
                    {t("trainer")}
                    <select value={corr.target} onChange={(e) => setCorr({ ...corr, target: e.target.value })}>
                      <option value="trl">TRL</option>
                      {corr.as === "preference" && <option value="openrlhf">OpenRLHF</option>}
                      <option value="openai">OpenAI</option>
                      {corr.as === "preference" && <option value="kto">{t("kto")}</option>}
                    </select>
                  </label>
                )}
              </div>
            </td>
            <TrainerActions kind="corrections" query={query("jsonl", "corrections")} download={download} />
          </tr>
          <HfDatasetRow query={query("parquet", "sft")} />
        </tbody>
      </table>
      {progress && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuetext={
            progress.records === null
              ? t("bytes", { n: String(progress.bytes) })
              : t("records", { n: String(progress.records) })
          }
        >
          <div className={progress.done ? "bar" : "bar indeterminate"} style={{ width: "100%" }} />
          <span data-testid="export-progress">
            {progress.records === null
              ? progress.done
                ? t("savedParquet", { kind: progress.kind })
                : t("receivingParquet", { kind: progress.kind })
              : progress.done
                ? t("saved", { kind: progress.kind, n: String(progress.records) })
                : t("receiving", { kind: progress.kind, n: String(progress.records) })}{" "}
            {t("kib", { n: count(Math.round(progress.bytes / 1024)) })}
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

/** A trainer export's downloads: JSONL and Parquet through the panel's progress, and its dataset card. */
function TrainerActions({
  kind,
  query,
  download,
}: {
  kind: string;
  query: string;
  download: (kind: string, format: "jsonl" | "parquet") => void;
}) {
  const t = useTranslations("Analytics.exports");
  return (
    <td>
      <div className="actions">
        <button className="btn small" onClick={() => download(kind, "jsonl")}>
          JSONL
        </button>
        <button className="btn small" onClick={() => download(kind, "parquet")}>
          Parquet
        </button>
        <a className="btn small" href={`/api/admin/exports/${kind}/card?${query}`} download={`${kind}-card.json`}>
          {t("card")}
        </a>
      </div>
    </td>
  );
}
