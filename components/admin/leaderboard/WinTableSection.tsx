"use client";
/** TripScore's Table 3 for every pair of planners that met: a heat map, then shares with Wilson intervals and exact tests. */
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed, pValue } from "../../format";
import { WinHeatMap } from "./WinHeatMap";

function SignedCell({ s }: { s: LeaderboardAnswer["signedPreference"][number] | undefined }) {
  if (!s) return <td className="num muted">—</td>;
  return (
    <td className="num" title={`${s.n} judgments from ${s.requests} requests`}>
      {fixed(s.mean, 2)}
      {s.ci95 && (
        <span className="muted small">
          {" "}
          [{fixed(s.ci95[0], 2)}, {fixed(s.ci95[1], 2)}]
        </span>
      )}
    </td>
  );
}

export function WinTableSection({
  r,
  signed,
}: {
  r: NonNullable<LeaderboardAnswer["report"]>;
  /** The mean signed preference of each two planners, where strength is asked (else empty). */
  signed: LeaderboardAnswer["signedPreference"];
}) {
  const signedOf = new Map(signed.map((s) => [`${s.model_a}\u0000${s.model_b}`, s]));
  return (
    <section className="card">
      <h2>Win table</h2>
      <p className="muted small">
        TripScore&apos;s Table 3 for every pair of planners that met: share of A (ties as half) with its Wilson 95 %
        interval, and an exact two-sided binomial test of A&apos;s wins against B&apos;s (ties left out).
        {signed.length > 0 &&
          " The mean signed preference runs from −3 (A decisively better) to +3 (B decisively better), with a 95 % interval over resampled requests."}
      </p>
      <WinHeatMap report={r} />
      {/* Scrolls sideways rather than clipping its last columns on a laptop's screen. */}
      <div className="table-scroll">
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
              {signed.length > 0 && <th className="num">Mean signed preference</th>}
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
                <td className="num">{fixed(p.share_a)}</td>
                <td className="num">
                  {fixed(p.ci95[0])} – {fixed(p.ci95[1])}
                </td>
                <td className="num">{pValue(p.p_value)}</td>
                {signed.length > 0 && <SignedCell s={signedOf.get(`${p.model_a}\u0000${p.model_b}`)} />}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
