"use client";
/** The planner leaderboard: ratings with their intervals (chart and table), the win table as a heat map and a table, left-side wins, style control. */
import { useState } from "react";
import type { LeaderboardAnswer } from "@/lib/server/responses";
import { useLeaderboard } from "./queries";
import { ScopeSelects } from "./ScopeSelects";

type Report = NonNullable<LeaderboardAnswer["report"]>;
const f1 = (v: number) => v.toFixed(1);
const f3 = (v: number | null) => (v === null ? "—" : v.toFixed(3));
const pv = (v: number | null) => (v === null ? "—" : v < 0.001 ? "< 0.001" : v.toFixed(3));

/** Ratings as dots with their 95 % intervals as whiskers (plain SVG), best first. */
function RatingChart({ rows, label }: { rows: { model: string; rating: number; ci95: number[] }[]; label: string }) {
  const finite = rows.flatMap((r) => [r.ci95[0], r.ci95[1], r.rating]).filter(Number.isFinite);
  const lo = Math.floor(Math.min(...finite) / 25) * 25,
    hi = Math.ceil(Math.max(...finite) / 25) * 25;
  const W = 720,
    left = 190,
    right = 20,
    rowH = 26,
    top = 24;
  const x = (v: number) => left + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo || 1)) * (W - left - right);
  const ticks = Array.from({ length: 5 }, (_, i) => lo + ((hi - lo) * i) / 4);
  const H = top + rows.length * rowH + 10;
  return (
    <svg className="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={top - 6} y2={H - 6} stroke="#e3e7ee" />
          <text x={x(t)} y={14} fontSize="10" textAnchor="middle" fill="#5f6b7a">
            {Math.round(t)}
          </text>
        </g>
      ))}
      <line x1={x(1000)} x2={x(1000)} y1={top - 6} y2={H - 6} stroke="#9aa5b1" strokeDasharray="3 3" />
      {rows.map((r, i) => {
        const y = top + i * rowH + rowH / 2;
        return (
          <g key={r.model}>
            <text x={left - 8} y={y + 4} fontSize="11" textAnchor="end" fill="#1f2933">
              {r.model.length > 28 ? `${r.model.slice(0, 27)}…` : r.model}
            </text>
            <line x1={x(r.ci95[0])} x2={x(r.ci95[1])} y1={y} y2={y} stroke="#0072B2" strokeWidth="2" />
            <line x1={x(r.ci95[0])} x2={x(r.ci95[0])} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth="2" />
            <line x1={x(r.ci95[1])} x2={x(r.ci95[1])} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth="2" />
            <circle cx={x(r.rating)} cy={y} r="4.5" fill="#D55E00">
              <title>{`${r.model}: ${f1(r.rating)} [${f1(r.ci95[0])}, ${f1(r.ci95[1])}]`}</title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}

/** Share of wins (ties as half) of the row's planner against the column's, coloured from red (0) through white to blue (1). */
function WinHeatMap({ report }: { report: Report }) {
  const order = report.models.map((m) => m.model);
  const cell = new Map<string, { share: number; n: number; ci95: number[] }>();
  for (const p of report.pairs) {
    cell.set(`${p.model_a}\u0000${p.model_b}`, { share: p.share_a, n: p.n, ci95: p.ci95 });
    cell.set(`${p.model_b}\u0000${p.model_a}`, { share: 1 - p.share_a, n: p.n, ci95: [1 - p.ci95[1], 1 - p.ci95[0]] });
  }
  const colour = (s: number) => {
    const t = Math.abs(s - 0.5) * 2;
    const [r, g, b] = s >= 0.5 ? [33, 102, 172] : [178, 24, 43];
    const mix = (c: number) => Math.round(255 + (c - 255) * t);
    return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
  };
  return (
    <div className="scroll-x">
      <table className="heatmap" aria-label="Win share of the row's planner against the column's">
        <thead>
          <tr>
            <th>row beats column</th>
            {order.map((m) => (
              <th key={m} className="num" title={m}>
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.map((a) => (
            <tr key={a}>
              <th>{a}</th>
              {order.map((b) => {
                const c = a === b ? undefined : cell.get(`${a}\u0000${b}`);
                return c ? (
                  <td
                    key={b}
                    className="num"
                    style={{ background: colour(c.share), color: Math.abs(c.share - 0.5) > 0.3 ? "#fff" : "#1f2933" }}
                    title={`${a} vs ${b}: ${f3(c.share)} of ${c.n} (95 % ${f3(c.ci95[0])}–${f3(c.ci95[1])})`}
                  >
                    {c.share.toFixed(2)}
                  </td>
                ) : (
                  <td key={b} className="num muted">
                    {a === b ? "" : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LeaderboardPanel() {
  const [f, setF] = useState({
    dataset: "",
    destination: "",
    days: "",
    gates: "0",
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
        {q.isFetching && (
          <p className="muted small" role="status">
            Computing…
          </p>
        )}
        {q.error && (
          <p className="error" role="alert">
            {(q.error as Error).message}
          </p>
        )}
      </section>
      {data && !r && <p className="notice">No judgments between two different planners match these filters.</p>}
      {r && (
        <>
          <section className="card">
            <h2>Ratings</h2>
            <p className="muted small">
              Bradley–Terry on the Elo scale (FastChat&apos;s definition: a win counts 2, &ldquo;Neither&rdquo; 1 for
              each side; mean 1000) from {r.battles} battles. 95 % intervals from {r.bootstrap.replicates} bootstrap
              replicates resampling {r.bootstrap.units}{" "}
              {r.bootstrap.unit === "query" ? "requests (all judgments of a request together)" : "battles"}; rank = 1 +
              planners whose lower bound is above this one&apos;s upper bound.
              {data.selfBattles > 0 &&
                ` ${data.selfBattles} judgment(s) of two plans by the same planner are left out.`}
            </p>
            {r.unbounded.length > 0 && (
              <p className="notice">
                No finite rating (never won or tied against the rest, or never lost): {r.unbounded.join(", ")}. Their
                ratings are where the fit stopped.
              </p>
            )}
            <RatingChart rows={r.models} label="Planner ratings with 95 % intervals" />
            <table className="table" aria-label="Leaderboard">
              <thead>
                <tr>
                  <th className="num">Rank</th>
                  <th>Planner</th>
                  <th className="num">Rating</th>
                  <th className="num">95 % interval</th>
                  {r.style && (
                    <th className="num" title="Rating with the style covariates held fixed">
                      Style-controlled
                    </th>
                  )}
                  <th className="num">Battles</th>
                  <th className="num">Wins</th>
                  <th className="num">Losses</th>
                  <th className="num">Neither</th>
                </tr>
              </thead>
              <tbody>
                {r.models.map((m, i) => {
                  const s = r.style?.ratings[i];
                  return (
                    <tr key={m.model}>
                      <td className="num">{m.rank}</td>
                      <td>{m.model}</td>
                      <td className="num">{f1(m.rating)}</td>
                      <td className="num">
                        {f1(m.ci95[0])} – {f1(m.ci95[1])}
                      </td>
                      {s && (
                        <td className="num">
                          {f1(s.rating)}{" "}
                          <span className="muted small">
                            [{f1(s.ci95[0])}, {f1(s.ci95[1])}] #{s.rank}
                          </span>
                        </td>
                      )}
                      <td className="num">{m.battles}</td>
                      <td className="num">{m.wins}</td>
                      <td className="num">{m.losses}</td>
                      <td className="num">{m.ties}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="small" aria-label="Left plan wins">
              <strong>Position:</strong> the plan shown on the left won{" "}
              {r.left.share === null ? "—" : `${(100 * r.left.share).toFixed(1)} %`} of {r.left.n} decisive battles
              {r.left.ci95 &&
                ` (95 % ${f3(r.left.ci95[0])}–${f3(r.left.ci95[1])}, exact test against ½: p ${pv(r.left.p_value)})`}
              ; {r.left.neither} were &ldquo;Neither&rdquo;.
            </p>
          </section>
          {r.style && (
            <section className="card">
              <h2>Style control</h2>
              <p className="muted small">
                Covariates enter the same fit as (A − B)/(A + B + 1), standardized over the battles (FastChat&apos;s
                construction); a positive coefficient means experts favour the plan with more of it.
              </p>
              <table className="table" aria-label="Style coefficients">
                <thead>
                  <tr>
                    <th>Covariate</th>
                    <th className="num">Coefficient (log-odds per s.d.)</th>
                    <th className="num">95 % interval</th>
                  </tr>
                </thead>
                <tbody>
                  {r.style.covariates.map((c) => (
                    <tr key={c.name}>
                      <td>{c.name.replaceAll("_", " ")}</td>
                      <td className="num">{c.coefficient === null ? "— (does not vary)" : f3(c.coefficient)}</td>
                      <td className="num">{c.ci95 ? `${f3(c.ci95[0])} – ${f3(c.ci95[1])}` : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {r.style.collinear.map((c) => (
                <p key={`${c.a}-${c.b}`} className="notice small">
                  {c.a.replaceAll("_", " ")} and {c.b.replaceAll("_", " ")} move together (r = {c.r.toFixed(2)}): their
                  separate coefficients are poorly determined; their sum is not.
                </p>
              ))}
              <RatingChart rows={r.style.ratings} label="Style-controlled ratings with 95 % intervals" />
            </section>
          )}
          <section className="card">
            <h2>Win table</h2>
            <p className="muted small">
              TripScore&apos;s Table 3 for every pair of planners that met: share of A (ties as half) with its Wilson 95
              % interval, and an exact two-sided binomial test of A&apos;s wins against B&apos;s (ties left out).
            </p>
            <WinHeatMap report={r} />
            <table className="table" aria-label="Win table">
              <thead>
                <tr>
                  <th>Planner A</th>
                  <th>Planner B</th>
                  <th className="num">n</th>
                  <th className="num">A wins</th>
                  <th className="num">B wins</th>
                  <th className="num">Neither</th>
                  <th className="num">Share of A</th>
                  <th className="num">95 % Wilson</th>
                  <th className="num">p</th>
                </tr>
              </thead>
              <tbody>
                {r.pairs.map((p) => (
                  <tr key={`${p.model_a}-${p.model_b}`}>
                    <td>{p.model_a}</td>
                    <td>{p.model_b}</td>
                    <td className="num">{p.n}</td>
                    <td className="num">{p.wins_a}</td>
                    <td className="num">{p.wins_b}</td>
                    <td className="num">{p.ties}</td>
                    <td className="num">{f3(p.share_a)}</td>
                    <td className="num">
                      {f3(p.ci95[0])} – {f3(p.ci95[1])}
                    </td>
                    <td className="num">{pv(p.p_value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
