/** Automatic judges' verdicts on the pair (every upload's, every run), with how sure each was. */
import type { PairDetail, PairJudgeVerdict } from "@/lib/review/browser";
import { fixed } from "../../format";
import { VERDICT_WORD } from "./words";

function sureness(v: PairJudgeVerdict): string {
  if (v.pA !== null || v.pB !== null)
    return `P(A) ${fixed(v.pA, 2)} · P(B) ${fixed(v.pB, 2)}${v.pNeither !== null ? ` · P(Neither) ${fixed(v.pNeither, 2)}` : ""}`;
  if (v.samples.length) return `${v.samples.length} runs: ${v.samples.join(", ")}`;
  return "—";
}

export function JudgesPanel({ d }: { d: PairDetail }) {
  const { verdicts, more } = d.judges;
  return (
    <section className="card" aria-labelledby="pair-judges-title">
      <h2 id="pair-judges-title">Automatic judges</h2>
      {verdicts.length === 0 ? (
        <p className="muted">No judge&apos;s verdict was uploaded for this pair.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Judges' verdicts">
          <table className="table">
            <thead>
              <tr>
                <th>Judge</th>
                <th>Verdict</th>
                <th>How sure</th>
                <th>Order shown</th>
                <th className="num">Scores A, B</th>
                <th>Upload</th>
              </tr>
            </thead>
            <tbody>
              {verdicts.map((v, i) => (
                <tr key={i}>
                  <td>{v.judge}</td>
                  <td>{VERDICT_WORD[v.verdict]}</td>
                  <td className="small">{sureness(v)}</td>
                  <td className="small">{v.order === "ab" ? "A first" : v.order === "ba" ? "B first" : "—"}</td>
                  <td className="num small">
                    {v.scoreA === null && v.scoreB === null ? "—" : `${fixed(v.scoreA, 2)}, ${fixed(v.scoreB, 2)}`}
                  </td>
                  <td className="small">{v.upload}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more && <p className="muted small">The first {verdicts.length} verdicts are shown.</p>}
    </section>
  );
}
