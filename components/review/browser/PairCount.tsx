"use client";
/** How many pairs the filter matches, asked apart from the page (a count reads up to 1,000 pairs, a page 50). */
import { usePairCount } from "@/components/admin/queries";
import { count } from "@/components/format";

export function PairCount({ filter }: { filter: string }) {
  const { data, error } = usePairCount(filter);
  return (
    <p className="muted pair-count" aria-live="polite" data-testid="pair-count">
      {error
        ? `Not counted: ${error.message}`
        : !data
          ? "Counting the pairs…"
          : data.more
            ? `More than ${count(data.count)} pairs match.`
            : `${count(data.count)} ${data.count === 1 ? "pair matches" : "pairs match"}.`}
    </p>
  );
}
