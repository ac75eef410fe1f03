import assert from "node:assert/strict";
import { test } from "node:test";
import type { BattleSet } from "./battles";
import { gapInterval } from "./leaderboard";
import { simulateBattles } from "./simulate";

/** The same battles with every battle its own resampling unit (FastChat's battle bootstrap). */
const perBattleUnits = (set: BattleSet): BattleSet => ({
  ...set,
  unit: Int32Array.from({ length: set.size }, (_, i) => i),
  units: set.size,
});

/**
 * 200 simulated studies with planted strengths and a planted per-query effect: the query bootstrap's
 * 95 % interval for the gap between two planners covers the true gap at close to the nominal rate; the
 * battle bootstrap (FastChat's), which treats the dependent judgments as independent, covers less.
 */
test("the query bootstrap covers the true rating gap in ≥ 93 % of 200 seeds; the battle bootstrap visibly less", (t) => {
  const ratings = [-80, -40, 0, 40, 80];
  const trueGap = ratings[2] - ratings[1];
  let byQuery = 0,
    byBattle = 0;
  let widthQuery = 0,
    widthBattle = 0;
  const seeds = 200;
  for (let seed = 1; seed <= seeds; seed++) {
    const set = simulateBattles({ ratings, queries: 120, pairsPerQuery: 3, ratersPerPair: 3, copy: 0.7, seed });
    const i = set.models.indexOf("planner-03"),
      j = set.models.indexOf("planner-02");
    const q = gapInterval(set, i, j, 1000, seed);
    const b = gapInterval(perBattleUnits(set), i, j, 1000, seed);
    if (q.ci95[0] <= trueGap && trueGap <= q.ci95[1]) byQuery++;
    if (b.ci95[0] <= trueGap && trueGap <= b.ci95[1]) byBattle++;
    widthQuery += q.ci95[1] - q.ci95[0];
    widthBattle += b.ci95[1] - b.ci95[0];
  }
  t.diagnostic(
    `coverage of the true gap: query bootstrap ${byQuery}/${seeds}, battle bootstrap ${byBattle}/${seeds}; mean width ${(widthQuery / seeds).toFixed(1)} vs ${(widthBattle / seeds).toFixed(1)} Elo points`,
  );
  assert.ok(byQuery >= 0.93 * seeds, `query bootstrap covered ${byQuery}/${seeds}`);
  assert.ok(byBattle <= byQuery - 0.1 * seeds, `battle bootstrap covered ${byBattle}/${seeds} (query ${byQuery})`);
});
