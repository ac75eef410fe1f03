/** The prediction-powered leaderboard as plain text (`tripjudge leaderboard --judge-battles` without --json). */
import type { PredictionPoweredLeaderboard } from "./prediction-powered";
import { table } from "./text";

const f1 = (v: number) => v.toFixed(1);
const interval = ([lo, hi]: [number, number]) => (Number.isFinite(lo) ? `${f1(lo)} – ${f1(hi)}` : "—");

export function formatPredictionPowered(
  lb: PredictionPoweredLeaderboard,
  leftOut: {
    named?: number;
    judgeOnNamed?: number;
    selfBattles?: number;
    unknownPlanner?: number;
    acrossGroups?: number;
  } = {},
): string {
  const models = table(
    [
      [
        ...(lb.groups > 1 ? ["group"] : []),
        "planner",
        "rank",
        "rating",
        "95 % interval",
        "experts only",
        "95 % interval",
        "expert battles",
        "judge-only battles",
      ],
      ...lb.models.map((m) => [
        ...(lb.groups > 1 ? [String(m.group + 1)] : []),
        m.model,
        String(m.rank),
        f1(m.rating),
        interval(m.ci95),
        f1(m.expertsOnly.rating),
        interval(m.expertsOnly.ci95),
        String(m.battles),
        String(m.judgeBattles),
      ]),
    ],
    lb.groups > 1 ? 2 : 1,
  );
  const how =
    lb.intervals === "bootstrap"
      ? `percentile intervals from ${lb.bootstrap!.replicates} bootstrap replicates of ${lb.bootstrap!.units} units (requests, or battles without one), seed ${lb.bootstrap!.seed}, at the full data's λ`
      : "sandwich intervals (normal, 95 %)";
  const notes = [
    `Prediction-powered (PPI++): ${lb.labelled} expert battles, each with the judge's verdict on it, rectify the judge's ${lb.judgeBattles} other battles; λ = ${lb.lambda.toFixed(3)}${lb.lambdaEstimate === null ? " (given)" : lb.lambdaEstimate === lb.lambda ? " (estimated)" : ` (estimated ${lb.lambdaEstimate.toFixed(3)}, clipped to [0, 1])`}; ${how}.`,
    `Effective sample ratio ${lb.effectiveSampleRatio.toFixed(2)} (experts-only width / prediction-powered width, squared, summed over planners): about as narrow as experts-only intervals from ${lb.effectiveSampleRatio.toFixed(2)} times the expert battles.`,
    ...(lb.groups > 1
      ? [
          `NOT COMPARABLE ACROSS GROUPS: the experts' battles fall into ${lb.groups} groups with none between them; ratings compare only within a group.`,
        ]
      : []),
    ...(lb.anchor ? [`Anchored: ${lb.anchor.model} is ${lb.anchor.rating}; the intervals are of the gap to it.`] : []),
    ...(leftOut.named
      ? [
          `${leftOut.named} non-anonymous expert battles left out (FastChat counts anonymous battles only; --include-named keeps them), and the judge's ${leftOut.judgeOnNamed ?? 0} verdicts on them.`,
        ]
      : []),
    ...(leftOut.selfBattles ? [`${leftOut.selfBattles} battles of a planner against itself left out.`] : []),
    ...(leftOut.unknownPlanner
      ? [`${leftOut.unknownPlanner} judge battles of a planner no expert battle has left out.`]
      : []),
    ...(leftOut.acrossGroups
      ? [`${leftOut.acrossGroups} judge battles between planners the experts' battles do not connect left out.`]
      : []),
    ...(lb.bootstrap?.unconverged
      ? [`${lb.bootstrap.unconverged} replicates whose fit failed are left out of the intervals.`]
      : []),
    ...(lb.unbounded.length
      ? [`Not finite among the experts' battles (never won or tied, or never lost): ${lb.unbounded.join(", ")}.`]
      : []),
  ];
  return `${models}\n\n${notes.join("\n")}`;
}
