"use client";
/**
 * TripCraft's Ordering Score per planner against the experts' verified corrections (lib/corrections/ordering.ts):
 * how closely each planner's plans follow, day by day, the order of places of the plan an expert corrected and two
 * others verified. Shown when a verified correction exists in the dataset chosen.
 */
import { useQuery } from "@tanstack/react-query";
import type { PlannerOrdering } from "@/lib/corrections/browser";
import { api } from "../../api";
import { KEYS } from "../../keys";

export function OrderingSection({ dataset }: { dataset: string }) {
  const q = useQuery({
    queryKey: [...KEYS.leaderboard, "ordering", dataset],
    queryFn: () =>
      api<{ planners: PlannerOrdering[] }>(
        `/api/admin/leaderboard/ordering${dataset ? `?${new URLSearchParams({ dataset })}` : ""}`,
      ),
  });
  if (!q.data?.planners.length) return null;
  return (
    <section className="card" data-testid="ordering">
      <h2>Ordering against verified corrections</h2>
      <p className="muted small">
        TripCraft&apos;s Ordering Score: per day, 1 − edit distance ÷ the longer sequence of places, averaged over the
        days, with an expert&apos;s verified correction of the request as the reference (1: the same places in the same
        order).
      </p>
      <table className="table" aria-label="Ordering Score">
        <thead>
          <tr>
            <th>Planner</th>
            <th className="num">Ordering Score</th>
            <th className="num">Plans</th>
            <th className="num">Requests</th>
          </tr>
        </thead>
        <tbody>
          {q.data.planners.map((p) => (
            <tr key={p.model}>
              <td>{p.model}</td>
              <td className="num">{p.mean.toFixed(3)}</td>
              <td className="num">{p.plans}</td>
              <td className="num">{p.requests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
