/**
 * Agreement from a ratings file, without a database (`tripjudge agreement`): rows `{item, rater, label, slot?}`
 * as JSONL or CSV with a header. Which items each figure uses: Fleiss' kappa and the all-agree rate the items
 * with the modal number of ratings; Cohen's kappa per slot pair the items rated in both slots; the rest all items.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import {
  allAgree,
  cohenKappa,
  fleissKappa,
  krippendorffAlphaNominal,
  lightKappa,
  noiseCeiling,
  pairwiseAgreement,
  type Stat,
} from "./kappa";
import { bootstrapCI } from "./bootstrap";
import { VERDICTS } from "../../judging/verdict";
import { krippendorffAlpha, weightedKappa, type Level } from "./ordinal";

export class RatingsError extends Error {}

const cell = z.union([z.string().trim().min(1), z.number().finite()]).transform(String);
/** A ratings file's label set: TripJudge's verdicts unless the caller declares another (e.g. `--labels 1,2,3,4,5`). */
function rowSchema(labels: readonly string[] | null) {
  const index = new Map((labels ?? []).map((l, i) => [l.toUpperCase(), i]));
  return z.strictObject({
    item: cell,
    rater: cell,
    label: cell.transform((s, ctx) => {
      if (!labels) return s;
      const i = index.get(s.toUpperCase());
      if (i === undefined) {
        ctx.addIssue({ code: "custom", message: `"${s.slice(0, 40)}" is not one of the labels ${labels.join(", ")}` });
        return z.NEVER;
      }
      return labels[i];
    }),
    slot: z
      .union([
        z.number().int().positive(),
        z.string().regex(/^\d+$/, "expected a whole number ≥ 1").transform(Number).pipe(z.number().int().positive()),
      ])
      .nullish(),
  });
}
export interface RatingRow {
  item: string;
  rater: string;
  label: string;
  slot?: number | null;
}

/**
 * Parses JSONL (one object a line) or CSV with a header; every problem names its line. `labels` null takes the
 * labels as the file gives them (labelsByValue then orders numeric ones).
 */
export function parseRatings(text: string, name: string, labels: readonly string[] | null = VERDICTS): RatingRow[] {
  const schema = rowSchema(labels);
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  let records: { line: number; value: unknown }[];
  if (trimmed.startsWith("{")) {
    records = [];
    text.split("\n").forEach((l, i) => {
      if (!l.trim()) return;
      try {
        records.push({ line: i + 1, value: JSON.parse(l) });
      } catch (e) {
        throw new RatingsError(`${name}:${i + 1}: not valid JSON (${(e as Error).message})`);
      }
    });
  } else {
    let rows: Record<string, string>[];
    try {
      rows = parseCsv(trimmed, { columns: true, skip_empty_lines: true, bom: true, trim: true });
    } catch (e) {
      throw new RatingsError(`${name}: not valid CSV (${(e as Error).message})`);
    }
    // Line 1 is the header; an empty slot cell means "no slot".
    records = rows.map((r, i) => ({
      line: i + 2,
      value: Object.fromEntries(Object.entries(r).filter(([k, v]) => !(k === "slot" && v === ""))),
    }));
  }
  if (!records.length) throw new RatingsError(`${name}: no ratings`);
  const seen = new Set<string>();
  return records.map(({ line, value }) => {
    const p = schema.safeParse(value);
    if (!p.success) {
      const i = p.error.issues[0];
      throw new RatingsError(`${name}:${line} $${i.path.map((k) => `.${String(k)}`).join("")}: ${i.message}`);
    }
    const key = `${p.data.item}\u0000${p.data.rater}`;
    if (seen.has(key))
      throw new RatingsError(`${name}:${line}: rater "${p.data.rater}" rates item "${p.data.item}" twice`);
    seen.add(key);
    return p.data;
  });
}

