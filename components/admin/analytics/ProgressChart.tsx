"use client";
import { useTranslations } from "next-intl";
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";

const LEFT = 44; // room for the axis's labels
const STEP = 28;

/** Cumulative judgments per day as bars (plain SVG), with a count axis and, when there are few days, each bar's count. */
export function ProgressChart({ days }: { days: AnalyticsAnswer["progress"] }) {
  const t = useTranslations("Analytics.progressChart");
  const { count } = useFormat();
  if (!days.length) return <p className="muted">{t("none")}</p>;
  const max = days[days.length - 1].cumulative;
  const w = Math.max(240, LEFT + days.length * STEP + 8);
  const y = (v: number) => 110 - (100 * v) / max;
  const ticks = max > 1 ? [0, Math.round(max / 2), max] : [0, max];
  return (
    <svg
      className="progress-chart"
      viewBox={`0 0 ${w} 130`}
      role="img"
      aria-label={t("label", { max: String(max), days: String(days.length) })}
    >
      {ticks.map((v) => (
        <g key={v}>
          <line x1={LEFT - 3} x2={w - 4} y1={y(v)} y2={y(v)} stroke="#d8dee6" strokeWidth={0.5} />
          <text x={LEFT - 6} y={y(v) + 3} fontSize="8" textAnchor="end" fill="#5f6b7a">
            {count(v)}
          </text>
        </g>
      ))}
      <line x1={LEFT} x2={LEFT} y1={10} y2={110} stroke="#5f6b7a" strokeWidth={0.75} />
      {days.map((d, i) => {
        const x = LEFT + i * STEP + 4;
        return (
          <g key={d.day}>
            <rect x={x} y={y(d.cumulative)} width={20} height={110 - y(d.cumulative)} fill="#0072B2">
              <title>
                {t("bar", { day: d.day, judgments: String(d.judgments), cumulative: String(d.cumulative) })}
              </title>
            </rect>
            {days.length <= 14 && (
              <text x={x + 10} y={y(d.cumulative) - 2} fontSize="7" textAnchor="middle" fill="#1f2933">
                {count(d.cumulative)}
              </text>
            )}
            <text x={x + 10} y={124} fontSize="8" textAnchor="middle" fill="#5f6b7a">
              {d.day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
