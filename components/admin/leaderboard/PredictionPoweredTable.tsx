"use client";
/**
 * Experts only beside experts + a judge (the prediction-powered leaderboard, PPI++): each planner's rating, 95 %
 * interval and its width under both, with the effective sample ratio and λ (docs/prediction-powered.md).
 */
import { useTranslations } from "next-intl";
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed, useFormat } from "../../format";

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

export function PredictionPoweredTable({ pp }: { pp: PredictionPowered }) {
  const t = useTranslations("Leaderboard.pp");
  const { count } = useFormat();
  /** Battles counted with weights (a judge's several verdicts on one pair share one battle): whole where they are. */
  const battles = (n: number) => count(Math.round(n * 100) / 100);
  const b = pp.board!;
  const ratio = b.effectiveSampleRatio;
  const kind =
    b.intervals === "bootstrap"
      ? t("kindBootstrap", { replicates: count(b.bootstrap?.replicates ?? 0) })
      : t("kindSandwich");
  return (
    <>
      <p className="small" aria-label={t("ratioLabel")}>
        {t.rich("ratio", {
          strong: (c) => <strong>{c}</strong>,
          ratio: fixed(ratio, 2),
          lambda: fixed(b.lambda, 2),
          judge: pp.judge,
          judgeBattles: battles(b.judgeBattles),
          times: Number.isFinite(ratio) ? t("times", { ratio: fixed(ratio, 2) }) : "—",
          labelled: battles(b.labelled),
        })}
        {ratio < 1 && <> {t.rich("below", { strong: (c) => <strong>{c}</strong> })}</>}
      </p>
      <p className="muted small">
        {t("intro", {
          judge: pp.judge,
          labelledPairs: count(pp.labelledPairs),
          judgePairs: count(pp.judgePairs),
          kind,
          style: b.style ? t("styleOn") : "",
        })}
        {pp.expertsWithoutJudge > 0 && ` ${t("withoutJudge", { n: count(pp.expertsWithoutJudge), judge: pp.judge })}`}
        {pp.leftOut.unknownPlanner + pp.leftOut.acrossGroups > 0 &&
          ` ${t("leftOut", { n: battles(pp.leftOut.unknownPlanner + pp.leftOut.acrossGroups), judge: pp.judge })}`}
      </p>
      <table className="table" aria-label={t("tableLabel")}>
        <thead>
          <tr>
            <th rowSpan={2}>{t("planner")}</th>
            <th colSpan={3} className="num">
              {t("expertsOnly")}
            </th>
            <th colSpan={3} className="num">
              {t("expertsPlus", { judge: pp.judge })}
            </th>
            <th rowSpan={2} className="num">
              {t("expertBattles")}
            </th>
            <th rowSpan={2} className="num">
              {t("judgeBattles")}
            </th>
          </tr>
          <tr>
            <th className="num">{t("rating")}</th>
            <th className="num">{t("interval")}</th>
            <th className="num">{t("width")}</th>
            <th className="num">{t("rating")}</th>
            <th className="num">{t("interval")}</th>
            <th className="num">{t("width")}</th>
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
