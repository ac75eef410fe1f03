"use client";
/**
 * Exports with filters and a progress bar: the stream is read here, counted (JSONL and CSV by their lines; a
 * Parquet file's rows are in its footer, so its progress is in bytes alone), then saved as a file.
 */
import { useState } from "react";
import { errorMessage } from "../../api";
import { count } from "../../format";
import { ScopeSelects } from "../ScopeSelects";
import { HfDatasetRow } from "./HfDatasetRow";
import { PairsExportRow, type PairsFilters } from "./PairsExportRow";
import { useLeaderboardJudges } from "../queries";

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
    "each judgment as a battle between the two plans' planners (FastChat's shape: id — the pair's —, model_a, model_b, winner, query_id, judge, left), for leaderboards; or an uploaded judge's verdicts as battles, one a pair, to pair with the experts' in a prediction-powered leaderboard",
  ],
  [
    "annotations",
    "Constraint annotations",
    "every version of every request's DSL constraints (stage, parent, author, note), or only final versions",
  ],
] as const;

/** The kinds built from pairs' labels, which may add the pairs a judge decided (label_source=all; lib/exports/kinds.ts). */
const LABEL_SOURCE_KINDS = ["labelled-pairs", "training-pairs", "battles", "preference-pairs", "sft"];

export function ExportPanel() {
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
        <label>
          Labels
          <select value={labelSource} onChange={(e) => setLabelSource(e.target.value)}>
            <option value="experts">the experts&apos; only</option>
            <option value="all">and the pairs a judge decided</option>
          </select>
        </label>
      </div>
      <p className="muted small">
        Labelled and training pairs include complete pairs only (and, with the judges&apos; labels, the pairs a judge
        decided: every record says its label&apos;s source). Experts may keep judging while you download: each pair
        comes whole, and a pair completed meanwhile is in the file if the download has not yet passed it.
      </p>
      <table className="table" aria-label="Exports">
        <tbody>
          {KINDS.map(([kind, label, what]) => (
            <tr key={kind}>
              <td>
                <strong>{label}</strong>
                <br />
                <span className="muted small">{what}</span>
                {kind === "battles" && (
                  <div className="inline-form small">
                    <label>
                      Battles of
                      <select value={battlesJudge} onChange={(e) => setBattlesJudge(e.target.value)}>
                        <option value="">the experts</option>
                        {judges.data?.judges.map((j) => (
                          <option key={j} value={j}>
                            judge {j}
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
                    Dataset card
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
              <strong>Preference pairs</strong>
              <br />
              <span className="muted small">
                labelled pairs as a trainer loads them: the request as the prompt, the plans as published; splits by
                request
              </span>
              <div className="inline-form small">
                <label>
                  Trainer
                  <select value={pref.target} onChange={(e) => setPref({ ...pref, target: e.target.value })}>
                    <option value="trl">TRL (RewardTrainer, DPOTrainer)</option>
                    <option value="openrlhf">OpenRLHF</option>
                    <option value="openai">OpenAI preference fine-tuning</option>
                    <option value="kto">TRL KTO (unpaired)</option>
                  </select>
                </label>
                {(pref.target === "trl" || pref.target === "openrlhf") && (
                  <label>
                    Margin
                    <select value={pref.margin} onChange={(e) => setPref({ ...pref, margin: e.target.value })}>
                      <option value="none">none</option>
                      <option value="strength">strength</option>
                      <option value="votes">votes</option>
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
                    with metadata
                  </label>
                )}
              </div>
            </td>
            <TrainerActions kind="preference-pairs" query={query("jsonl", "preference-pairs")} download={download} />
          </tr>
          <tr>
            <td>
              <strong>SFT rows</strong>
              <br />
              <span className="muted small">
                one conversation per request: the request, and as the answer the plan its experts prefer (it won all its
                labelled pairs, or it is the request&apos;s top-rated plan), as published
              </span>
              <div className="inline-form small">
                <label>
                  Trainer
                  <select value={sft.target} onChange={(e) => setSft({ ...sft, target: e.target.value })}>
                    <option value="trl">TRL (SFTTrainer)</option>
                    <option value="openai">OpenAI fine-tuning</option>
                  </select>
                </label>
                {sft.target === "trl" && (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={sft.with_metadata === "1"}
                      onChange={(e) => setSft({ ...sft, with_metadata: e.target.checked ? "1" : "" })}
                    />{" "}
                    with metadata
                  </label>
                )}
              </div>
            </td>
            <TrainerActions kind="sft" query={query("jsonl", "sft")} download={download} />
          </tr>
          <tr>
            <td>
              <strong>Plan corrections</strong>
              <br />
              <span className="muted small">
                experts&apos; corrections with their edits, checks and blind verification; or verified ones as trainer
                rows (the corrected plan as the answer, or corrected ≻ original)
              </span>
              <div className="inline-form small">
                <label>
                  As
                  <select
                    value={corr.as}
                    onChange={(e) =>
                      setCorr({ ...corr, as: e.target.value, target: "trl", verified_only: corr.verified_only })
                    }
                  >
                    <option value="record">records</option>
                    <option value="sft">SFT rows</option>
                    <option value="preference">preference rows</option>
                  </select>
                </label>
                {corr.as === "record" ? (
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={corr.verified_only === "1"}
                      onChange={(e) => setCorr({ ...corr, verified_only: e.target.checked ? "1" : "" })}
                    />{" "}
                    verified only
                  </label>
                ) : (
                  <label>
                    Trainer
                    <select value={corr.target} onChange={(e) => setCorr({ ...corr, target: e.target.value })}>
                      <option value="trl">TRL</option>
                      {corr.as === "preference" && <option value="openrlhf">OpenRLHF</option>}
                      <option value="openai">OpenAI</option>
                      {corr.as === "preference" && <option value="kto">TRL KTO (unpaired)</option>}
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
          aria-label="Export progress"
          aria-valuetext={progress.records === null ? `${progress.bytes} bytes` : `${progress.records} records`}
        >
          <div className={progress.done ? "bar" : "bar indeterminate"} style={{ width: "100%" }} />
          <span data-testid="export-progress">
            {progress.records === null
              ? progress.done
                ? `Saved ${progress.kind} (Parquet)`
                : `Receiving ${progress.kind} (Parquet)`
              : progress.done
                ? `Saved ${progress.records} ${progress.kind} records`
                : `Receiving ${progress.kind}: ${progress.records} records`}{" "}
            ({count(Math.round(progress.bytes / 1024))} KiB)
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
          Dataset card
        </a>
      </div>
    </td>
  );
}
