/**
 * When a figure rests on too few observations to read: below FEW complete pairs a group's agreement, below FEW
 * battles a planner's rating, vary so much from sample to sample that the pages mark them ("few pairs", "few
 * battles") rather than let them be read like the rest. One rule for both pages.
 */
export const FEW = 10;

export const isFew = (observations: number) => observations < FEW;

/**
 * The rating chart's axis: it spans the ratings and 95 % intervals of the planners with enough battles, so that a
 * planner with a handful (an interval of thousands of points) does not squeeze the others into a corner; theirs are
 * drawn cut at the ends. All planners count when none has enough. Ends rounded out to multiples of 25.
 */
export function ratingAxis(rows: readonly { rating: number; ci95: readonly number[]; battles: number }[]): {
  lo: number;
  hi: number;
} {
  const readable = rows.filter((r) => !isFew(r.battles));
  const values = (readable.length ? readable : rows)
    .flatMap((r) => [r.ci95[0], r.ci95[1], r.rating])
    .filter(Number.isFinite);
  if (!values.length) return { lo: 975, hi: 1025 };
  return { lo: Math.floor(Math.min(...values) / 25) * 25, hi: Math.ceil(Math.max(...values) / 25) * 25 };
}
