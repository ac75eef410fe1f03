"use client";
/** Style control: the covariates' coefficients with their intervals, collinear pairs, and the style-controlled ratings. */
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed } from "../../format";
import { RatingChart } from "./RatingChart";

type Report = NonNullable<LeaderboardAnswer["report"]>;

export function StyleSection({ style, models }: { style: NonNullable<Report["style"]>; models: Report["models"] }) {
  // Battles per planner, for the chart's "few battles" (the style fit uses the same battles).
  const battles = new Map(models.map((m) => [m.model, m.battles]));
  return (
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
          {style.covariates.map((c) => (
            <tr key={c.name}>
              <td>{c.name.replaceAll("_", " ")}</td>
              <td className="num">{c.coefficient === null ? "— (does not vary)" : fixed(c.coefficient)}</td>
              <td className="num">{c.ci95 ? `${fixed(c.ci95[0])} – ${fixed(c.ci95[1])}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {style.collinear.map((c) => (
        <p key={`${c.a}-${c.b}`} className="notice small">
          {c.a.replaceAll("_", " ")} and {c.b.replaceAll("_", " ")} move together (r = {fixed(c.r, 2)}): their separate
          coefficients are poorly determined; their sum is not.
        </p>
      ))}
      <RatingChart
        rows={style.ratings.map((s) => ({ ...s, battles: battles.get(s.model) ?? 0 }))}
        label="Style-controlled ratings with 95 % intervals"
      />
    </section>
  );
}
