/**
 * SFT rows (issue 28 item 3): for each request, the plan its experts prefer, as one conversation
 * {"messages": [system, user, assistant]} — TRL's conversational language-modeling format (docs/source/
 * dataset_formats.md, which SFTTrainer reads) and OpenAI's supervised fine-tuning rows (chat format; no other keys).
 * The preferred plan: the one plan that won every labelled pair it was in; else the top of a Bradley–Terry fit on
 * the request's judgments (the leaderboard's model, each judgment a battle, Neither a tie), when it is one plan
 * with at least one labelled win. The assistant turn is the plan as the dataset published it, as in preference pairs.
 */
import { battleCredits, type Verdict } from "../judging/verdict";
import { fitBradleyTerry } from "../results/leaderboard";
import { promptMessages, splitOf, trainerLabel, type PreferenceOptions, type PreferenceRequest } from "./preference";
import type { JudgeDecisionLabel } from "./records";

export const SFT_TARGETS = ["trl", "openai"] as const;

/** What a request's SFT row is left out for: no labelled pair, no plan with a labelled win, or two plans rated alike. */
export type SftSkip = "unlabelled" | "no_winner" | "tied";

export interface SftPair {
  pairId: string;
  planAId: string;
  planBId: string;
  /** Verdicts in slot order. */
  verdicts: Verdict[];
  requiredRaters: number;
  adjudicated: Verdict | null;
  /** A judge's decision that labels the pair (label_source=all): one vote, its verdict. */
  decision?: JudgeDecisionLabel | null;
}

export interface SftRequestInput {
  queryId: string;
  ownSplit: string | null;
  request: PreferenceRequest;
  /** The request's plans that appear in its pairs: id → the record as the dataset published it. */
  plans: Map<string, string>;
  pairs: SftPair[];
}

export interface PreferredPlan {
  planId: string;
  basis: "won_all" | "top_rated";
  /** The plan's labelled pairs won and lost (Neither neither). */
  wins: number;
  losses: number;
  labelledPairs: number;
  /** How many of the request's labelled pairs a judge decided (label_source=all). */
  judgePairs: number;
}

/** A weak tie with an average plan per plan: keeps the within-request fit finite when a plan never lost. */
const PRIOR_TIES = 0.1;

/** The request's preferred plan, or why there is none (`minAgreement` 3: unanimous pairs only count). */
export function preferredPlan(pairs: SftPair[], minAgreement: 2 | 3): PreferredPlan | { skipped: SftSkip } {
  const record = new Map<string, { wins: number; losses: number; pairs: number }>();
  const of = (id: string) => {
    let r = record.get(id);
    if (!r) record.set(id, (r = { wins: 0, losses: 0, pairs: 0 }));
    return r;
  };
  const labelled: SftPair[] = [];
  let judgePairs = 0;
  for (const p of pairs) {
    const s = trainerLabel(p, minAgreement);
    if (!("label" in s)) continue;
    labelled.push(p);
    if (p.decision) judgePairs++;
    const [a, b] = [of(p.planAId), of(p.planBId)];
    a.pairs++;
    b.pairs++;
    const [won, lost] = s.label === "A" ? [a, b] : s.label === "B" ? [b, a] : [null, null];
    if (won && lost) {
      won.wins++;
      lost.losses++;
    }
  }
  if (!labelled.length) return { skipped: "unlabelled" };
  const row = (planId: string, basis: PreferredPlan["basis"]): PreferredPlan => {
    const r = record.get(planId)!;
    return { planId, basis, wins: r.wins, losses: r.losses, labelledPairs: r.pairs, judgePairs };
  };
  const wonAll = [...record].filter(([, r]) => r.wins > 0 && r.wins === r.pairs).map(([id]) => id);
  if (wonAll.length === 1) return row(wonAll[0], "won_all");
  const top = topRated(labelled, [...record.keys()].sort());
  if (top === null) return { skipped: "tied" };
  return record.get(top)!.wins > 0 ? row(top, "top_rated") : { skipped: "no_winner" };
}

/** The votes a pair gives the fit: its experts' verdicts, or a judge's decision as one. */
const votesOf = (p: SftPair): readonly Verdict[] => (p.decision ? [p.decision.verdict] : p.verdicts);

/** The plan with the highest Bradley–Terry rating on the pairs' judgments, or null when two share it. */
function topRated(pairs: SftPair[], ids: string[]): string | null {
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = pairs.reduce((s, p) => s + votesOf(p).length, 0) + ids.length;
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  const wA = new Float64Array(n);
  const wB = new Float64Array(n);
  let k = 0;
  for (const p of pairs)
    for (const v of votesOf(p)) {
      a[k] = index.get(p.planAId)!;
      b[k] = index.get(p.planBId)!;
      [wA[k], wB[k]] = battleCredits(v);
      k++;
    }
  for (let i = 0; i < ids.length; i++, k++) {
    a[k] = i;
    b[k] = ids.length;
    wA[k] = wB[k] = PRIOR_TIES;
  }
  const fit = fitBradleyTerry({ a, b, wA, wB }, ids.length + 1);
  let best = -1;
  for (let i = 0; i < ids.length; i++) if (best < 0 || fit.beta[i] > fit.beta[best]) best = i;
  for (let i = 0; i < ids.length; i++) if (i !== best && Math.abs(fit.beta[i] - fit.beta[best]) < 1e-9) return null;
  return ids[best];
}

/** A request's SFT row in the target's shape (none, with the reason), and its split. */
export function sftRow(
  r: SftRequestInput,
  o: PreferenceOptions,
): { row: Record<string, unknown> | null; skipped?: SftSkip; split: string; preferred?: PreferredPlan } {
  const split = splitOf(r.queryId, o.ownSplitFirst ? r.ownSplit : null, o.split, o.seed);
  const best = preferredPlan(r.pairs, o.minAgreement);
  if ("skipped" in best) return { row: null, skipped: best.skipped, split };
  const messages = [...promptMessages(r.request, o.prompt), { role: "assistant", content: r.plans.get(best.planId)! }];
  const meta = o.withMetadata
    ? {
        query_id: r.queryId,
        plan_id: best.planId,
        split,
        basis: best.basis,
        wins: best.wins,
        losses: best.losses,
        labelled_pairs: best.labelledPairs,
        // A row rests on several pairs: "judge" when a judge decided any of them (judge_pairs says how many; each
        // pair's judge, threshold and confidence are in the labelled-pairs export), so those three stay null here.
        judge_pairs: best.judgePairs,
        label_source: best.judgePairs ? "judge" : "experts",
        label_judge: null,
        label_threshold: null,
        label_confidence: null,
      }
    : {};
  return { row: { messages, ...meta }, split, preferred: best };
}

/** What SFT rows cannot carry, said before anything streams (null: they can). */
export function checkSftOptions(o: PreferenceOptions): string | null {
  if (!(SFT_TARGETS as readonly string[]).includes(o.target))
    return `SFT rows are for trl and openai (${o.target} reads preference pairs)`;
  if (o.margin !== "none") return "a margin is for preference pairs: an SFT row has one plan";
  if (o.neitherBad) return "neither=bad is for kto preference rows";
  if (o.withMetadata && o.target === "openai")
    return "metadata is for trl: OpenAI's fine-tuning format refuses other keys";
  return null;
}
