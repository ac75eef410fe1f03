"use client";
import { useTranslations } from "next-intl";
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed } from "../../format";

type Report = NonNullable<LeaderboardAnswer["report"]>;

/** Share of wins (ties as half) of the row's planner against the column's, coloured from red (0) through white to blue (1). */
export function WinHeatMap({ report }: { report: Report }) {
  const t = useTranslations("Leaderboard.heatMap");
  const order = report.models.map((m) => m.model);
  const cell = new Map<string, { share: number; n: number; ci95: number[] }>();
  for (const p of report.pairs) {
    cell.set(`${p.model_a}\u0000${p.model_b}`, { share: p.share_a, n: p.n, ci95: p.ci95 });
    cell.set(`${p.model_b}\u0000${p.model_a}`, { share: 1 - p.share_a, n: p.n, ci95: [1 - p.ci95[1], 1 - p.ci95[0]] });
  }
  const colour = (s: number) => {
    const k = Math.abs(s - 0.5) * 2;
    const [r, g, b] = s >= 0.5 ? [33, 102, 172] : [178, 24, 43];
    const mix = (c: number) => Math.round(255 + (c - 255) * k);
    return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
  };
  return (
    <div className="scroll-x">
      <table className="heatmap" aria-label={t("label")}>
        <thead>
          <tr>
            <th className="corner">{t("corner")}</th>
            {order.map((m) => (
              <th key={m} className="num" title={m}>
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.map((a) => (
            <tr key={a}>
              <th>{a}</th>
              {order.map((b) => {
                const c = a === b ? undefined : cell.get(`${a}\u0000${b}`);
                return c ? (
                  <td
                    key={b}
                    className="num"
                    style={{ background: colour(c.share), color: Math.abs(c.share - 0.5) > 0.3 ? "#fff" : "#1f2933" }}
                    title={t("cell", {
                      a,
                      b,
                      share: fixed(c.share),
                      n: String(c.n),
                      lo: fixed(c.ci95[0]),
                      hi: fixed(c.ci95[1]),
                    })}
                  >
                    {fixed(c.share, 2)}
                  </td>
                ) : (
                  <td key={b} className="num muted">
                    {a === b ? "" : "—"}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
