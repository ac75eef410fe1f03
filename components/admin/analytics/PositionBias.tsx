"use client";
/** Position bias on the analytics page: how often experts chose the plan shown on the left. */
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { pct, pValue } from "../../format";

type Position = AnalyticsAnswer["position"];
type Share = Position["overall"];

function Row({ name, s }: { name: string; s: Share }) {
  const flagged = s.p_value !== null && s.p_value < 0.01;
  return (
    <tr className={flagged ? "flagged" : undefined}>
      <td>{name}</td>
      <td className="num">{s.n}</td>
      <td className="num">{s.left}</td>
      <td className="num">{pct(s.share, 1)}</td>
      <td className="num">{s.ci95 ? `${pct(s.ci95[0], 1)} – ${pct(s.ci95[1], 1)}` : "—"}</td>
      <td className="num">
        {pValue(s.p_value)}
        {flagged && (
          <span className="badge" title="Chose the left plan more (or less) often than chance would, p < 0.01">
            {" "}
            side bias
          </span>
        )}
      </td>
      <td className="num">{s.neither}</td>
    </tr>
  );
}

export function PositionBias({ position: d }: { position: Position }) {
  return (
    <section className="card" aria-label="Position bias">
      <h2>Position bias</h2>
      <p className="muted small">
        Each expert sees the pair&apos;s plans in a random order. Without a bias about half of the decisive verdicts (A
        or B) on complete pairs go to the plan on the left: share with its Wilson 95 % interval and an exact two-sided
        binomial test against ½ (&ldquo;Neither&rdquo; left out).
      </p>
      <table className="table" aria-label="Verdicts for the left plan">
        <thead>
          <tr>
            <th>Expert</th>
            <th className="num">Decisive</th>
            <th className="num">For the left</th>
            <th className="num">Share</th>
            <th className="num">95 % Wilson</th>
            <th className="num">p</th>
            <th className="num">Neither</th>
          </tr>
        </thead>
        <tbody>
          <Row name="All experts" s={d.overall} />
          {d.experts.map((e) => (
            <Row key={e.userId} name={e.name} s={e} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
