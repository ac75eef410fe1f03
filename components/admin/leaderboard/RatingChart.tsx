"use client";
/** Ratings as dots with their 95 % intervals as whiskers (plain SVG), best first. */
import { fixed } from "../../format";

export function RatingChart({
  rows,
  label,
}: {
  rows: { model: string; rating: number; ci95: number[] }[];
  label: string;
}) {
  const finite = rows.flatMap((r) => [r.ci95[0], r.ci95[1], r.rating]).filter(Number.isFinite);
  const lo = Math.floor(Math.min(...finite) / 25) * 25,
    hi = Math.ceil(Math.max(...finite) / 25) * 25;
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
        rating (Elo scale)
      </text>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={top - 6} y2={H - 6} stroke="#e3e7ee" />
          <text x={x(t)} y={14} fontSize="10" textAnchor="middle" fill="#5f6b7a">
            {Math.round(t)}
          </text>
        </g>
      ))}
      <line x1={x(1000)} x2={x(1000)} y1={top - 6} y2={H - 6} stroke="#9aa5b1" strokeDasharray="3 3" />
      {rows.map((r, i) => {
        const y = top + i * rowH + rowH / 2;
        return (
          <g key={r.model}>
            <text x={left - 8} y={y + 4} fontSize="11" textAnchor="end" fill="#1f2933">
              {r.model.length > 28 ? `${r.model.slice(0, 27)}…` : r.model}
            </text>
            <line x1={x(r.ci95[0])} x2={x(r.ci95[1])} y1={y} y2={y} stroke="#0072B2" strokeWidth="2" />
            <line x1={x(r.ci95[0])} x2={x(r.ci95[0])} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth="2" />
            <line x1={x(r.ci95[1])} x2={x(r.ci95[1])} y1={y - 5} y2={y + 5} stroke="#0072B2" strokeWidth="2" />
            <circle cx={x(r.rating)} cy={y} r="4.5" fill="#D55E00">
              <title>{`${r.model}: ${fixed(r.rating, 1)} [${fixed(r.ci95[0], 1)}, ${fixed(r.ci95[1], 1)}]`}</title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}