export interface AgreementSummary {
  items: number;
  raters: number;
  labels: number;
  pairwise_agreement: number | null;
  all_agree: number | null;
  cohen_kappa_by_slot_pair: Record<string, number | null>;
  light_kappa: number | null;
  fleiss_kappa: number | null;
  krippendorff_alpha: number | null;
  majority: Record<string, number>;
  ci95: Record<string, [number, number] | null>;
  noise_model: { K: number; r: number | null; A_all: number | null };
  /**
   * With a level of measurement (`--level`): alpha under its metric and weighted kappa per slot pair, the latter
   * over the declared labels (`declared`) or over the levels each slot pair used (`observed`, without `--labels`).
   */
  level?: Level;
  weighted_kappa_scale?: "declared" | "observed";
  krippendorff_alpha_level?: number | null;
  weighted_kappa_by_slot_pair?: Record<string, { linear: number | null; quadratic: number | null }>;
}

/**
 * The labels of a file read with `labels` null, ordered for a level of measurement: numeric labels by value; others
 * only for the nominal level (TripJudge's verdicts), since their order cannot be guessed.
 */
export function labelsByValue(rows: readonly RatingRow[], level: Level): string[] {
  const distinct = [...new Set(rows.map((r) => r.label))];
  if (distinct.every((l) => Number.isFinite(Number(l)))) return distinct.sort((a, b) => Number(a) - Number(b));
  if (level === "nominal") return [...VERDICTS];
  throw new RatingsError(
    `labels that are not numbers (${distinct.slice(0, 5).join(", ")}) have no order of their own: give it with --labels`,
  );
}

/** The label held by at least two raters and by more raters than any other; null without one. */
function majorityOf(codes: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  if (!sorted.length || sorted[0][1] < 2 || (sorted[1] && sorted[1][1] === sorted[0][1])) return null;
  return sorted[0][0];
}

