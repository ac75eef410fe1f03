"use client";
/**
 * The export panel's pairs: every pair of the experts' queue with its query and both plans as published, to run
 * one's own judge on and upload its verdicts by pair id on the Judges page (docs/escalation.md, "Run your own judge").
 * Filtered by state and planner beside the panel's dataset and destination; the panel downloads it.
 */
import { useTranslations } from "next-intl";
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
  const t = useTranslations("Analytics.exports.pairs");
  const te = useTranslations("Analytics.exports");
  return (
    <tr>
      <td>
        <strong>{t("title")}</strong>
        <br />
        <span className="muted small">{t("what", { columns: PAIRS_COLUMNS })}</span>
        <div className="inline-form small">
          <label>
            {t("status")}
            <select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
              <option value="">{t("statuses.all")}</option>
              <option value="waiting">{t("statuses.waiting")}</option>
              <option value="open">{t("statuses.open")}</option>
              <option value="in_progress">{t("statuses.in_progress")}</option>
              <option value="complete">{t("statuses.complete")}</option>
              <option value="decided">{t("statuses.decided")}</option>
            </select>
          </label>
          <label>
            {t("planner")}
            <input
              value={filters.planner}
              placeholder={t("any")}
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
            {te("card")}
          </a>
        </div>
      </td>
    </tr>
  );
}
