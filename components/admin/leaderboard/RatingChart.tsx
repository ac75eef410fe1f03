"use client";
/**
 * Ratings as dots with their 95 % intervals as whiskers (plain SVG), best first. Planners with few battles
 * (lib/kernel/stats/few.ts) are drawn faint and dashed, labelled so, and do not set the axis: their intervals are cut at it.
 */
import { useTranslations } from "next-intl";
import { FEW, isFew, ratingAxis } from "@/lib/kernel/browser";
import { fixed } from "../../format";

export function RatingChart({
  rows,
  label,
}: {
  rows: { model: string; rating: number; ci95: number[]; battles: number }[];
  label: string;
}) {
  const t = useTranslations("Leaderboard.chart");
  const { lo, hi } = ratingAxis(rows);
  const W = 720,
    left = 190,
    right = 20,
    rowH = 26,
    top = 24;
  const x = (v: number) => left + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo || 1)) * (W - left - right);
  const ticks = Array.from({ length: 5 }, (_, i) => lo + ((hi - lo) * i) / 4);
  const H = top + rows.length * rowH + 10;
  return (
    <svg className="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <text x={8} y={14} fontSize="10" textAnchor="start" fill="#5f6b7a">
        {t("axis")}
      </text>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={x(v)} x2={x(v)} y1={top - 6} y2={H - 6} stroke="#e3e7ee" />
          <text x={x(v)} y={14} fontSize="10" textAnchor="middle" fill="#5f6b7a">
            {Math.round(v)}
          </text>
        </g>
      ))}
      <line x1={x(1000)} x2={x(1000)} y1={top - 6} y2={H - 6} stroke="#9aa5b1" strokeDasharray="3 3" />
      {rows.map((r, i) => {
        const y = top + i * rowH + rowH / 2;
        const few = isFew(r.battles);
        const name = few ? 20 : 28;
        // A whisker cut by the axis has no end cap on that side.
        const cutLo = !(r.ci95[0] >= lo),
          cutHi = !(r.ci95[1] <= hi);
        const stroke = { stroke: "#0072B2", strokeWidth: 2, strokeDasharray: few ? "4 3" : undefined };
        return (
          <g key={r.model} opacity={few ? 0.75 : 1} data-few={few || undefined}>
            <text x={left - 8} y={y + 4} fontSize="11" textAnchor="end" fill="#1f2933">
              {r.model.length > name ? `${r.model.slice(0, name - 1)}…` : r.model}
              {few && <tspan fill="#525d6b"> · {t("few")}</tspan>}
            </text>
            <line x1={x(r.ci95[0])} x2={x(r.ci95[1])} y1={y} y2={y} {...stroke} />
            {!cutLo && <line x1={x(r.ci95[0])} x2={x(r.ci95[0])} y1={y - 5} y2={y + 5} {...stroke} />}
            {!cutHi && <line x1={x(r.ci95[1])} x2={x(r.ci95[1])} y1={y - 5} y2={y + 5} {...stroke} />}
            <circle cx={x(r.rating)} cy={y} r="4.5" fill="#D55E00">
              <title>
                {t("dot", {
                  model: r.model,
                  rating: fixed(r.rating, 1),
                  lo: fixed(r.ci95[0], 1),
                  hi: fixed(r.ci95[1], 1),
                  battles: String(r.battles),
                }) + (few ? t("fewDot", { few: String(FEW) }) : "")}
              </title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}
