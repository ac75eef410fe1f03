"use client";
import type { AnalyticsAnswer } from "@/lib/server/responses";

/** Cumulative judgments per day as bars (plain SVG). */
export function ProgressChart({ days }: { days: AnalyticsAnswer["progress"] }) {
  if (!days.length) return <p className="muted">No judgments yet.</p>;
  const max = days[days.length - 1].cumulative;
  const w = Math.max(240, days.length * 28);
  return (
    <svg
      className="progress-chart"
      viewBox={`0 0 ${w} 130`}
      role="img"
      aria-label={`Cumulative judgments: ${max} after ${days.length} day(s)`}
    >
      {days.map((d, i) => {
        const h = (100 * d.cumulative) / max;
        return (
          <g key={d.day}>
            <rect x={i * 28 + 4} y={110 - h} width={20} height={h} fill="#0072B2">
              <title>{`${d.day}: ${d.judgments} judgment(s), ${d.cumulative} in all`}</title>
            </rect>
            <text x={i * 28 + 14} y={124} fontSize="8" textAnchor="middle" fill="#5f6b7a">
              {d.day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
