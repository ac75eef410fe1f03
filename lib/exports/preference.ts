/**
 * Preference pairs in the shapes trainers load as they are (issue 28): TRL's conversational preference rows (which
 * OpenRLHF's reward and DPO datasets read with --apply_chat_template), OpenAI's preference fine-tuning rows, and
 * TRL's unpaired KTO rows. One row per labelled pair (kto: two); the plans are the records as the dataset published
 * them (the imported record's plan, serialized once at import; lib/exports/store/plan-text.ts), the user turn the
 * request. Splits are by request: a request and all its pairs fall in one split. Sources of each shape:
 * - TRL, docs/source/dataset_formats.md: "conversational" preference = {"prompt": [messages], "chosen": [messages],
 *   "rejected": [messages]}; RewardTrainer reads an optional "margin" column; KTO's unpaired preference =
 *   {"prompt", "completion", "label": bool}.
 * - OpenRLHF, openrlhf/datasets/reward_dataset.py: --prompt_key/--chosen_key/--rejected_key with
 *   --apply_chat_template take message lists; its margin loss reads a "margin" key.
 * - OpenAI, preference fine-tuning guide: {"input": {"messages", "tools", "parallel_tool_calls"},
 *   "preferred_output": [assistant message], "non_preferred_output": [assistant message]}; no other keys.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { labelOf } from "../results/agreement";
import { signedPreference, type Verdict } from "../judging/verdict";
import { labelSourceFields, type JudgeDecisionLabel } from "./records";

export const PREFERENCE_TARGETS = ["trl", "openrlhf", "openai", "kto"] as const;
export type PreferenceTarget = (typeof PREFERENCE_TARGETS)[number];

/** `train,validation,test=0.8,0.1,0.1`: split names and their shares (they must add up to 1). */
export const splitSpec = z
  .string()
  .max(200)
  .transform((s, ctx) => {
    const m = /^([a-z][a-z0-9_-]*(?:,[a-z][a-z0-9_-]*)*)=([0-9.]+(?:,[0-9.]+)*)$/.exec(s.trim());
    const names = m?.[1].split(",") ?? [];
    const shares = m?.[2].split(",").map(Number) ?? [];
    if (!m || names.length !== shares.length || shares.some((x) => !Number.isFinite(x) || x < 0)) {
      ctx.addIssue({ code: "custom", message: "expected names=shares, for example train,validation,test=0.8,0.1,0.1" });
      return z.NEVER;
    }
    if (Math.abs(shares.reduce((a, b) => a + b, 0) - 1) > 1e-9 || new Set(names).size !== names.length) {
      ctx.addIssue({ code: "custom", message: "the shares must add up to 1 and the names differ" });
      return z.NEVER;
    }
    return names.map((name, i) => ({ name, share: shares[i] }));
  });
export type SplitSpec = z.output<typeof splitSpec>;
export const DEFAULT_SPLIT: SplitSpec = [
  { name: "train", share: 0.8 },
  { name: "validation", share: 0.1 },
  { name: "test", share: 0.1 },
];

export interface PreferenceOptions {
  target: PreferenceTarget;
  prompt: "request" | "tripscore";
  margin: "none" | "strength" | "votes";
  minAgreement: 2 | 3;
  split: SplitSpec;
  /** The dataset's own split field first (no split asked for); an asked-for split applies to every request. */
  ownSplitFirst: boolean;
  seed: number;
  /** kto: a pair whose label is Neither gives two `false` rows. */
  neitherBad: boolean;
  withMetadata: boolean;
}

/** What OpenAI's and KTO's formats cannot carry is refused before anything streams. */
export function checkPreferenceOptions(o: PreferenceOptions): string | null {
  if (o.margin !== "none" && (o.target === "openai" || o.target === "kto"))
    return `a margin is for trl and openrlhf: ${o.target === "openai" ? "OpenAI's preference format refuses other keys" : "KTO's rows are unpaired"}`;
  if (o.withMetadata && o.target === "openai")
    return "metadata is for trl, openrlhf and kto: OpenAI's preference format refuses other keys";
  if (o.neitherBad && o.target !== "kto") return "neither=bad is for kto (unpaired rows)";
  return null;
}

/**
 * What a bundle's own split field may name, as the Hub names splits. Other values (a demo's "demo", an example's
 * "example", ChinaTravel's difficulty levels) say what kind of request it is, not where a trainer should use it.
 */
const OWN_SPLITS: Record<string, string> = {
  train: "train",
  training: "train",
  validation: "validation",
  valid: "validation",
  val: "validation",
  dev: "validation",
  test: "test",
  testing: "test",
};

