"use client";
/** TripScore's Table 3 for every pair of planners that met: a heat map, then shares with Wilson intervals and exact tests. */
import { useTranslations } from "next-intl";
import type { LeaderboardAnswer } from "@/lib/platform/browser";
import { fixed, pValue } from "../../format";
import { WinHeatMap } from "./WinHeatMap";

function SignedCell({ s }: { s: LeaderboardAnswer["signedPreference"][number] | undefined }) {
  const t = useTranslations("Leaderboard.winTable");
  if (!s) return <td className="num muted">—</td>;
  return (
    <td className="num" title={t("signedTitle", { n: String(s.n), requests: String(s.requests) })}>
      {fixed(s.mean, 2)}
      {s.ci95 && (
        <span className="muted small">
          {" "}
          [{fixed(s.ci95[0], 2)}, {fixed(s.ci95[1], 2)}]
        </span>
      )}
    </td>
  );
}

export function WinTableSection({
  r,
  signed,
}: {
  r: NonNullable<LeaderboardAnswer["report"]>;
  /** The mean signed preference of each two planners, where strength is asked (else empty). */
  signed: LeaderboardAnswer["signedPreference"];
}) {
  const t = useTranslations("Leaderboard.winTable");
  const signedOf = new Map(signed.map((s) => [`${s.model_a}\u0000${s.model_b}`, s]));
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      <p className="muted small">
        {t("intro")}
        {signed.length > 0 && ` ${t("signedIntro")}`}
      </p>
      <WinHeatMap report={r} />
      {/* Scrolls sideways rather than clipping its last columns on a laptop's screen. */}
      <div className="table-scroll">
        <table className="table" aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("plannerA")}</th>
              <th>{t("plannerB")}</th>
              <th className="num">n</th>
              <th className="num">{t("winsA")}</th>
              <th className="num">{t("winsB")}</th>
              <th className="num">{t("neither")}</th>
              <th className="num">{t("shareA")}</th>
              <th className="num">{t("wilson")}</th>
              <th className="num">p</th>
              {signed.length > 0 && <th className="num">{t("signed")}</th>}
            </tr>
          </thead>
          <tbody>
            {r.pairs.map((p) => (
              <tr key={`${p.model_a}-${p.model_b}`}>
                <td>{p.model_a}</td>
                <td>{p.model_b}</td>
                <td className="num">{p.n}</td>
                <td className="num">{p.wins_a}</td>
                <td className="num">{p.wins_b}</td>
                <td className="num">{p.ties}</td>
                <td className="num">{fixed(p.share_a)}</td>
                <td className="num">
                  {fixed(p.ci95[0])} – {fixed(p.ci95[1])}
                </td>
                <td className="num">{pValue(p.p_value)}</td>
                {signed.length > 0 && <SignedCell s={signedOf.get(`${p.model_a}\u0000${p.model_b}`)} />}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
