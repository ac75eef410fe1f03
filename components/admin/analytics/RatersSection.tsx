"use client";
/** The raters: confusion of each two slots, each expert's agreement and habits, Cohen's κ per pair of experts. */
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { fixed, seconds } from "../../format";

export function RatersSection({
  r,
  minShared,
  setMinShared,
}: {
  r: AnalyticsAnswer;
  /** Only pairs of experts sharing at least this many pairs are listed. */
  minShared: number;
  setMinShared: (n: number) => void;
}) {
  return (
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
              <td className="num">{fixed(e.agreementWithOthers)}</td>
              <td className="num">{fixed(e.cohenWithPeers)}</td>
              <td className="num">{seconds(e.medianSeconds)}</td>
              <td className="num">{fixed(e.leftShare)}</td>
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
                <td className="num">{fixed(p.kappa)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
