"use client";
/**
 * The leaderboard page: its filters (the overall verdict or one dimension's), then one section each for ratings,
 * style control and the win table, and the Ordering Score against verified corrections where there are some.
 */
import { useState } from "react";
import { KEYS } from "../../keys";
import { FiguresAge } from "../FiguresAge";
import { FiguresProgress } from "../FiguresProgress";
import { useLeaderboard } from "../queries";
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
  });
  const q = useLeaderboard(f);
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, ...patch }));
  const data = q.data;
  const r = data?.report;
  return (
    <div className="stack">
      <section className="card">
        <div className="inline-form" role="group" aria-label="Filters">
          <ScopeSelects dataset={f.dataset} destination={f.destination} onChange={set} />
          <label>
            Trip length
            <select value={f.days} onChange={(e) => set({ days: e.target.value })}>
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
              <select value={f.dimension} onChange={(e) => set({ dimension: e.target.value })}>
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
              onChange={(e) => set({ gates: e.target.checked ? "1" : "0" })}
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
      <OrderingSection dataset={f.dataset} />
    </div>
  );
}
