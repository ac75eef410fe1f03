"use client";
/** A plan's automatic diagnostics (features, violations, reward), where the dataset shows them to experts. */
import { useTranslations } from "next-intl";
import type { PlanView } from "@/lib/judging/browser";
import { reward, type Weights } from "@/lib/results/features/browser";

export function Diagnostics({ plan, weights }: { plan: PlanView; weights: Weights }) {
  const t = useTranslations("Judge.diagnostics");
  if (!plan.diagnostics) return null;
  const d = plan.diagnostics;
  const violations = d.violations ?? [];
  return (
    <details className="diagnostics">
      <summary>{t("summary", { reward: reward(d, weights).toFixed(2) })}</summary>
      {violations.length > 0 && (
        <ul>
          {violations.map((v, i) => (
            <li key={i}>{v}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {Object.entries(d)
          .filter(([k, v]) => k !== "violations" && typeof v === "number")
          .map(([k, v]) => `${k.replace(/_/g, " ")} ${(v as number).toFixed(2)}`)
          .join(" · ")}
      </p>
    </details>
  );
}
