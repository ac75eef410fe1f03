"use client";
/**
 * Is strength calibrated? Per expert who gave strengths (datasets with preference strength): for each stated
 * strength, how often the other experts of the same pairs chose the same side, with its 95 % Wilson interval. An
 * expert whose "decisively" is shared no more often than their "slightly" is shown, not flagged.
 */
import type { QualityAnswer } from "@/lib/platform/browser";
import { pct } from "../../format";

const WORDS = { 1: "Slightly", 2: "Clearly", 3: "Decisively" } as const;

export function StrengthSection({ q }: { q: QualityAnswer }) {
  if (!q.strength.length) return null;
  const names = new Map(q.experts.map((e) => [e.userId, e.name]));
  return (
    <section className="card">
      <h2>Is strength calibrated?</h2>
      <p className="muted small">
        For each strength an expert stated, the share of the other experts&apos; verdicts on the same pairs that chose
        the same side (95 % interval; n = other verdicts). A calibrated expert&apos;s &ldquo;decisively&rdquo; is shared
        more often than their &ldquo;slightly&rdquo;.
      </p>
      <table className="table" aria-label="Strength calibration">
        <thead>
          <tr>
            <th>Expert</th>
            {([1, 2, 3] as const).map((s) => (
              <th key={s} className="num">
                {WORDS[s]}
              </th>
            ))}
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {q.strength.map((c) => (
            <tr key={c.userId}>
              <td>{names.get(c.userId) ?? c.userId}</td>
              {([1, 2, 3] as const).map((s) => {
                const x = c.byStrength[s];
                return (
                  <td key={s} className="num">
                    {x.shared ? (
                      <>
                        {pct(x.shared.share)}{" "}
                        <span className="muted small">
                          [{pct(x.shared.ci95[0])}–{pct(x.shared.ci95[1])}] n={x.others}
                        </span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                );
              })}
              <td className="small">{c.flat ? "decisively shared no more often than slightly" : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
