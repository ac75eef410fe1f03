"use client";
/**
 * When a page's shared figures were computed, and "Recompute": the heavy admin figures are shared by reloads for
 * up to a minute (ADMIN_HEAVY_FIGURES_MAX_AGE_SECONDS), so the page says how old they are and lets the admin ask
 * for fresh ones (POST /api/admin/figures forgets the shared figures; the page's reads then compute again).
 */
import { useIsFetching, type QueryKey } from "@tanstack/react-query";
import { clock } from "../format";
import { useRecomputeFigures } from "./mutations";

export function FiguresAge({ computedAt, queryKey }: { computedAt: string | undefined; queryKey: QueryKey }) {
  const recompute = useRecomputeFigures(queryKey);
  const fetching = useIsFetching({ queryKey }) > 0;
  if (!computedAt) return null;
  const busy = recompute.isPending || fetching;
  return (
    <p className="muted small figures-age" data-testid="figures-age">
      Figures as of {clock(computedAt)}.{" "}
      <button type="button" className="link" disabled={busy} onClick={() => recompute.mutate(undefined)}>
        {busy ? "Recomputing…" : "Recompute"}
      </button>
      {recompute.isError && <span className="error"> {recompute.error.message}</span>}
    </p>
  );
}
