/**
 * Writes demo-rewards.jsonl: every pair of the demo bundle (the one `npm start` loads) with its two plans' TripScore
 * rewards under the published weights, as the import computes them; the input of reward_probability_reference.py.
 * Run: node --import tsx lib/results/escalation/demo-rewards.ts
 */
import { writeFileSync } from "node:fs";
import { demoBundleFiles } from "../../datasets";
import { formatProblem, parseBundle } from "../../datasets/importers";
import { DEFAULT_WEIGHTS, reward, type PlanFeatures } from "../features";

const parsed = await parseBundle(demoBundleFiles());
if (!parsed.ok) throw new Error(parsed.problems.map(formatProblem).join("\n"));
const { plans, pairs } = parsed.dataset;
if (!pairs) throw new Error("the demo bundle lists no pairs");
const rewardOf = new Map(
  plans.map((p) => [p.sourceId, p.features ? reward(p.features as PlanFeatures, DEFAULT_WEIGHTS) : null]),
);
const lines = pairs.map(([a, b]) =>
  JSON.stringify({ id: `${a}~${b}`, reward_a: rewardOf.get(a), reward_b: rewardOf.get(b) }),
);
writeFileSync(new URL("fixtures/demo-rewards.jsonl", import.meta.url), lines.join("\n") + "\n");
console.log(`${lines.length} pairs`);
