"use client";
/**
 * Experts only beside experts + a judge (the prediction-powered leaderboard, PPI++): each planner's rating, 95 %
 * interval and its width under both, with the effective sample ratio and λ (docs/prediction-powered.md).
 */
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { count, fixed } from "../../format";

type PredictionPowered = NonNullable<LeaderboardAnswer["predictionPowered"]>;
type Interval = readonly (number | null)[] | null | undefined;

/** An interval's width; null when it has no finite ends (JSON carries NaN as null). */
export function width(ci: Interval): number | null {
  const [lo, hi] = ci ?? [];
  return typeof lo === "number" && typeof hi === "number" && Number.isFinite(lo) && Number.isFinite(hi)
    ? hi - lo
    : null;
}

const interval = (ci: Interval) => (width(ci) === null ? "—" : `${fixed(ci![0], 1)} – ${fixed(ci![1], 1)}`);
/** Battles counted with weights (a judge's several verdicts on one pair share one battle): whole where they are. */
const battles = (n: number) => count(Math.round(n * 100) / 100);

export function PredictionPoweredTable({ pp }: { pp: PredictionPowered }) {
  const b = pp.board!;
  const ratio = b.effectiveSampleRatio;
  const kind =
    b.intervals === "bootstrap"
      ? `percentiles of ${count(b.bootstrap?.replicates ?? 0)} bootstrap replicates resampling requests (both columns from the same draws)`
      : "sandwich intervals, the battles of a request together";
  return (
    <>
      <p className="small" aria-label="Effective sample ratio">
        <strong>Effective sample ratio {fixed(ratio, 2)}</strong> (λ = {fixed(b.lambda, 2)}): with {pp.judge}&apos;s{" "}
        {battles(b.judgeBattles)} battles the intervals are as narrow as experts-only ones would be with{" "}
        {Number.isFinite(ratio) ? `${fixed(ratio, 2)} times` : "—"} the {battles(b.labelled)} expert battles. A ratio
        near 1 means the judge adds little.
        {ratio < 1 && (
          <>
            {" "}
            <strong>Below 1, the judge widens the intervals here:</strong> λ is estimated from the same few expert
            battles, and on so few its estimate is poor (the promise of intervals no wider than experts alone holds as
            the labelled battles grow). Rely on experts only.
          </>
        )}
      </p>
      <p className="muted small">
        Prediction-powered (PPI++): Bradley–Terry fitted on the experts&apos; battles plus every battle of {pp.judge},
        its verdicts on the {count(pp.labelledPairs)} pairs the experts judged correcting its bias on the{" "}
        {count(pp.judgePairs)} others; λ (between 0, experts only, and 1) weighs the judge to minimize the intervals.
        Ratio = (experts-only width / prediction-powered width)², over all planners. 95 % {kind}. Experts only here is
        the same fit without the judge, on the same battles and with intervals of the same kind
        {b.style ? " (style control on: the style covariates in both fits)" : ""}.
        {pp.expertsWithoutJudge > 0 &&
          ` ${count(pp.expertsWithoutJudge)} expert judgment(s) on pairs ${pp.judge} did not judge are left out of both columns (PPI++ needs the judge's verdict on every expert battle).`}
        {pp.leftOut.unknownPlanner + pp.leftOut.acrossGroups > 0 &&
          ` ${battles(pp.leftOut.unknownPlanner + pp.leftOut.acrossGroups)} of ${pp.judge}'s battles are left out: a planner no expert battle has, or planners the experts' battles do not connect.`}
      </p>
      <table className="table" aria-label="Experts only and prediction-powered">
        <thead>
          <tr>
            <th rowSpan={2}>Planner</th>
            <th colSpan={3} className="num">
              Experts only
            </th>
            <th colSpan={3} className="num">
              Experts + {pp.judge}
            </th>
            <th rowSpan={2} className="num">
              Expert battles
            </th>
            <th rowSpan={2} className="num">
              Judge battles
            </th>
          </tr>
          <tr>
            <th className="num">Rating</th>
            <th className="num">95 % interval</th>
            <th className="num">Width</th>
            <th className="num">Rating</th>
            <th className="num">95 % interval</th>
            <th className="num">Width</th>
          </tr>
        </thead>
        <tbody>
          {b.models.map((m) => (
            <tr key={m.model}>
              <td>{m.model}</td>
              <td className="num">{fixed(m.expertsOnly.rating, 1)}</td>
              <td className="num">{interval(m.expertsOnly.ci95)}</td>
              <td className="num">{fixed(width(m.expertsOnly.ci95), 1)}</td>
              <td className="num">{fixed(m.rating, 1)}</td>
              <td className="num">{interval(m.ci95)}</td>
              <td className="num">{fixed(width(m.ci95), 1)}</td>
              <td className="num">{battles(m.battles)}</td>
              <td className="num">{battles(m.judgeBattles)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