/** The split of a request: the dataset's own split field when it names one, else a seeded hash of its id. */
export function splitOf(queryId: string, own: string | null, spec: SplitSpec, seed: number): string {
  const named = own ? OWN_SPLITS[own.trim().toLowerCase()] : undefined;
  if (named) return named;
  const h = createHash("sha256").update(`${seed}:${queryId}`).digest();
  const u = h.readUInt32BE(0) / 2 ** 32;
  let acc = 0;
  for (const s of spec) {
    acc += s.share;
    if (u < acc) return s.name;
  }
  return spec[spec.length - 1].name;
}

export interface PreferenceRequest {
  text: string;
  destination: string;
  origin: string | null;
  days: number;
  people: number;
  startDate: string | null;
  preferences: Record<string, unknown>;
}

const SYSTEM = "You are a travel planning expert. Write a day-by-day itinerary that fulfils the traveller's request.";

/**
 * The user turn. `request`: the request's words and its structured fields. `tripscore`: the same facts in the
 * sections of TripScore's itinerary-generation prompt (its Appendix K.4: arrangement rules, reference data, JSON
 * format, the user's query), written here in our own words.
 */
export function promptMessages(r: PreferenceRequest, kind: PreferenceOptions["prompt"]) {
  const fields = [
    `Destination: ${r.destination}`,
    r.origin ? `From: ${r.origin}` : null,
    `Days: ${r.days}`,
    `Travellers: ${r.people}`,
    r.startDate ? `Start date: ${r.startDate}` : null,
    Object.keys(r.preferences).length ? `Preferences: ${JSON.stringify(r.preferences)}` : null,
  ].filter((x): x is string => x !== null);
  const user =
    kind === "request"
      ? `${r.text}\n\n${fields.join("\n")}`
      : [
          "[Itinerary rules]",
          "Keep the traveller's days, cities and dates. Order each day's schedule in time (morning, afternoon, evening).",
          "Include the journeys there and back, one hotel per city for every night but the last, and the key sights,",
          "within their opening hours; keep the pace and the physical effort moderate.",
          "",
          "[Answer format]",
          "A JSON itinerary: a name, the reason it suits the traveller, and for each day its schedule of transport,",
          "sights and hotel.",
          "",
          "[Request facts]",
          ...fields,
          "",
          "[User query]",
          r.text,
        ].join("\n");
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user },
  ];
}

export interface PreferencePairInput {
  pairId: string;
  queryId: string;
  /** The dataset's own split for the request, if it has one. */
  ownSplit: string | null;
  request: PreferenceRequest;
  /** The plans as the dataset published them (the imported records' text). */
  planA: string;
  planB: string;
  /** Each judgment's verdict and strength, in slot order. */
  judgments: { verdict: Verdict; strength: number | null }[];
  requiredRaters: number;
  adjudicated: Verdict | null;
  /** Dawid–Skene's soft label (with metadata only). */
  dsPosterior?: Record<Verdict, number> | null;
  dimensionMajority?: Record<string, string | null>;
  /** A judge's decision that labels the pair (a DECIDED pair, label_source=all): its verdict is the label. */
  decision?: JudgeDecisionLabel | null;
}

export type PreferenceSkip = "unlabelled" | "not_unanimous" | "neither";

/**
 * A pair's label as trainers get it: its majority (or adjudication), and with `minAgreement` 3 only a unanimous
 * one; else why it has none. The preference pairs and the SFT rows count the same pairs as labelled.
 */
export function labelStatus(
  verdicts: readonly Verdict[],
  requiredRaters: number,
  adjudicated: Verdict | null,
  minAgreement: 2 | 3,
): { label: Verdict; agreeing: number } | { skipped: "unlabelled" | "not_unanimous" } {
  const { label } = labelOf(verdicts, requiredRaters, adjudicated);
  if (label === null) return { skipped: "unlabelled" };
  const agreeing = verdicts.filter((v) => v === label).length;
  if (minAgreement === 3 && (agreeing < 3 || agreeing !== verdicts.length)) return { skipped: "not_unanimous" };
  return { label, agreeing };
}

/**
 * A pair's label for trainers whatever its source: a judge's decision (label_source=all) is its verdict, one vote
 * for the chosen plan and none against, so `minAgreement` 3 (unanimous experts) leaves it out; else the experts'
 * (labelStatus). The preference pairs and the SFT rows read labels through this.
 */
export function trainerLabel(
  p: {
    verdicts: readonly Verdict[];
    requiredRaters: number;
    adjudicated: Verdict | null;
    decision?: JudgeDecisionLabel | null;
  },
  minAgreement: 2 | 3,
): { label: Verdict; agreeing: number } | { skipped: "unlabelled" | "not_unanimous" } {
  if (!p.decision) return labelStatus(p.verdicts, p.requiredRaters, p.adjudicated, minAgreement);
  return minAgreement === 3 ? { skipped: "not_unanimous" } : { label: p.decision.verdict, agreeing: 1 };
}

const assistant = (content: string) => [{ role: "assistant", content }];

