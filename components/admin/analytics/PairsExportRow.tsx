"use client";
/**
 * The export panel's pairs: every pair of the experts' queue with its query and both plans as published, to run
 * one's own judge on and upload its verdicts by pair id on the Judges page (docs/escalation.md, "Run your own judge").
 * Filtered by state and planner beside the panel's dataset and destination; the panel downloads it.
 */
import type { Dispatch, SetStateAction } from "react";

export interface PairsFilters {
  status: string;
  planner: string;
}

export const PAIRS_COLUMNS =
  "pair_id, dataset_id, dataset, destination, status (open, in_progress, complete, decided), judgments and required_raters, escalation (calibration, audit or none), verification (a correction's pair), query_id, query_text, and per plan its id (plan_a, plan_b), planner (plan_a_planner, …) and text as published (plan_a_text, …)";

export function PairsExportRow({
  filters,
  setFilters,
  cardQuery,
  download,
}: {
  filters: PairsFilters;
  setFilters: Dispatch<SetStateAction<PairsFilters>>;
  cardQuery: string;
  download: (kind: string, format: "jsonl" | "csv" | "parquet") => void;
}) {
  return (
    <tr>
      <td>
        <strong>Pairs</strong>
        <br />
        <span className="muted small">
          every pair of the experts&apos; queue, one row each, to run your own judge on and upload its verdicts by
          pair_id on the Judges page: {PAIRS_COLUMNS}. Gold pairs are not pairs of the queue and are left out; dates do
          not apply.
        </span>
        <div className="inline-form small">
          <label>
            Status
            <select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
              <option value="">all</option>
              <option value="waiting">still waiting (open or in progress)</option>
              <option value="open">open (no expert has it yet)</option>
              <option value="in_progress">in progress</option>
              <option value="complete">complete</option>
              <option value="decided">decided by a judge</option>
            </select>
          </label>
          <label>
            Planner
            <input
              value={filters.planner}
              placeholder="any"
              maxLength={200}
              onChange={(e) => setFilters({ ...filters, planner: e.target.value })}
            />
          </label>
        </div>
      </td>
      <td>
        <div className="actions">
          <button className="btn small" onClick={() => download("pairs", "jsonl")}>
            JSONL
          </button>
          <button className="btn small" onClick={() => download("pairs", "csv")}>
            CSV
          </button>
          <button className="btn small" onClick={() => download("pairs", "parquet")}>
            Parquet
          </button>
          <a className="btn small" href={`/api/admin/exports/pairs/card?${cardQuery}`} download="pairs-card.json">
            Dataset card
          </a>
        </div>
      </td>
    </tr>
  );
}
