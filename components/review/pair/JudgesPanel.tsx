/** Automatic judges' verdicts on the pair (every upload's, every run), with how sure each was. */
import { useTranslations } from "next-intl";
import type { PairDetail, PairJudgeVerdict } from "@/lib/review/browser";
import { fixed } from "../../format";
import { useWords } from "./words";

function sureness(v: PairJudgeVerdict, runs: (count: number, list: string) => string): string {
  if (v.pA !== null || v.pB !== null)
    return `P(A) ${fixed(v.pA, 2)} · P(B) ${fixed(v.pB, 2)}${v.pNeither !== null ? ` · P(Neither) ${fixed(v.pNeither, 2)}` : ""}`;
  if (v.samples.length) return runs(v.samples.length, v.samples.join(", "));
  return "—";
}

export function JudgesPanel({ d }: { d: PairDetail }) {
  const t = useTranslations("Pairs.judges");
  const w = useWords(d);
  const { verdicts, more } = d.judges;
  return (
    <section className="card" aria-labelledby="pair-judges-title">
      <h2 id="pair-judges-title">{t("title")}</h2>
      {verdicts.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("region")}>
          <table className="table">
            <thead>
              <tr>
                <th>{t("judge")}</th>
                <th>{t("verdict")}</th>
                <th>{t("howSure")}</th>
                <th>{t("order")}</th>
                <th className="num">{t("scores")}</th>
                <th>{t("upload")}</th>
              </tr>
            </thead>
            <tbody>
              {verdicts.map((v, i) => (
                <tr key={i}>
                  <td>{v.judge}</td>
                  <td>{w.verdict(v.verdict)}</td>
                  <td className="small">{sureness(v, (count, list) => t("runs", { count, list }))}</td>
                  <td className="small">{v.order === "ab" ? t("aFirst") : v.order === "ba" ? t("bFirst") : "—"}</td>
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
      {more && <p className="muted small">{t("firstShown", { count: String(verdicts.length) })}</p>}
    </section>
  );
}
