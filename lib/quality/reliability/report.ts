/**
 * `tripjudge reliability`: per rater gold accuracy (Wilson 95 %), Dawid–Skene accuracy, MACE's spamming
 * probability and the flags; per item the strict majority, the Dawid–Skene label and its posterior.
 * Every rating counts towards the models and peer agreement; gold items add gold accuracy and the pause test
 * (in the order the rater's gold ratings appear in the file, as the app reads them in time order).
 */
import { z } from "zod";
import { wilson } from "../../kernel";
import { othersRates, raterFlags, type PeerAgreement } from "./anomalies";
import { dawidSkene } from "./dawid-skene";
import { mace } from "./mace";
import { argmaxRow, ratingMatrix, strictMajority, type RatingMatrix } from "./ratings";

export class GoldError extends Error {}

/** Gold file: JSONL `{"item", "label"}`, every problem named by its line. */
export function parseGold(text: string, name: string, labels: readonly string[]): Map<string, string> {
  const index = new Map(labels.map((l) => [l.toUpperCase(), l]));
  const row = z.strictObject({
    item: z.union([z.string().trim().min(1), z.number().finite()]).transform(String),
    label: z.string().trim().min(1),
  });
  const out = new Map<string, string>();
  text
    .replace(/^\uFEFF/, "")
    .split("\n")
    .forEach((l, i) => {
      if (!l.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(l);
      } catch (e) {
        throw new GoldError(`${name}:${i + 1}: not valid JSON (${(e as Error).message})`);
      }
      const p = row.safeParse(value);
      if (!p.success)
        throw new GoldError(
          `${name}:${i + 1} $${p.error.issues[0].path.map((k) => `.${String(k)}`).join("")}: ${p.error.issues[0].message}`,
        );
      const label = index.get(p.data.label.toUpperCase());
      if (!label)
        throw new GoldError(
          `${name}:${i + 1}: "${p.data.label.slice(0, 40)}" is not one of the labels ${labels.join(", ")}`,
        );
      if (out.has(p.data.item) && out.get(p.data.item) !== label)
        throw new GoldError(`${name}:${i + 1}: item "${p.data.item}" has two gold labels`);
      out.set(p.data.item, label);
    });
  if (!out.size) throw new GoldError(`${name}: no gold labels`);
  return out;
}

/** Per rater, agreements with the other raters of the same items. */
export function peerAgreement(m: RatingMatrix): PeerAgreement[] {
  const K = m.labels.length;
  const counts = new Int32Array(m.items.length * K),
    n = new Int32Array(m.items.length);
  for (let k = 0; k < m.item.length; k++) {
    counts[m.item[k] * K + m.label[k]]++;
    n[m.item[k]]++;
  }
  const out = m.raters.map(() => ({ agree: 0, compared: 0 }));
  for (let k = 0; k < m.item.length; k++) {
    const o = out[m.rater[k]];
    o.compared += n[m.item[k]] - 1;
    o.agree += counts[m.item[k] * K + m.label[k]] - 1;
  }
  return out;
}

export interface RaterReliability {
  rater: string;
  n_items: number;
  gold_n: number;
  gold_accuracy: number | null;
  gold_ci95: [number, number] | null;
  ds_accuracy: number;
  mace_spam: number;
  flagged: boolean;
  reasons: string[];
  /**
   * Dawid–Skene's confusion matrix of the rater: `ds_confusion[true][given]` = P(the rater gives `given` | the
   * true label is `true`), each row summing to 1 (crowd-kit's `errors_` for this worker, transposed).
   */
  ds_confusion: Record<string, Record<string, number>>;
}
export interface ItemReliability {
  item: string;
  majority: string | null;
  ds_label: string;
  ds_posterior: Record<string, number>;
  /** MACE's label of the item (the most probable true label) and its posterior over the labels. */
  mace_label: string;
  mace_posterior: Record<string, number>;
}

export interface ReliabilityReport {
  /** The label set the models were fitted over (every label is a possible true label, used or not). */
  labels: string[];
  /** Labels no rating used: with a binary data set, pass only the labels it has (`--labels A,B`). */
  unused_labels: string[];
  raters: RaterReliability[];
  items: ItemReliability[];
}

export function reliabilityReport(
  rows: readonly { item: string; rater: string; label: string }[],
  labels: readonly string[],
  gold: ReadonlyMap<string, string> | null = null,
): ReliabilityReport {
  const m = ratingMatrix(rows, labels);
  const K = labels.length;
  const ds = dawidSkene(m);
  const mc = mace(m);
  const majority = strictMajority(m);
  const peers = peerAgreement(m);
  const peerMap = new Map(m.raters.map((r, w) => [r, peers[w]]));
  const sequences = m.raters.map(() => [] as string[]);
  const goldResults = m.raters.map(() => [] as boolean[]);
  const itemsOf = new Int32Array(m.raters.length);
  for (let k = 0; k < m.item.length; k++) {
    const w = m.rater[k],
      label = labels[m.label[k]],
      g = gold?.get(m.items[m.item[k]]);
    itemsOf[w]++;
    sequences[w].push(label);
    if (g !== undefined) goldResults[w].push(g === label);
  }
  const raters = m.raters.map((rater, w): RaterReliability => {
    const right = goldResults[w].filter(Boolean).length,
      n = goldResults[w].length;
    const ci = wilson(right, n);
    const flags = raterFlags({
      gold: goldResults[w],
      sequence: sequences[w],
      peer: { own: peers[w], others: othersRates(peerMap, rater) },
    });
    return {
      rater,
      n_items: itemsOf[w],
      gold_n: n,
      gold_accuracy: ci ? ci.share : null,
      gold_ci95: ci ? ci.ci95 : null,
      ds_accuracy: ds.accuracy[w],
      mace_spam: mc.spam[w],
      flagged: flags.length > 0,
      reasons: flags.map((f) => `${f.kind}: ${f.message}`),
      ds_confusion: Object.fromEntries(
        labels.map((t, tc) => [t, Object.fromEntries(labels.map((g, gc) => [g, ds.errors[(w * K + gc) * K + tc]]))]),
      ),
    };
  });
  const items = m.items.map((item, i): ItemReliability => ({
    item,
    majority: majority[i] === null ? null : labels[majority[i]!],
    ds_label: labels[argmaxRow(ds.posterior, i, K)],
    ds_posterior: Object.fromEntries(labels.map((l, c) => [l, ds.posterior[i * K + c]])),
    mace_label: labels[argmaxRow(mc.posterior, i, K)],
    mace_posterior: Object.fromEntries(labels.map((l, c) => [l, mc.posterior[i * K + c]])),
  }));
  const used = new Uint8Array(K);
  for (let k = 0; k < m.label.length; k++) used[m.label[k]] = 1;
  return { labels: [...labels], unused_labels: labels.filter((_, c) => !used[c]), raters, items };
}
