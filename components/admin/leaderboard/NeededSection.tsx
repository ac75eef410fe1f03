"use client";
/**
 * Judgments still needed: how many more expert judgments the serving order is expected to take, from the pairs
 * waiting, until the widest planner's 95 % half-width in the Ratings table (its bootstrap, same replicates and seed)
 * is under a target (lib/results/leaderboard/needed.ts).
 */
import { useState } from "react";
import { count, fixed } from "../../format";
import { useLeaderboardNeeded } from "../queries";

const ORDER = {
  imported: "as imported (the waiting pairs in the claim's order, each until it has its raters)",
  balanced: "balanced (the pairs of planners in turn, the fewest battles first)",
  informative: "most informative first (each judgment where it narrows the intervals most)",
} as const;

const halfWidth = (v: number | null | undefined) =>
  v === null || v === undefined ? "∞ (a planner without battles yet)" : `± ${fixed(v, 1)}`;

/** `filters`: the page's scope, bootstrap and seed; `judge`: a judge is chosen (the table then compares with it). */
export function NeededSection({ filters, judge }: { filters: Record<string, string>; judge: boolean }) {
  const [text, setText] = useState("25");
  const [target, setTarget] = useState("25");
  const q = useLeaderboardNeeded({ ...filters, target });
  const n = q.data;
  const valid = Number(text) > 0 && Number(text) <= 10_000;
  return (
    <section className="card">
      <h2>Judgments still needed</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setTarget(String(Number(text)));
        }}
      >
        <label>
          Target: widest 95 % half-width under
          <input
            type="number"
            min={0.1}
            max={10000}
            step="any"
            className="narrow-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label="Target half-width in rating points"
          />
          rating points
        </label>
        <button type="submit" disabled={!valid || String(Number(text)) === target}>
          Project
        </button>
      </form>
      {q.isFetching && <p className="muted small">Projecting…</p>}
      {q.error && (
        <p className="error" role="alert">
          {q.error.message}
        </p>
      )}
      {n && (
        <>
          <p aria-label="Judgments still needed">
            {n.unbounded.length > 0 ? (
              <>
                No projection: {n.unbounded.join(", ")} never lost (or never won) yet, so no rating interval of theirs
                is finite and judgments at the current fit cannot narrow it.
              </>
            ) : n.needed === 0 ? (
              <>
                <strong>None:</strong> the widest half-width is already {halfWidth(n.now.halfWidth)} ({n.now.model}),
                under ± {fixed(n.target, 1)}.
              </>
            ) : n.needed !== null ? (
              <>
                <strong>{count(n.needed)} more expert judgments</strong> of the {count(n.waiting)} the waiting pairs
                need, until the widest half-width is {halfWidth(n.end.halfWidth)} ({n.end.model}), under ±{" "}
                {fixed(n.target, 1)}.
              </>
            ) : n.waiting === 0 ? (
              <>No pair is waiting for experts in this scope.</>
            ) : (
              <>
                <strong>Not reachable with the pairs waiting:</strong> {count(n.end.judgments)} judgments would leave it
                at {halfWidth(n.end.halfWidth)} ({n.end.model}), above ± {fixed(n.target, 1)}.
              </>
            )}
          </p>
          <p className="muted small">
            {n.now.halfWidth === null || n.now.halfWidth === undefined ? (
              // A planner of the waiting pairs with no battle yet is in neither the chart nor the table.
              <>
                Widest now: ∞{n.now.model ? ` (${n.now.model}: no battles yet, so it is not in the Ratings above)` : ""}
                . The others&apos; half-widths are half their experts-only 95 % intervals (bootstrap of{" "}
                {count(n.intervals.bootstrap)} replicates resampling requests).
              </>
            ) : (
              <>
                Widest now: {halfWidth(n.now.halfWidth)}
                {n.now.model ? ` (${n.now.model})` : ""}, half the width of its experts-only 95 % interval from a
                bootstrap of {count(n.intervals.bootstrap)} replicates resampling requests
                {judge
                  ? " (the interval the chart above draws; the table beside the judge compares sandwich intervals)"
                  : " (the Ratings table above)"}
                .
              </>
            )}{" "}
            Order: {ORDER[n.order]}
            {n.datasetId ? ", the dataset's serving order" : ": no dataset chosen, so every waiting pair as imported"}.
          </p>
          <p className="muted small">
            Projected from the current fit, each judgment counted at its expected outcome. A bootstrap cannot resample
            judgments not yet made, so each planner&apos;s sandwich half-width (which counts every battle as
            independent) is projected and kept at its ratio to the table&apos;s today — ×{fixed(n.intervals.pooled, 2)}{" "}
            over all planners, wider where the judgments of one request agree — assuming the judgments to come group in
            requests as today&apos;s do. Plain Bradley–Terry, without style control.
            {n.intervals.pooledModels.length > 0 &&
              ` No table interval yet for ${n.intervals.pooledModels.join(", ")}: projected at the ratio over all planners.`}
            {n.selfPairs > 0 && ` ${count(n.selfPairs)} waiting pair(s) of two plans by one planner are left out.`}
          </p>
        </>
      )}
    </section>
  );
}
