/**
 * Ratings in the compact, columnar shape the reliability models read: each rating is (item, rater, label)
 * as indexes into the item, rater and label names, so a large log costs three typed arrays.
 */
export interface RatingMatrix {
  items: string[];
  raters: string[];
  labels: readonly string[];
  item: Int32Array;
  rater: Int32Array;
  label: Int32Array;
}

/** Indexes rows in the order they come (items and raters by first appearance); labels in the given order. */
export function ratingMatrix(
  rows: readonly { item: string; rater: string; label: string }[],
  labels: readonly string[],
): RatingMatrix {
  const itemIx = new Map<string, number>(),
    raterIx = new Map<string, number>();
  const labelIx = new Map(labels.map((l, i) => [l, i]));
  const n = rows.length;
  const m: RatingMatrix = {
    items: [],
    raters: [],
    labels,
    item: new Int32Array(n),
    rater: new Int32Array(n),
    label: new Int32Array(n),
  };
  rows.forEach((r, k) => {
    let i = itemIx.get(r.item);
    if (i === undefined) itemIx.set(r.item, (i = m.items.push(r.item) - 1));
    let w = raterIx.get(r.rater);
    if (w === undefined) raterIx.set(r.rater, (w = m.raters.push(r.rater) - 1));
    const l = labelIx.get(r.label);
    if (l === undefined) throw new Error(`label ${r.label} is not one of ${labels.join(", ")}`);
    m.item[k] = i;
    m.rater[k] = w;
    m.label[k] = l;
  });
  return m;
}

/** Per item, the share of its ratings for each label (row-major items × labels): crowd-kit's soft majority vote. */
export function voteShares(m: RatingMatrix): Float64Array {
  const K = m.labels.length;
  const out = new Float64Array(m.items.length * K);
  const count = new Float64Array(m.items.length);
  for (let k = 0; k < m.item.length; k++) {
    out[m.item[k] * K + m.label[k]] += 1;
    count[m.item[k]] += 1;
  }
  for (let i = 0; i < m.items.length; i++) for (let c = 0; c < K; c++) out[i * K + c] /= count[i];
  return out;
}

/** Per item, the label more than half of its raters chose, or null (as index into labels). */
export function strictMajority(m: RatingMatrix): (number | null)[] {
  const K = m.labels.length;
  const shares = voteShares(m);
  return m.items.map((_, i) => {
    for (let c = 0; c < K; c++) if (shares[i * K + c] > 0.5) return c;
    return null;
  });
}

/** Index of the largest value in row i (first on ties). */
export function argmaxRow(values: Float64Array, i: number, K: number): number {
  let best = 0;
  for (let c = 1; c < K; c++) if (values[i * K + c] > values[i * K + best]) best = c;
  return best;
}

/** Builds a RatingMatrix one rating at a time (a streamed judgment log), growing its arrays by doubling. */
export class RatingMatrixBuilder {
  private itemIx = new Map<string, number>();
  private raterIx = new Map<string, number>();
  private n = 0;
  private item = new Int32Array(1024);
  private rater = new Int32Array(1024);
  private label = new Int32Array(1024);
  readonly items: string[] = [];
  readonly raters: string[] = [];
  /**
   * `itemsInRuns`: every item's ratings come one after another, so an item is new when it differs from the last one
   * (no map of every item's id: a third of a million pairs' ids cost tens of MB); an item met again later would
   * count twice, so only a caller that reads the ratings grouped by item says so.
   */
  constructor(
    readonly labels: readonly string[],
    private readonly opts: { itemsInRuns?: boolean } = {},
  ) {}

  add(item: string, rater: string, label: number) {
    let i: number | undefined;
    if (this.opts.itemsInRuns) {
      const last = this.items.length - 1;
      i = last >= 0 && this.items[last] === item ? last : this.items.push(item) - 1;
    } else {
      i = this.itemIx.get(item);
      if (i === undefined) this.itemIx.set(item, (i = this.items.push(item) - 1));
    }
    let w = this.raterIx.get(rater);
    if (w === undefined) this.raterIx.set(rater, (w = this.raters.push(rater) - 1));
    this.put(i, w, label);
  }

  private put(item: number, rater: number, label: number) {
    if (this.n === this.item.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.item = grow(this.item);
      this.rater = grow(this.rater);
      this.label = grow(this.label);
    }
    this.item[this.n] = item;
    this.rater[this.n] = rater;
    this.label[this.n] = label;
    this.n++;
  }

  build(): RatingMatrix {
    return {
      items: this.items,
      raters: this.raters,
      labels: this.labels,
      item: this.item.slice(0, this.n),
      rater: this.rater.slice(0, this.n),
      label: this.label.slice(0, this.n),
    };
  }
}
