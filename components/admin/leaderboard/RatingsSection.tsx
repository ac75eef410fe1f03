"use client";
/**
 * Bradley–Terry ratings with bootstrap intervals (chart and table with each interval's width, style-controlled beside
 * them when on), or with a judge chosen experts only beside experts + the judge; and left-side wins.
 */
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { FEW, isFew } from "@/lib/kernel/browser";
import { fixed, pct, pValue } from "../../format";
import { PredictionPoweredTable, width } from "./PredictionPoweredTable";
import { RatingChart } from "./RatingChart";

export function RatingsSection({ data, r }: { data: LeaderboardAnswer; r: NonNullable<LeaderboardAnswer["report"]> }) {
  const unit = r.bootstrap.unit === "query" ? "request" : "battle";
  const pp = data.predictionPowered;
  return (
    <section className="card">
      <h2>Ratings</h2>
      <p className="muted small">
        Bradley–Terry on the Elo scale (FastChat&apos;s definition: a win counts 2, &ldquo;Neither&rdquo; 1 for each
        side; mean 1000) from {r.battles} battles. 95 % intervals from {r.bootstrap.replicates} bootstrap replicates
        resampling {r.bootstrap.units}{" "}
        {r.bootstrap.unit === "query" ? "requests (all judgments of a request together)" : "battles"}; rank = 1 +
        planners whose lower bound is above this one&apos;s upper bound.
        {data.selfBattles > 0 && ` ${data.selfBattles} judgment(s) of two plans by the same planner are left out.`}
      </p>
      {r.groups > 1 && (
        <p className="notice" role="alert">
          Not comparable across groups: the planners fall into {r.groups} groups with no battle between them. Ratings,
          intervals and ranks compare only within a group (each group is centred on 1000 on its own).
        </p>
      )}
      {r.unbounded.length > 0 && (
        <p className="notice">
          No finite rating (never won or tied against the rest, or never lost): {r.unbounded.join(", ")}. Their ratings
          are where the fit stopped.
        </p>
      )}
      {r.groups > 1 ? (
        // One chart per group: ratings of different groups share no scale, so they are not drawn on one axis.
        Array.from({ length: r.groups }, (_, g) => (
          <div key={g}>
            <h3 className="small">Group {g + 1}</h3>
            <RatingChart
              rows={r.models.filter((m) => m.group === g)}
              label={`Planner ratings with 95 % intervals, group ${g + 1}`}
            />
          </div>
        ))
      ) : (
        <RatingChart rows={r.models} label="Planner ratings with 95 % intervals" />
      )}
      {pp?.problem && (
        <p className="notice" role="alert">
          No prediction-powered leaderboard with {pp.judge}: {pp.problem}.
        </p>
      )}
      {pp?.board ? (
        <PredictionPoweredTable pp={pp} />
      ) : (
        <table className="table" aria-label="Leaderboard">
          <thead>
            <tr>
              {r.groups > 1 && <th className="num">Group</th>}
              <th className="num">Rank</th>
              <th>Planner</th>
              <th className="num">Rating</th>
              <th className="num">95 % interval</th>
              <th className="num" title="Upper minus lower end of the 95 % interval, in rating points">
                Width
              </th>
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
                  {r.groups > 1 && <td className="num">{m.group + 1}</td>}
                  <td className="num">{m.rank}</td>
                  <td>
                    {m.model}
                    {isFew(m.battles) && (
                      <span
                        className="muted small"
                        title={`A rating from fewer than ${FEW} battles varies widely: its interval is not drawn to scale`}
                      >
                        {" "}
                        · few battles
                      </span>
                    )}
                  </td>
                  <td className="num">{fixed(m.rating, 1)}</td>
                  {m.group >= 0 && m.groupUnits < 2 ? (
                    <td
                      className="num muted"
                      title={`Its group's battles all come from one ${unit}: resampling cannot vary them`}
                    >
                      no interval (one {unit})
                    </td>
                  ) : (
                    <td className="num">
                      {fixed(m.ci95[0], 1)} – {fixed(m.ci95[1], 1)}
                    </td>
                  )}
                  <td className="num">{m.group >= 0 && m.groupUnits < 2 ? "—" : fixed(width(m.ci95), 1)}</td>
                  {s && (
                    <td className="num">
                      {fixed(s.rating, 1)}{" "}
                      <span className="muted small">
                        [{fixed(s.ci95[0], 1)}, {fixed(s.ci95[1], 1)}] #{s.rank}
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
      )}
      <p className="small" aria-label="Left plan wins">
        <strong>Position:</strong> the plan shown on the left won {pct(r.left.share, 1)} of {r.left.n} decisive battles
        {r.left.ci95 &&
          ` (95 % ${fixed(r.left.ci95[0])}–${fixed(r.left.ci95[1])}, exact test against ½: p ${pValue(r.left.p_value)})`}
        ; {r.left.neither} were &ldquo;Neither&rdquo;.
      </p>
    </section>
  );
}
