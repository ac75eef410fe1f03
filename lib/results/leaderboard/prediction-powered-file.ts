/**
 * Reads the two battle files of a prediction-powered leaderboard (`tripjudge leaderboard --battles HUMAN
 * --judge-battles JUDGE`): every battle carries an `"id"`; a judge battle whose id is an expert battle's is the
 * judge's verdict on that battle (it rectifies; written either way round), the judge's others add. Each expert battle
 * needs the judge's verdict. Errors name the file and line.
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
  const experts = new Map<string, { battle: Battle; where: string; judge: number | null }>();
  const namedIds = new Set<string>();
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
    if (seen || namedIds.has(id))
      throw new BattlesError(`${where}: the id "${id}" again${seen ? ` (first at ${seen.where})` : ""}`);
    if (b.named && !opts.includeNamed) namedIds.add(id);
    else experts.set(id, { battle: b, where, judge: null });
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
      const e = expert.battle;
      if (b.model_a === e.model_a && b.model_b === e.model_b) expert.judge = outcome(b.winner);
      else if (b.model_a === e.model_b && b.model_b === e.model_a) expert.judge = mirrored(outcome(b.winner));
      else
        throw new BattlesError(
          `${where}: the id "${id}" is a battle of ${e.model_a} and ${e.model_b} at ${expert.where}, not of ${b.model_a} and ${b.model_b}`,
        );
    }
  });
  const without = [...experts.values()].filter((e) => e.judge === null);
  if (without.length)
    throw new BattlesError(
      `${without.length} expert battle(s) have no judge battle with their id in ${judgePath} (first: "${without[0].battle.id}" at ${without[0].where}): PPI++ needs the judge's verdict on every expert-labelled battle`,
    );
  for (const { battle: e, judge } of experts.values())
    builder.addLabelled(e.model_a, e.model_b, outcome(e.winner), judge!, e.query_id);
  let pp: PredictionPoweredBattles;
  try {
    pp = builder.build();
  } catch (e) {
    if (!(e instanceof PredictionPoweredInputError)) throw e;
    throw new BattlesError(`${battlesPath} with ${judgePath}: ${e.message}`);
  }
  return { pp, layout: { battles: battlesLayout, judge: judgeLayout }, named: namedIds.size, judgeOnNamed };
}
