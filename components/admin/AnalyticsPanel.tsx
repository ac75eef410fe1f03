"use client";
/** Agreement figures with their intervals and explanations, the adjudication list, and downloads. */
import { api } from "../api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsAnswer } from "@/lib/server/responses";
import { KEYS, useAdjudicationPage, useAnalytics } from "./queries";
import { PositionBias } from "./PositionBias";
import { AnomalyFlags } from "./AnomalyFlags";
import { AdaptiveCalibration } from "./AdaptiveCalibration";
import { useState } from "react";
import type { GroupStats } from "@/lib/agreement/report";
import { ExportPanel } from "./ExportPanel";

type Report = AnalyticsAnswer;

/** Cumulative judgments per day as bars (plain SVG). */
function ProgressChart({ days }: { days: Report["progress"] }) {
  if (!days.length) return <p className="muted">No judgments yet.</p>;
  const max = days[days.length - 1].cumulative;
  const w = Math.max(240, days.length * 28);
  return (
    <svg
      className="progress-chart"
      viewBox={`0 0 ${w} 130`}
      role="img"
      aria-label={`Cumulative judgments: ${max} after ${days.length} day(s)`}
    >
      {days.map((d, i) => {
        const h = (100 * d.cumulative) / max;
        return (
          <g key={d.day}>
            <rect x={i * 28 + 4} y={110 - h} width={20} height={h} fill="#0072B2">
              <title>{`${d.day}: ${d.judgments} judgment(s), ${d.cumulative} in all`}</title>
            </rect>
            <text x={i * 28 + 14} y={124} fontSize="8" textAnchor="middle" fill="#5f6b7a">
              {d.day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
const SPLITS_PER_PAGE = 20;

const METRICS: { key: keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">; label: string; help: string }[] = [
  {
    key: "fleiss",
    label: "Fleiss' κ",
    help: "Agreement of the three raters beyond chance, over pairs with all ratings: (P̄ − P̄e) / (1 − P̄e).",
  },
  {
    key: "light",
    label: "Cohen's κ (Light)",
    help: "Cohen's kappa for each pair of rater slots (1–2, 1–3, 2–3), averaged.",
  },
  {
    key: "krippendorff",
    label: "Krippendorff's α",
    help: "Nominal alpha, 1 − observed / expected disagreement; tolerates missing ratings.",
  },
  {
    key: "pairwise",
    label: "Pairwise agreement",
    help: "Over every two raters of the same pair, the share that chose the same verdict.",
  },
  { key: "allAgree", label: "All agree", help: "Share of pairs on which all raters chose the same verdict." },
];

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));

function Cell({ s }: { s: GroupStats[keyof Omit<GroupStats, "items" | "ceiling" | "unresolved">] }) {
  return (
    <td
      className="num"
      title={
        s.value === null
          ? s.reason
          : s.ci
            ? `95 % bootstrap interval over ${s.ci.replicates} resamples of pairs`
            : undefined
      }
    >
      {f3(s.value)}
      {s.ci && (
        <span className="muted small">
          {" "}
          [{f3(s.ci.lo)}, {f3(s.ci.hi)}]
        </span>
      )}
    </td>
  );
}

function StatsTable({ rows, label }: { rows: [string, GroupStats][]; label: string }) {
  return (
    <table className="table" aria-label={label}>
      <thead>
        <tr>
          <th>{label}</th>
          <th className="num" title="Complete pairs">
            Pairs
          </th>
          {METRICS.map((m) => (
            <th key={m.key} className="num" title={m.help}>
              {m.label} <span className="help">?</span>
            </th>
          ))}
          <th
            className="num"
            title="TripScore E.4: the single-rater reliability r implied by the pairwise agreement under symmetric 3-class noise, r = (1 + √(2·(3·A − 1))) / 3"
          >
            Ceiling r <span className="help">?</span>
          </th>
          <th className="num" title="Pairs whose raters split 1-1-1: they have no majority label until adjudicated">
            Splits
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, s]) => (
          <tr key={name}>
            <td>{name}</td>
            <td className="num">{s.items}</td>
            {METRICS.map((m) => (
              <Cell key={m.key} s={s[m.key]} />
            ))}
            <td className="num">{f3(s.ceiling.r)}</td>
            <td className="num">{s.unresolved}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AnalyticsPanel() {
  const qc = useQueryClient();
  const [minShared, setMinShared] = useState(5);
  const report = useAnalytics(minShared);
  // The queue comes a page at a time; `pages` holds the cursor of each page opened so far.
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const cursor = pages[pages.length - 1];
  const splits = useAdjudicationPage(cursor, SPLITS_PER_PAGE);
  const decide = useMutation({
    mutationFn: (v: { pairId: string; body: object }) =>
      api(`/api/admin/adjudication/${v.pairId}`, { method: "POST", json: v.body }),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: KEYS.adjudication });
      qc.invalidateQueries({ queryKey: KEYS.analytics });
    },
  });
  const r = report.data;
  return (
    <>
      <section className="card">
        <h2>Agreement</h2>
        {r && <p className="muted">Figures as of {new Date(r.computedAt).toLocaleTimeString()}.</p>}
        {!r ? (
          <p>{report.isError ? "Could not compute the figures." : "Computing…"}</p>
        ) : (
          <>
            <StatsTable label="Overall" rows={[["All complete pairs", r.overall]]} />
            <StatsTable label="Destination" rows={Object.entries(r.byDestination)} />
            <StatsTable label="Dataset" rows={Object.entries(r.byDataset)} />
          </>
        )}
      </section>
      {r && (
        <section className="card">
          <h2>Progress</h2>
          <ProgressChart days={r.progress} />
        </section>
      )}
      {r && (
        <section className="card">
          <h2>Raters</h2>
          <div className="grid-3">
            {Object.entries(r.confusion).map(([slots, m]) => (
              <table
                key={slots}
                className="table confusion"
                aria-label={`Confusion of slots ${slots}`}
                title="Rows: the first slot's verdict; columns: the second slot's."
              >
                <thead>
                  <tr>
                    <th>Slots {slots}</th>
                    <th className="num">A</th>
                    <th className="num">B</th>
                    <th className="num">Neither</th>
                  </tr>
                </thead>
                <tbody>
                  {m.map((row, i) => (
                    <tr key={i}>
                      <th>{["A", "B", "Neither"][i]}</th>
                      {row.map((c, j) => (
                        <td key={j} className={`num${i === j ? " diag" : ""}`}>
                          {c}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          </div>
          <table className="table" aria-label="Experts">
            <thead>
              <tr>
                <th>Expert</th>
                <th className="num">Pairs</th>
                <th className="num" title="Where the two other raters agree, how often this expert chose the same">
                  Agrees with others <span className="help">?</span>
                </th>
                <th className="num" title="Cohen's kappa with each peer sharing at least 5 pairs, averaged">
                  Cohen with peers <span className="help">?</span>
                </th>
                <th className="num">Median time</th>
                <th
                  className="num"
                  title="Of the expert's A/B choices, the share that picked the plan shown on the left; far from 0.5 suggests position bias"
                >
                  Left wins <span className="help">?</span>
                </th>
                <th className="num" title="Pairs the expert skipped (e.g. area not known)">
                  Skips
                </th>
              </tr>
            </thead>
            <tbody>
              {r.experts.map((e) => (
                <tr key={e.expert}>
                  <td>{e.expert}</td>
                  <td className="num">{e.pairs}</td>
                  <td className="num">{f3(e.agreementWithOthers)}</td>
                  <td className="num">{f3(e.cohenWithPeers)}</td>
                  <td className="num">{e.medianSeconds === null ? "—" : `${Math.round(e.medianSeconds)} s`}</td>
                  <td className="num">{f3(e.leftShare)}</td>
                  <td className="num">{e.skips ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Cohen&apos;s κ per pair of experts</h3>
          <label className="checkbox small">
            Only experts sharing at least
            <input
              type="number"
              min={1}
              max={10000}
              value={minShared}
              className="narrow-input"
              onChange={(e) => setMinShared(Math.max(1, Number(e.target.value) || 1))}
              aria-label="Minimum shared pairs"
            />
            pairs
          </label>
          {r.expertPairs.length === 0 ? (
            <p className="muted">No two experts share {r.minShared} pairs yet.</p>
          ) : (
            <table className="table" aria-label="Cohen per expert pair">
              <thead>
                <tr>
                  <th>Experts</th>
                  <th className="num">Shared pairs</th>
                  <th className="num">Cohen&apos;s κ</th>
                </tr>
              </thead>
              <tbody>
                {r.expertPairs.map((p) => (
                  <tr key={`${p.a}|${p.b}`}>
                    <td>
                      {p.a} · {p.b}
                    </td>
                    <td className="num">{p.shared}</td>
                    <td className="num">{f3(p.kappa)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {r?.adaptive && <AdaptiveCalibration adaptive={r.adaptive} />}
      {r && <PositionBias position={r.position} />}
      <AnomalyFlags />
      <section className="card" data-testid="adjudication">
        <h2>Splits to adjudicate</h2>
        {decide.isError && (
          <p role="alert" className="error">
            {(decide.error as Error).message}
          </p>
        )}
        {splits.data && splits.data.total > 0 && (
          <p className="muted" data-testid="adjudication-count">
            {splits.data.total.toLocaleString("en")} {splits.data.total === 1 ? "pair waits" : "pairs wait"} · showing{" "}
            {((pages.length - 1) * SPLITS_PER_PAGE + 1).toLocaleString("en")}–
            {((pages.length - 1) * SPLITS_PER_PAGE + splits.data.pairs.length).toLocaleString("en")}
          </p>
        )}
        {!splits.data?.pairs.length ? (
          <p className="muted">{pages.length > 1 ? "Nothing left on this page." : "No pair waits for a decision."}</p>
        ) : (
          splits.data.pairs.map((p) => (
            <article key={p.pairId} className="split" data-pair={p.pairId}>
              <p>
                <strong>{p.destination}</strong> · <span className="muted">{p.request}</span>
              </p>
              <ul>
                {p.judgments.map((j, i) => (
                  <li key={i}>
                    <strong>{j.verdict === "NEITHER" ? "Neither" : j.verdict}</strong> — {j.expert}: {j.rationale}
                  </li>
                ))}
              </ul>
              <div className="actions">
                {(["A", "B", "NEITHER"] as const).map((label) => (
                  <button
                    key={label}
                    className="btn small"
                    onClick={() => decide.mutate({ pairId: p.pairId, body: { action: "decide", label } })}
                  >
                    Label {label === "NEITHER" ? "Neither" : label}
                  </button>
                ))}
                <button
                  className="btn small"
                  onClick={() => decide.mutate({ pairId: p.pairId, body: { action: "extra-rater" } })}
                >
                  Ask one more expert
                </button>
              </div>
            </article>
          ))
        )}
        {(pages.length > 1 || splits.data?.next) && (
          <div className="actions">
            <button className="btn small" disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
              Previous page
            </button>
            <button
              className="btn small"
              disabled={!splits.data?.next}
              onClick={() => splits.data?.next && setPages((p) => [...p, splits.data!.next])}
            >
              Next page
            </button>
          </div>
        )}
      </section>
      <ExportPanel />
    </>
  );
}
