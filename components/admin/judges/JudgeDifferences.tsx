"use client";
/** Differences between judges: three-class accuracy of one minus another's on the pairs both judged, with a paired bootstrap interval. */
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { fixed, points } from "../../format";

export function JudgeDifferences({ differences }: { differences: JudgeBoardAnswer["differences"] }) {
  if (!differences.length) return null;
  return (
    <>
      <h3>Differences between judges</h3>
      <p className="muted small">
        Three-class accuracy of the first judge minus the second&apos;s on the pairs both judged, with a paired
        bootstrap 95 % interval (requests resampled); an interval that excludes 0 is a real difference.
      </p>
      <table className="table" aria-label="Judge differences">
        <thead>
          <tr>
            <th>Judge</th>
            <th>vs</th>
            <th className="num">Pairs</th>
            <th className="num">Difference</th>
            <th className="num">95 % interval</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((x) => (
            <tr key={`${x.a}|${x.b}`}>
              <td>{x.a}</td>
              <td>{x.b}</td>
              <td className="num">{x.pairs}</td>
              <td className="num">{points(x.difference)}</td>
              <td className="num">{x.ci95 ? `${fixed(100 * x.ci95[0], 1)} – ${fixed(100 * x.ci95[1], 1)}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
