"use client";
/**
 * Judgments still needed: how many more expert judgments the serving order is expected to take, from the pairs
 * waiting, until the widest planner's 95 % half-width in the Ratings table (its bootstrap, same replicates and seed)
 * is under a target (lib/results/leaderboard/needed.ts).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { fixed, useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { useLeaderboardNeeded } from "../queries";

/** `filters`: the page's scope, bootstrap and seed; `judge`: a judge is chosen (the table then compares with it). */
export function NeededSection({ filters, judge }: { filters: Record<string, string>; judge: boolean }) {
  const t = useTranslations("Leaderboard.needed");
  const errorText = useErrorText();
  const { count } = useFormat();
  const halfWidth = (v: number | null | undefined) =>
    v === null || v === undefined ? t("infinite") : `± ${fixed(v, 1)}`;
  const [text, setText] = useState("25");
  const [target, setTarget] = useState("25");
  const q = useLeaderboardNeeded({ ...filters, target });
  const n = q.data;
  const valid = Number(text) > 0 && Number(text) <= 10_000;
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setTarget(String(Number(text)));
        }}
      >
        <label>
          {t("target")}
          <input
            type="number"
            min={0.1}
            max={10000}
            step="any"
            className="narrow-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t("targetLabel")}
          />
          {t("points")}
        </label>
        <button type="submit" disabled={!valid || String(Number(text)) === target}>
          {t("project")}
        </button>
      </form>
      {q.isFetching && <p className="muted small">{t("projecting")}</p>}
      {q.error && (
        <p className="error" role="alert">
          {errorText(q.error)}
        </p>
      )}
      {n && (
        <>
          <p aria-label={t("title")}>
            {n.unbounded.length > 0 ? (
              <>{t("unbounded", { planners: n.unbounded.join(", ") })}</>
            ) : n.needed === 0 ? (
              <>
                {t.rich("none", {
                  strong: (c) => <strong>{c}</strong>,
                  width: halfWidth(n.now.halfWidth),
                  model: String(n.now.model),
                  target: fixed(n.target, 1),
                })}
              </>
            ) : n.needed !== null ? (
              <>
                {t.rich("needed", {
                  strong: (c) => <strong>{c}</strong>,
                  needed: count(n.needed),
                  waiting: count(n.waiting),
                  width: halfWidth(n.end.halfWidth),
                  model: String(n.end.model),
                  target: fixed(n.target, 1),
                })}
              </>
            ) : n.waiting === 0 ? (
              <>{t("noWaiting")}</>
            ) : (
              <>
                {t.rich("unreachable", {
                  strong: (c) => <strong>{c}</strong>,
                  judgments: count(n.end.judgments),
                  width: halfWidth(n.end.halfWidth),
                  model: String(n.end.model),
                  target: fixed(n.target, 1),
                })}
              </>
            )}
          </p>
          <p className="muted small">
            {n.now.halfWidth === null || n.now.halfWidth === undefined ? (
              // A planner of the waiting pairs with no battle yet is in neither the chart nor the table.
              <>
                {t("widestInfinite", {
                  model: n.now.model ? t("widestInfiniteModel", { model: n.now.model }) : "",
                  replicates: count(n.intervals.bootstrap),
                })}
              </>
            ) : (
              <>
                {t("widest", {
                  width: halfWidth(n.now.halfWidth),
                  model: n.now.model ? ` (${n.now.model})` : "",
                  replicates: count(n.intervals.bootstrap),
                  which: judge ? t("widestJudge") : t("widestRatings"),
                })}
              </>
            )}{" "}
            {t("order", {
              order: t(`orders.${n.order}`),
              which: n.datasetId ? t("orderDataset") : t("orderNone"),
            })}
          </p>
          <p className="muted small">
            {t("method", { pooled: fixed(n.intervals.pooled, 2) })}
            {n.intervals.pooledModels.length > 0 &&
              ` ${t("pooledModels", { planners: n.intervals.pooledModels.join(", ") })}`}
            {n.selfPairs > 0 && ` ${t("selfPairs", { n: count(n.selfPairs) })}`}
          </p>
        </>
      )}
    </section>
  );
}
