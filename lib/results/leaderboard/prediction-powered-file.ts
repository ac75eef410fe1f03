/**
 * Reads the two battle files of a prediction-powered leaderboard (`tripjudge leaderboard --battles HUMAN
 * --judge-battles JUDGE`): every battle carries an `"id"`; a judge battle whose id is an expert battle's is the
 * judge's verdict on that battle (it rectifies; written either way round), the judge's others add. Several expert
 * battles may share an id — the experts' judgments of one pair, as `tripjudge export battles` writes them under the
 * pair's id — and the judge's verdict under it then rectifies each, as the Leaderboard page reads the database; in
 * the judge's file an id comes once. Each expert battle needs the judge's verdict. Errors name the file and line.
 */
import { A_WINS, B_WINS, BattlesError, TIE, type parseBattle } from "./battles";
import { readBattleRecords, type BattlesFile } from "./file";
import {
  PredictionPoweredBuilder,
  PredictionPoweredInputError,
  type PredictionPoweredBattles,
} from "./prediction-powered";

type Battle = ReturnType<typeof parseBattle>;

export interface PredictionPoweredFiles {
  pp: PredictionPoweredBattles;
  layout: { battles: BattlesFile["layout"]; judge: BattlesFile["layout"] };
  /** Expert battles left out as not anonymous (FastChat's rule; 0 with includeNamed), and the judge's verdicts on them. */
  named: number;
  judgeOnNamed: number;
}

const outcome = (w: Battle["winner"]) => (w === "model_a" ? A_WINS : w === "model_b" ? B_WINS : TIE);
const mirrored = (o: number) => (o === A_WINS ? B_WINS : o === B_WINS ? A_WINS : TIE);

export async function readPredictionPoweredFiles(
  battlesPath: string,
  judgePath: string,
  maxBytes: number,
  opts: { includeNamed?: boolean } = {},
): Promise<PredictionPoweredFiles> {
  /** The expert battles under each id (the same two planners, in either order), and the judge's verdict on them. */
  const experts = new Map<string, { battles: Battle[]; where: string; judge: number | null }>();
  const namedIds = new Map<string, string>();
  let named = 0;
  const needId = (b: Battle, where: string, file: string): string => {
    if (b.id === null)
      throw new BattlesError(
        `${where}: the battle has no "id" (with --judge-battles, every battle of ${file} needs one: the judge's verdict on an expert battle is found by it)`,
      );
    return b.id;
  };
  const battlesLayout = await readBattleRecords(battlesPath, maxBytes, (b, where) => {
    const id = needId(b, where, battlesPath);
    const seen = experts.get(id);
    const namedAt = namedIds.get(id);
    const leftOut = b.named && !opts.includeNamed;
    // One id is one item the experts judged: the same two planners, all named or all anonymous.
    if (seen || namedAt) {
      const first = seen?.battles[0];
      if (first && !samePlanners(first, b))
        throw new BattlesError(
          `${where}: the id "${id}" is a battle of ${first.model_a} and ${first.model_b} at ${seen!.where}, not of ${b.model_a} and ${b.model_b}`,
        );
      if (Boolean(namedAt) !== leftOut)
        throw new BattlesError(
          `${where}: the id "${id}" is ${leftOut ? "named" : "anonymous"} here but ${leftOut ? "anonymous" : "named"} at ${namedAt ?? seen!.where}: the battles of one id are all named ("anony": false) or all anonymous`,
        );
    }
    if (leftOut) {
      named++;
      if (!namedAt) namedIds.set(id, where);
    } else if (seen) seen.battles.push(b);
    else experts.set(id, { battles: [b], where, judge: null });
  });
  const builder = new PredictionPoweredBuilder();
  const judgeIds = new Map<string, string>();
  let judgeOnNamed = 0;
  const judgeLayout = await readBattleRecords(judgePath, maxBytes, (b, where) => {
    const id = needId(b, where, judgePath);
    const first = judgeIds.get(id);
    if (first !== undefined) throw new BattlesError(`${where}: the id "${id}" again (first at ${first})`);
    judgeIds.set(id, where);
    const expert = experts.get(id);
    if (namedIds.has(id)) judgeOnNamed++;
    else if (!expert) builder.addJudge(b.model_a, b.model_b, outcome(b.winner), b.query_id);
    else {
      const e = expert.battles[0];
      if (!samePlanners(e, b))
        throw new BattlesError(
          `${where}: the id "${id}" is a battle of ${e.model_a} and ${e.model_b} at ${expert.where}, not of ${b.model_a} and ${b.model_b}`,
        );
      // In the first expert battle's sides; each expert battle of the id turns it to its own below.
      expert.judge = b.model_a === e.model_a ? outcome(b.winner) : mirrored(outcome(b.winner));
    }
  });
  const without = [...experts.values()].filter((e) => e.judge === null);
  if (without.length)
    throw new BattlesError(
      `${without.reduce((n, e) => n + e.battles.length, 0)} expert battle(s) have no judge battle with their id in ${judgePath} (first: "${without[0].battles[0].id}" at ${without[0].where}): PPI++ needs the judge's verdict on every expert-labelled battle`,
    );
  for (const { battles, judge } of experts.values()) {
    const first = battles[0];
    for (const e of battles)
      builder.addLabelled(
        e.model_a,
        e.model_b,
        outcome(e.winner),
        e.model_a === first.model_a ? judge! : mirrored(judge!),
        e.query_id,
      );
  }
  let pp: PredictionPoweredBattles;
  try {
    pp = builder.build();
  } catch (e) {
    if (!(e instanceof PredictionPoweredInputError)) throw e;
    throw new BattlesError(`${battlesPath} with ${judgePath}: ${e.message}`);
  }
  return { pp, layout: { battles: battlesLayout, judge: judgeLayout }, named, judgeOnNamed };
}

const samePlanners = (x: Battle, y: Battle) =>
  (x.model_a === y.model_a && x.model_b === y.model_b) || (x.model_a === y.model_b && x.model_b === y.model_a);
