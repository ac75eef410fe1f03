/**
 * The pair's label and where it comes from, as the exports give it (lib/exports pairLabel): the experts' majority,
 * an admin's adjudication, or a judge's decision; or why there is none yet. A judge watching an audit pair is said.
 */
import type { PairDetail } from "@/lib/review/browser";
import { dateTime, fixed, pct } from "../../format";
import { VERDICT_WORD, personName } from "./words";

function basis(d: PairDetail): string {
  const l = d.label;
  const agreeing = l.label ? l.verdicts.filter((v) => v === l.label).length : 0;
  switch (l.basis) {
    case "majority":
      return `the experts' majority (${agreeing} of ${l.verdicts.length})`;
    case "adjudication":
      return `an adjudication by ${personName(d, l.adjudication?.by ?? null)}`;
    case "judge":
      return `a decision of the judge ${l.decision?.judge} (confidence ${fixed(l.decision?.confidence)} ≥ threshold ${fixed(l.decision?.threshold)})`;
    case "unresolved":
      return "the experts split with no majority: it waits for an adjudication or one more expert";
    case "incomplete":
      return `it has ${l.verdicts.length} of the ${d.pair.requiredRaters} judgments it needs`;
  }
}

export function LabelPanel({ d }: { d: PairDetail }) {
  const l = d.label;
  return (
    <section className="card pair-label" aria-labelledby="pair-label-title">
      <h2 id="pair-label-title">Label</h2>
      <p className="lead" data-testid="pair-label">
        {l.label ? (
          <>
            <span className={`verdict-tag verdict-${l.label.toLowerCase()}`}>{VERDICT_WORD[l.label]}</span> from{" "}
            {basis(d)}
          </>
        ) : (
          <>None: {basis(d)}</>
        )}
      </p>
      <p className="muted small">
        Verdicts {l.verdicts.length ? l.verdicts.map((v) => VERDICT_WORD[v]).join(", ") : "none"}
        {l.agreement !== null && ` · pairwise agreement ${pct(l.agreement)}`}
      </p>
      {l.adjudication && (
        <p className="small">
          Adjudicated {VERDICT_WORD[l.adjudication.label]} by {personName(d, l.adjudication.by)},{" "}
          {dateTime(l.adjudication.at)}
          {l.adjudication.note && <>: &ldquo;{l.adjudication.note}&rdquo;</>}
        </p>
      )}
      {l.decision?.audit && (
        <p className="small">
          Audit pair: the judge {l.decision.judge} decided {VERDICT_WORD[l.decision.verdict]} (confidence{" "}
          {fixed(l.decision.confidence)}), and the experts still judge it to keep measuring agreement; their label
          stands.
        </p>
      )}
    </section>
  );
}
