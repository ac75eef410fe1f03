"use client";
/**
 * The leaderboard page: its filters (the overall verdict or one dimension's, and a judge to compare with), then one
 * section each for ratings (experts only beside experts + the judge when one is chosen), the judgments still needed,
 * style control and the win table, and the Ordering Score against verified corrections where there are some.
 */
import { useState } from "react";
import { KEYS } from "../../keys";
import { FiguresAge } from "../FiguresAge";
import { FiguresProgress } from "../FiguresProgress";
import { NeededSection } from "./NeededSection";
import { useLeaderboard, useLeaderboardJudges } from "../queries";
import { ScopeSelects } from "../ScopeSelects";
import { OrderingSection } from "./OrderingSection";
import { RatingsSection } from "./RatingsSection";
import { StyleSection } from "./StyleSection";
import { WinTableSection } from "./WinTableSection";

export function LeaderboardPanel() {
  const [f, setF] = useState({
    dataset: "",
    destination: "",
    days: "",
    gates: "0",
    dimension: "",
    style: "0",
    bootstrap: "1000",
    seed: "1",
    judge: "",
    intervals: "sandwich",
  });
  // The comparison's intervals only mean something with a judge: without one they would only split the cache.
  const q = useLeaderboard({ ...f, intervals: f.judge ? f.intervals : "" });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  // Judges are listed for the scope: a change of scope (or a dimension: a judge's verdicts are overall) drops the judge.
  const rescope = (patch: Partial<typeof f>) => set({ ...patch, judge: "" });
  const data = q.data;
  const judges = useLeaderboardJudges({ dataset: f.dataset, destination: f.destination, days: f.days, gates: f.gates });
  const r = data?.report;
  const scope = {
    dataset: f.dataset,
    destination: f.destination,
    days: f.days,
    gates: f.gates,
    dimension: f.dimension,
  };
  return (
    <div className="stack">
      <section className="card">
        <div className="inline-form" role="group" aria-label="Filters">
          <ScopeSelects dataset={f.dataset} destination={f.destination} onChange={rescope} />
          <label>
            Trip length
            <select value={f.days} onChange={(e) => rescope({ days: e.target.value })}>
              <option value="">All</option>
              {data?.tripLengths.map((d) => (
                <option key={d} value={d}>
                  {d} day{d === 1 ? "" : "s"}
                </option>
              ))}
            </select>
          </label>
          {!!data?.dimensions.length && (
            <label>
              Verdict
              <select value={f.dimension} onChange={(e) => rescope({ dimension: e.target.value })}>
                <option value="">Overall</option>
                {data.dimensions.map((d) => (
                  <option key={d.key} value={d.key}>
                    {d.name} (dimension)
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={f.gates === "1"}
              onChange={(e) => rescope({ gates: e.target.checked ? "1" : "0" })}
            />{" "}
            Only plans that pass both gates
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={f.style === "1"}
              onChange={(e) => set({ style: e.target.checked ? "1" : "0" })}
            />{" "}
            Style control
          </label>
          <label title="Experts only beside experts + an uploaded judge (prediction-powered); the overall verdict only">
            Judge
            <select value={f.judge} disabled={!!f.dimension} onChange={(e) => set({ judge: e.target.value })}>
              <option value="">None</option>
              {judges.data?.judges.map((j) => (
                <option key={j} value={j}>
                  {j}
                </option>
              ))}
            </select>
          </label>
          {f.judge && (
            <label>
              Judge intervals
              <select value={f.intervals} onChange={(e) => set({ intervals: e.target.value })}>
                <option value="sandwich">Sandwich</option>
                <option value="bootstrap">Bootstrap</option>
              </select>
            </label>
          )}
          <label>
            Bootstrap
            <select value={f.bootstrap} onChange={(e) => set({ bootstrap: e.target.value })}>
              {["200", "1000", "2000"].map((b) => (
                <option key={b} value={b}>
                  {b} replicates
                </option>
              ))}
            </select>
          </label>
        </div>
        {q.isFetching ? (
          <FiguresProgress page="leaderboard" />
        ) : (
          <FiguresAge computedAt={data?.computedAt} updating={data?.updating} queryKey={KEYS.leaderboard} />
        )}
        {q.error && (
          <p className="error" role="alert">
            {q.error.message}
          </p>
        )}
      </section>
      {data && !r && <p className="notice">No judgments between two different planners match these filters.</p>}
      {r && (
        <>
          <RatingsSection data={data} r={r} />
          {r.style && <StyleSection style={r.style} models={r.models} />}
          <WinTableSection r={r} signed={data.signedPreference} />
        </>
      )}
      {data && <NeededSection filters={{ ...scope, bootstrap: f.bootstrap, seed: f.seed }} judge={Boolean(f.judge)} />}
      <OrderingSection dataset={f.dataset} />
    </div>
  );
}
