"use client";
/**
 * The judge alignment board: the experts' own agreement and the ceiling it implies (TripScore E.4), then each
 * judge's accuracies, κ, τ, r_model, flip rate and taste for longer plans, and the differences between judges.
 */
import type { JudgeBoardAnswer } from "@/lib/platform/browser";
import { fixed, pct, pctOf } from "../../format";
import { JudgeDifferences } from "./JudgeDifferences";

type Confidence = JudgeBoardAnswer["judges"][number]["confidence"];

/** How sure a judge says it is, in a few words: what its verdicts carry, or what a reward judge is fitted on. */
function confidenceText(c: Confidence | undefined, verdicts: number): string {
  if (!c) return "—"; // a board computed before judges said how sure they are
  if (c.crossFittedOn !== null)
    return c.crossFittedOn >= c.crossFitMinimum
      ? `cross-fitted on ${c.crossFittedOn} expert-labelled pairs`
      : `no probability: ${c.crossFittedOn} expert-labelled pairs, ${c.crossFitMinimum} needed`;
  const [fewest, most] = c.samplesRange ?? [0, 0];
  const kinds = [
    { n: c.probabilities, text: "probabilities" },
    { n: c.samples, text: `${fewest === most ? most : `${fewest}–${most}`} sample${most === 1 ? "" : "s"}` },
    { n: c.verdictsOnly, text: "verdicts only" },
  ].filter((k) => k.n > 0);
  if (kinds.length < 2) return kinds[0]?.text ?? "—";
  return kinds.map((k) => `${k.text} (${pctOf(k.n, verdicts)})`).join(", ");
}

export function AlignmentSection({ d }: { d: JudgeBoardAnswer }) {
  return (
    <section className="card">
      <h2>Alignment with the experts</h2>
      {d.humans.pairs === 0 ? (
        <p className="muted small">
          No complete pair yet: the experts&apos; agreement, its ceiling and each judge&apos;s alignment appear once
          pairs have all their judgments.
        </p>
      ) : (
        <p className="muted small">
          Over {d.humans.pairs} complete pairs. Two experts on the same pair agree {pct(d.humans.pairwiseAgreement, 1)}{" "}
          of the time, which under TripScore&apos;s symmetric three-class noise model (E.4) means a single expert agrees
          with the latent truth r = {fixed(d.humans.ceiling)}: the ceiling a judge is measured against. A judge&apos;s
          r_model comes the same way from its agreement with single experts (each of its verdicts against each
          expert&apos;s verdict on the pair), not from its accuracy against the majority. Experts chose the longer plan
          in {pct(d.humans.longerShare, 1)} of {d.humans.longerN} decisive verdicts on plans of different length.
        </p>
      )}
      {/* Focusable: the wide table scrolls, and keyboard users must reach it (axe scrollable-region-focusable). */}
      <div className="scroll-x" tabIndex={0} role="region" aria-label="Judge alignment (scrolls sideways)">
        <table className="table" aria-label="Judge alignment">
          <thead>
            <tr>
              <th>Judge</th>
              <th title="What the judge's verdicts say of how sure it is: probabilities (p_a, p_b, p_neither), the samples of k repeated runs, or nothing. A reward judge's probability is a logistic fit of the experts' majority on the reward difference, per dataset, each expert-labelled pair's from the fit on the other four of five folds">
                How sure it says it is
              </th>
              <th className="num" title="Verdicts on complete pairs, and the distinct pairs they cover">
                Verdicts (pairs)
              </th>
              <th className="num" title="Pairs with a majority label: the accuracies are measured on these only">
                Labelled pairs
              </th>
              <th className="num" title="Pairs with an A or B majority, verdicts A or B">
                Accuracy (ties excluded)
              </th>
              <th className="num" title="Three classes: a Neither is right only when the majority is Neither">
                Accuracy (ties included)
              </th>
              <th className="num">κ with majority</th>
              <th
                className="num"
                title="Cohen's κ with each expert who shares ≥ 5 distinct pairs with the judge, averaged; in brackets, how many experts"
              >
                Mean κ with experts
              </th>
              <th
                className="num"
                title="Kendall's τ-b of the judge's score difference against the experts' mean preference"
              >
                Kendall τ
              </th>
              <th className="num" title="Agreement with single experts: the A of TripScore E.4">
                Agreement with an expert
              </th>
              <th
                className="num"
                title="TripScore E.4: r_model = (K·A − A + r − 1)/(K·r − 1), A the agreement with single experts"
              >
                r_model
              </th>
              <th className="num">of ceiling</th>
              <th className="num" title="Pairs judged in both orders whose verdict changed">
                Flip rate
              </th>
              <th className="num" title="Decisive verdicts for the longer plan">
                Longer plan
              </th>
            </tr>
          </thead>
          <tbody>
            {d.judges.map((j) => (
              <tr key={j.judge}>
                <td>
                  {j.judge}
                  {j.builtIn && <span className="badge"> built in</span>}
                </td>
                <td className="small">{confidenceText(j.confidence, j.verdicts)}</td>
                <td className="num">
                  {j.verdicts} <span className="muted small">({j.pairs})</span>
                </td>
                <td className="num">
                  {j.labelledPairs}
                  {j.pairs > j.labelledPairs && (
                    <span
                      className="muted small"
                      title="Pairs without a majority label (1-1-1) are left out of the accuracies"
                    >
                      {" "}
                      · {j.pairs - j.labelledPairs} left out
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
                  <td
                    className="num"
                    colSpan={2}
                    title={`r_model = ${fixed(j.rModel)}: the noise model does not fit this judge (it agrees with single experts more than experts agree with the truth)`}
                  >
                    <span className="badge warn">above 1: model does not fit</span>
                  </td>
                ) : j.rModelBelowChance ? (
                  <>
                    <td className="num">{fixed(j.rModel)}</td>
                    <td
                      className="num"
                      title="Its agreement with single experts implies it agrees with the truth less often than a random choice of three would"
                    >
                      <span className="badge warn">below chance</span>
                    </td>
                  </>
                ) : (
                  <>
                    <td className="num">{fixed(j.rModel)}</td>
                    <td className="num">{pct(j.ceilingShare, 1)}</td>
                  </>
                )}
                <td className="num">{j.flipPairs ? `${pct(j.flipRate, 1)} of ${j.flipPairs}` : "—"}</td>
                <td className="num">{j.longerN ? `${pct(j.longerShare, 1)} of ${j.longerN}` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small" data-testid="judge-legend">
        Accuracies count labelled pairs only (a majority of the experts; pairs split 1-1-1 are left out).
        &ldquo;(n)&rdquo; after a κ is the number of experts it averages over; &ldquo;—&rdquo; means the figure cannot
        be computed here (no labelled pair, no scores, no pair seen in both orders, or below chance).
      </p>
      <JudgeDifferences differences={d.differences} />
    </section>
  );
}