export function agreementSummary(
  rows: readonly RatingRow[],
  labels: readonly string[] = VERDICTS,
  replicates = 1000,
  seed = 1,
  level?: Level,
  /** `declared`: `labels` is the scale (weighted κ weighs by its positions); `observed`: labels found in the data. */
  scale: "declared" | "observed" = "declared",
): AgreementSummary {
  // Items in first-appearance order; slots as given, or numbered in the order an item's rows appear.
  const items = new Map<string, Map<number, number>>();
  for (const r of rows) {
    let slots = items.get(r.item);
    if (!slots) items.set(r.item, (slots = new Map()));
    const slot = r.slot ?? slots.size + 1;
    if (slots.has(slot)) throw new RatingsError(`item "${r.item}" has two ratings in slot ${slot}`);
    slots.set(slot, labels.indexOf(r.label));
  }
  let maxSlot = -Infinity; // a loop, not Math.max(...): as many arguments as ratings overflow the stack
  for (const s of items.values()) for (const k of s.keys()) maxSlot = Math.max(maxSlot, k);
  const matrix = [...items.values()].map((s) => Array.from({ length: maxSlot }, (_, i) => s.get(i + 1) ?? null));
  const counts = matrix.map((row) => row.filter((v) => v !== null).length);
  const freq = new Map<number, number>();
  for (const c of counts) freq.set(c, (freq.get(c) ?? 0) + 1);
  const modal = [...freq].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
  // Rows of the modal-count items, compacted (ratings left-aligned) so that Fleiss sees complete rows.
  const modalRows = (idx: Iterable<number>) =>
    [...idx].filter((i) => counts[i] === modal).map((i) => matrix[i].filter((v): v is number => v !== null));
  const all = matrix.map((_, i) => i);
  const v = (s: Stat) => s.value;
  const coders = (rows: (number | null)[][]) => Array.from({ length: maxSlot }, (_, s) => rows.map((r) => r[s]));
  const metrics: Record<string, (idx: ArrayLike<number>) => number | null> = {
    pairwise_agreement: (idx) => v(pairwiseAgreement(Array.from(idx, (i) => matrix[i]))),
    all_agree: (idx) => v(allAgree(modalRows(Array.from(idx)))),
    light_kappa: (idx) => v(lightKappa(Array.from(idx, (i) => matrix[i]))),
    fleiss_kappa: (idx) => v(fleissKappa(modalRows(Array.from(idx)))),
    krippendorff_alpha: (idx) => v(krippendorffAlphaNominal(coders(Array.from(idx, (i) => matrix[i])))),
  };
  const value = Object.fromEntries(Object.entries(metrics).map(([k, f]) => [k, f(all)])) as Record<
    keyof typeof metrics,
    number | null
  >;
  const ci95 = Object.fromEntries(
    Object.entries(metrics).map(([k, f]) => {
      const ci = value[k] === null ? null : bootstrapCI(matrix.length, (idx) => f(idx), replicates, seed);
      return [k, ci ? ([ci.lo, ci.hi] as [number, number]) : null];
    }),
  );
  const cohen: Record<string, number | null> = {};
  for (let a = 1; a <= maxSlot; a++)
    for (let b = a + 1; b <= maxSlot; b++) {
      const both = matrix.filter((r) => r[a - 1] !== null && r[b - 1] !== null);
      cohen[`${a}-${b}`] = cohenKappa(
        both.map((r) => r[a - 1]),
        both.map((r) => r[b - 1]),
        labels.length,
      ).value;
    }
  const majority: Record<string, number> = {};
  for (const l of labels) majority[l] = 0;
  majority.none = 0;
  for (const row of matrix) {
    const m = majorityOf(row.filter((x): x is number => x !== null));
    majority[m === null ? "none" : labels[m]]++;
  }
  // TripScore E.4 with K classes (3: A, B, Neither), from the pairwise agreement.
  const K = labels.length;
  const noise = value.pairwise_agreement === null ? null : noiseCeiling(K, value.pairwise_agreement);
  const levelFigures = level ? byLevel(matrix, coders(matrix), labels, level, scale) : {};
  return {
    items: items.size,
    raters: new Set(rows.map((r) => r.rater)).size,
    labels: new Set(rows.map((r) => r.label)).size,
    pairwise_agreement: value.pairwise_agreement,
    all_agree: value.all_agree,
    cohen_kappa_by_slot_pair: cohen,
    light_kappa: value.light_kappa,
    fleiss_kappa: value.fleiss_kappa,
    krippendorff_alpha: value.krippendorff_alpha,
    majority,
    ci95,
    noise_model: { K, r: noise?.r ?? null, A_all: noise?.allAgree ?? null },
    ...levelFigures,
  };
}

/**
 * Alpha under `level` (labels in their given order; interval and ratio use the labels' numbers when all are
 * numbers, else their positions 1..K) and weighted kappa of every slot pair over the items rated in both.
 */
function byLevel(
  matrix: readonly (number | null)[][],
  coders: (number | null)[][],
  labels: readonly string[],
  level: Level,
  scale: "declared" | "observed",
): Pick<
  AgreementSummary,
  "level" | "krippendorff_alpha_level" | "weighted_kappa_by_slot_pair" | "weighted_kappa_scale"
> {
  const numeric = labels.every((l) => Number.isFinite(Number(l)));
  const values = labels.map((l, i) => (numeric ? Number(l) : i + 1));
  const k = scale === "declared" ? labels.length : undefined;
  const weighted: Record<string, { linear: number | null; quadratic: number | null }> = {};
  for (let a = 0; a < coders.length; a++)
    for (let b = a + 1; b < coders.length; b++)
      weighted[`${a + 1}-${b + 1}`] = {
        linear: weightedKappa(coders[a], coders[b], "linear", k).value,
        quadratic: weightedKappa(coders[a], coders[b], "quadratic", k).value,
      };
  return {
    level,
    krippendorff_alpha_level: krippendorffAlpha(coders, level, labels.length, values).value,
    weighted_kappa_by_slot_pair: weighted,
    weighted_kappa_scale: scale,
  };
}
