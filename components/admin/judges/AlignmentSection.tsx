"use client";
/**
 * The judge alignment board: the experts' own agreement and the ceiling it implies (TripScore E.4), then each
 * judge's accuracies, κ, τ, r_model, flip rate and taste for longer plans, and the differences between judges.
 */
import { useTranslations } from "next-intl";
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { fixed, useFormat } from "../../format";
import { JudgeDifferences } from "./JudgeDifferences";

type Confidence = JudgeBoardAnswer["judges"][number]["confidence"];

/** How sure a judge says it is, in a few words: what its verdicts carry, or what a reward judge is fitted on. */
function confidenceText(
  c: Confidence | undefined,
  verdicts: number,
  t: ReturnType<typeof useTranslations<"Judges.alignment.confidence">>,
  pctOf: (part: number, whole: number) => string,
): string {
  if (!c) return "—"; // a board computed before judges said how sure they are
  if (c.crossFittedOn !== null)
    return c.crossFittedOn >= c.crossFitMinimum
      ? t("crossFitted", { n: String(c.crossFittedOn) })
      : t("noProbability", { n: String(c.crossFittedOn), needed: String(c.crossFitMinimum) });
  const [fewest, most] = c.samplesRange ?? [0, 0];
  const kinds = [
    { n: c.probabilities, text: t("probabilities") },
    { n: c.samples, text: t("samples", { count: most, range: fewest === most ? String(most) : `${fewest}–${most}` }) },
    { n: c.verdictsOnly, text: t("verdictsOnly") },
  ].filter((k) => k.n > 0);
  if (kinds.length < 2) return kinds[0]?.text ?? "—";
  return kinds.map((k) => t("share", { kind: k.text, share: pctOf(k.n, verdicts) })).join(t("separator"));
}

export function AlignmentSection({ d }: { d: JudgeBoardAnswer }) {
  const t = useTranslations("Judges.alignment");
  const tc = useTranslations("Judges.alignment.confidence");
  const { pct, pctOf } = useFormat();
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      {d.humans.pairs === 0 ? (
        <p className="muted small">{t("empty")}</p>
      ) : (
        <p className="muted small">
          {t("intro", {
            pairs: String(d.humans.pairs),
            agreement: pct(d.humans.pairwiseAgreement, 1),
            ceiling: fixed(d.humans.ceiling),
            longer: pct(d.humans.longerShare, 1),
            longerN: String(d.humans.longerN),
          })}
        </p>
      )}
      {/* Focusable: the wide table scrolls, and keyboard users must reach it (axe scrollable-region-focusable). */}
      <div className="scroll-x" tabIndex={0} role="region" aria-label={t("regionLabel")}>
        <table className="table" aria-label={t("tableLabel")}>
          <thead>
            <tr>
              <th>{t("judge")}</th>
              <th title={t("sureTitle")}>{t("sure")}</th>
              <th className="num" title={t("verdictsTitle")}>
                {t("verdicts")}
              </th>
              <th className="num" title={t("labelledTitle")}>
                {t("labelled")}
              </th>
              <th className="num" title={t("excludingTitle")}>
                {t("excluding")}
              </th>
              <th className="num" title={t("includingTitle")}>
                {t("including")}
              </th>
              <th className="num">{t("kappaMajority")}</th>
              <th className="num" title={t("kappaExpertsTitle")}>
                {t("kappaExperts")}
              </th>
              <th className="num" title={t("tauTitle")}>
                Kendall τ
              </th>
              <th className="num" title={t("singleTitle")}>
                {t("single")}
              </th>
              <th className="num" title={t("rModelTitle")}>
                r_model
              </th>
              <th className="num">{t("ofCeiling")}</th>
              <th className="num" title={t("flipTitle")}>
                {t("flip")}
              </th>
              <th className="num" title={t("longerTitle")}>
                {t("longer")}
              </th>
            </tr>
          </thead>
          <tbody>
            {d.judges.map((j) => (
              <tr key={j.judge}>
                <td>
                  {j.judge}
                  {j.builtIn && <span className="badge"> {t("builtIn")}</span>}
                </td>
                <td className="small">{confidenceText(j.confidence, j.verdicts, tc, pctOf)}</td>
                <td className="num">
                  {j.verdicts} <span className="muted small">({j.pairs})</span>
                </td>
                <td className="num">
                  {j.labelledPairs}
                  {j.pairs > j.labelledPairs && (
                    <span className="muted small" title={t("leftOutTitle")}>
                      {" "}
                      · {t("leftOut", { n: String(j.pairs - j.labelledPairs) })}
                    </span>
                  )}
                </td>
                <td className="num">{pct(j.accuracyExcludingTies, 1)}</td>
                <td className="num">{pct(j.accuracyIncludingTies, 1)}</td>
                <td className="num">{fixed(j.kappaMajority)}</td>
                <td className="num">
                  {fixed(j.kappaExpertsMean)} <span className="muted small">({j.kappaExperts})</span>
                </td>
                <td className="num">{fixed(j.kendallTau)}</td>
                <td className="num">{pct(j.singleAgreement, 1)}</td>
                {j.rModelAboveOne ? (
                  <td className="num" colSpan={2} title={t("aboveOneTitle", { r: fixed(j.rModel) })}>
                    <span className="badge warn">{t("aboveOne")}</span>
                  </td>
                ) : j.rModelBelowChance ? (
                  <>
                    <td className="num">{fixed(j.rModel)}</td>
                    <td className="num" title={t("belowChanceTitle")}>
                      <span className="badge warn">{t("belowChance")}</span>
                    </td>
                  </>
                ) : (
                  <>
                    <td className="num">{fixed(j.rModel)}</td>
                    <td className="num">{pct(j.ceilingShare, 1)}</td>
                  </>
                )}
                <td className="num">
                  {j.flipPairs ? t("of", { share: pct(j.flipRate, 1), n: String(j.flipPairs) }) : "—"}
                </td>
                <td className="num">
                  {j.longerN ? t("of", { share: pct(j.longerShare, 1), n: String(j.longerN) }) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small" data-testid="judge-legend">
        {t("legend")}
      </p>
      <JudgeDifferences differences={d.differences} />
    </section>
  );
}
