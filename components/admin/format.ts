/** Number formats of the quality pages. */
export const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : `${(100 * v).toFixed(0)} %`;
export const f2 = (v: number | null) => (v === null ? "—" : v.toFixed(2));
