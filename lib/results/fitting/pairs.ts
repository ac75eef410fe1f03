/**
 * Training pairs as the fitting reads them: the training-pairs export (JSONL), validated line by line.
 * Documented behaviour: a feature that is null or absent is "not available" and leaves its weighted mean;
 * a null format or commonsense gate counts as failed (as the export's reward does); anything else that is
 * not a number in range (a string, NaN, Infinity, 1.5) is an error with its line and JSON path.
 */
import { z } from "zod";
import { FEATURE_NAMES, PREFERENCE_FEATURES, SOFT_FEATURES, type PlanFeatures } from "../features/types";

export interface FitPair {
  id: string;
  label: 1 | -1 | 0;
  a: PlanFeatures;
  b: PlanFeatures;
}

const unit = z.number().min(0, "a sub-score lies in [0, 1]").max(1, "a sub-score lies in [0, 1]").nullable().optional();
const features = z
  .object({
    format: z
      .union([z.literal(1), z.literal(-3)])
      .nullable()
      .optional(),
    commonsense: z
      .union([z.literal(1), z.literal(-1)])
      .nullable()
      .optional(),
    ...Object.fromEntries([...SOFT_FEATURES, ...PREFERENCE_FEATURES].map((f) => [f, unit])),
  })
  .strict();
const plan = z.object({ plan_id: z.string().optional(), features, reward: z.number().nullable().optional() });
export const trainingPairSchema = z
  .object({
    pair_id: z.string().min(1),
    label: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
    plan_a: plan,
    plan_b: plan,
  })
  .passthrough();

export class FitInputError extends Error {
  constructor(public problems: string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `${problems.length} problems in the training pairs:\n${problems.join("\n")}`,
    );
  }
}

function planFeatures(f: z.infer<typeof features>): PlanFeatures {
  const out = Object.fromEntries(
    FEATURE_NAMES.map((k) => [k, (f as Record<string, number | null | undefined>)[k] ?? null]),
  ) as Record<string, number | null>;
  out.format = f.format ?? -3;
  out.commonsense = f.commonsense ?? -1;
  return out as PlanFeatures;
}

export function toFitPair(raw: z.infer<typeof trainingPairSchema>): FitPair {
  return {
    id: raw.pair_id,
    label: raw.label,
    a: planFeatures(raw.plan_a.features),
    b: planFeatures(raw.plan_b.features),
  };
}

const path = (p: PropertyKey[]) => "$" + p.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");

/** Parses training-pairs JSONL; throws FitInputError listing every problem (up to `maxProblems`). */
export function parseTrainingPairs(text: string, file = "pairs.jsonl", maxProblems = 50): FitPair[] {
  const out: FitPair[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && problems.length < maxProblems; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const where = `${file}:${i + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      problems.push(`${where} not valid JSON (${(e as Error).message}); NaN and Infinity are not numbers in JSON`);
      continue;
    }
    const r = trainingPairSchema.safeParse(json);
    if (!r.success) {
      for (const issue of r.error.issues.slice(0, 5)) problems.push(`${where} ${path(issue.path)}: ${issue.message}`);
      continue;
    }
    if (seen.has(r.data.pair_id)) problems.push(`${where} $.pair_id: "${r.data.pair_id}" appears twice`);
    seen.add(r.data.pair_id);
    out.push(toFitPair(r.data));
  }
  if (problems.length) throw new FitInputError(problems);
  if (out.length === 0) throw new FitInputError([`${file}: no training pairs`]);
  return out;
}
