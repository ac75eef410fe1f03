/** The leaderboard as plain text (the command line without --json). */
import type { Leaderboard } from "./leaderboard";

const f1 = (v: number) => v.toFixed(1);
const f3 = (v: number) => v.toFixed(3);

/** Columns of text, the first `left` of them aligned left and the rest (numbers) right. */
export function table(rows: string[][], left: number): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c < left ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `leftOut`: battles the reader did not count (non-anonymous ones, a planner against itself). */
export function formatLeaderboard(lb: Leaderboard, leftOut: { named?: number; selfBattles?: number } = {}): string {
  const models = table(
    [
      [
        ...(lb.groups > 1 ? ["group"] : []),
        "planner",
        "rank",
        "rating",
        "95 % interval",
        "battles",
        "wins",
        "losses",
        "ties",
      ],
      ...lb.models.map((m) => [
        ...(lb.groups > 1 ? [String(m.group + 1)] : []),
        m.model,
        String(m.rank),
        f1(m.rating),
        `${f1(m.ci95[0])} – ${f1(m.ci95[1])}`,
        String(m.battles),
        String(m.wins),
        String(m.losses),
        String(m.ties),
      ]),
    ],
    lb.groups > 1 ? 2 : 1,
  );
  const pairs = table(
    [
      ["planner A", "planner B", "n", "A wins", "B wins", "neither", "share A", "95 % interval", "p"],
      ...lb.pairs.map((p) => [
        p.model_a,
        p.model_b,
        String(p.n),
        String(p.wins_a),
        String(p.wins_b),
        String(p.ties),
        f3(p.share_a),
        `${f3(p.ci95[0])} – ${f3(p.ci95[1])}`,
        p.p_value < 0.001 ? "<0.001" : f3(p.p_value),
      ]),
    ],
    2,
  );
  const notes = [
    ...(lb.groups > 1
      ? [
          `NOT COMPARABLE ACROSS GROUPS: the planners fall into ${lb.groups} groups with no battle between them; ratings, intervals and ranks compare only within a group (each group is centred on 1000 on its own).`,
        ]
      : []),
    `${lb.battles} battles; intervals from ${lb.bootstrap.replicates} bootstrap replicates of ${lb.bootstrap.units} ${lb.bootstrap.unit === "query" ? "queries" : "battles (no query ids: battles resampled one by one)"}, seed ${lb.bootstrap.seed}.`,
    ...(lb.anchor
      ? [
          `Anchored: ${lb.anchor.model} is ${lb.anchor.rating} in every fit (FastChat's anchor); replicates without it are left out of the intervals.`,
        ]
      : []),
    ...(leftOut.named
      ? [
          `${leftOut.named} non-anonymous battles left out (FastChat counts anonymous battles only; --include-named keeps them).`,
        ]
      : []),
    ...(leftOut.selfBattles ? [`${leftOut.selfBattles} battles of a planner against itself left out.`] : []),
    ...(lb.bootstrap.unconverged
      ? [`${lb.bootstrap.unconverged} replicates whose fit failed are left out of the intervals.`]
      : []),
    ...lb.models
      .filter((m) => m.absentReplicates > 0)
      .map(
        (m) =>
          `${m.model} had no battle in ${m.absentReplicates} of ${lb.bootstrap.replicates} replicates: its interval comes from the others.`,
      ),
    ...lb.models
      .filter((m) => m.group >= 0 && m.groupUnits < 2)
      .map(
        (m) =>
          `${m.model}: its group's battles all come from one ${lb.bootstrap.unit === "query" ? "query" : "battle"}, so its interval (no width) says nothing.`,
      ),
    ...(lb.unbounded.length
      ? [
          `Not finite (never won or tied against the rest, or never lost): ${lb.unbounded.join(", ")}; their ratings are where the fit stopped.`,
        ]
      : []),
  ];
  return `${models}\n\n${pairs}\n\n${notes.join("\n")}`;
}