/** The rows of one labelled pair (none, with the reason it is left out), in the target's shape. */
export function preferenceRows(
  p: PreferencePairInput,
  o: PreferenceOptions,
): { rows: Record<string, unknown>[]; skipped?: PreferenceSkip; split: string } {
  const split = splitOf(p.queryId, o.ownSplitFirst ? p.ownSplit : null, o.split, o.seed);
  const verdicts = p.judgments.map((j) => j.verdict);
  const status = trainerLabel({ ...p, verdicts }, o.minAgreement);
  if (!("label" in status)) return { rows: [], skipped: status.skipped, split };
  const judged = Boolean(p.decision);
  const { label, agreeing } = status;
  const prompt = promptMessages(p.request, o.prompt);
  const votes = { A: 0, B: 0, NEITHER: 0 } as Record<Verdict, number>;
  for (const v of verdicts) votes[v]++;
  const signed = p.judgments.map((j) => signedPreference(j.verdict, j.strength));
  const meta = o.withMetadata
    ? {
        pair_id: p.pairId,
        query_id: p.queryId,
        split,
        votes,
        // The experts' soft label and mean preference: none on a judge's row (its soft label is label_confidence).
        ds_posterior: judged ? null : (p.dsPosterior ?? null),
        signed_preference:
          !judged && signed.length && signed.every((s) => s !== null)
            ? (signed as number[]).reduce((a, b) => a + b, 0) / signed.length
            : null,
        ...(p.dimensionMajority ? { dimension_majority: p.dimensionMajority } : {}),
        ...labelSourceFields(p.decision),
      }
    : {};
  if (label === "NEITHER") {
    if (o.target !== "kto" || !o.neitherBad) return { rows: [], skipped: "neither", split };
    return {
      rows: [p.planA, p.planB].map((plan) => ({ prompt, completion: assistant(plan), label: false, ...meta })),
      split,
    };
  }
  const [chosen, rejected] = label === "A" ? [p.planA, p.planB] : [p.planB, p.planA];
  if (o.target === "kto")
    return {
      rows: [
        { prompt, completion: assistant(chosen), label: true, ...meta },
        { prompt, completion: assistant(rejected), label: false, ...meta },
      ],
      split,
    };
  if (o.target === "openai")
    return {
      rows: [
        {
          input: { messages: prompt, tools: [], parallel_tool_calls: true },
          preferred_output: assistant(chosen),
          non_preferred_output: assistant(rejected),
          ...meta,
        },
      ],
      split,
    };
  // A judge's decision: its one vote (agreeing 1 of 1) gives a votes margin of 1; it states no strength (null).
  const margin =
    o.margin === "strength"
      ? judged
        ? null
        : meanStrength(p.judgments, label)
      : o.margin === "votes"
        ? votesMargin(agreeing, judged ? 1 : verdicts.length)
        : undefined;
  return {
    rows: [
      {
        prompt,
        chosen: assistant(chosen),
        rejected: assistant(rejected),
        ...(o.margin !== "none" ? { margin: margin ?? null } : {}),
        ...meta,
      },
    ],
    split,
  };
}

/**
 * What a margin measures, as the card says it. A trainer's margin says by how much chosen beats rejected, so it is
 * never negative: an adjudicated pair (its experts split, an admin set the label) takes its direction from the
 * adjudication and only the margin its experts' votes or strengths support, at least 0.
 */
export const MARGIN_RULES: Record<Exclude<PreferenceOptions["margin"], "none">, string> = {
  votes:
    "the experts' votes for the chosen plan minus their other votes (Neither included), never below 0: a unanimous " +
    "pair of 3 gives 3, a 2-1 pair 1, an adjudicated pair whose experts split (1-1-1, 2-2) 0; a pair a judge " +
    "decided (label_source=all) 1, the judge's one vote",
  strength:
    "the mean strength (1 slightly, 2 clearly, 3 decisively) of the experts' verdicts for the chosen plan; 0 for an " +
    "adjudicated pair none of whose experts chose that plan; null on datasets without preference strength, and on " +
    "a pair a judge decided (label_source=all: a judge states no strength)",
};

/** `votes` margin: the label's votes minus the rest, floored at 0 (an adjudicated split gives no margin, never < 0). */
export function votesMargin(agreeing: number, total: number): number {
  return Math.max(0, agreeing - (total - agreeing));
}

/**
 * The mean strength (1–3) of the judgments on the label's side; null where they carry none (strength off); 0 where
 * no judgment is on the label's side (an adjudicated label no expert chose).
 */
function meanStrength(js: { verdict: Verdict; strength: number | null }[], label: Verdict): number | null {
  const s = js.filter((j) => j.verdict === label).map((j) => j.strength);
  if (!s.length) return js.some((j) => j.verdict !== "NEITHER" && j.strength === null) ? null : 0;
  if (s.some((x) => x === null)) return null;
  return (s as number[]).reduce((a, b) => a + b, 0) / s.length;
}
