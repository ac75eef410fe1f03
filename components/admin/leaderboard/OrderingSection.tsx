"use client";
/**
 * TripCraft's Ordering Score per planner against the experts' verified corrections (lib/corrections/ordering.ts):
 * how closely each planner's plans follow, day by day, the order of places of the plan an expert corrected and two
 * others verified. Shown when a verified correction exists in the dataset chosen.
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { PlannerOrdering } from "@/lib/corrections/browser";
import { api } from "../../api";
import { KEYS } from "../../keys";

export function OrderingSection({ dataset }: { dataset: string }) {
  const t = useTranslations("Leaderboard.ordering");
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
      <h2>{t("title")}</h2>
      <p className="muted small">{t("intro")}</p>
      <table className="table" aria-label="Ordering Score">
        <thead>
          <tr>
            <th>{t("planner")}</th>
            <th className="num">Ordering Score</th>
            <th className="num">{t("plans")}</th>
            <th className="num">{t("requests")}</th>
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
