"use client";
/**
 * Every judgment of the pair, in slot order: its expert, verdict and strength, dimension answers (all in the pair's
 * terms), rationale, time on task and the screen side (which plan the expert saw on the left), with the review
 * actions (accept, reject with a reason, comment; the page reads the pair again after each); then the judgments
 * reviewers rejected, marked, with who rejected them and why (they count in no figure).
 */
import { useQueryClient } from "@tanstack/react-query";
import type { PairDetail, PairJudgment, PairRejectedJudgment } from "@/lib/review/browser";
import { ReviewActions } from "../actions/ReviewActions";
import { KEYS } from "../../keys";
import { dateTime } from "../../format";
import { DIMENSION_WORD, STRENGTH_WORD, VERDICT_WORD, duration, personName } from "./words";

function JudgmentCard({
  d,
  j,
  children,
}: {
  d: PairDetail;
  j: PairJudgment | PairRejectedJudgment;
  children?: React.ReactNode;
}) {
  const dims = d.dataset.dimensions.filter((x) => j.dimensions?.[x.key]);
  const rejected = "reason" in j;
  return (
    <article
      className={`judgment${rejected ? " judgment-rejected" : ""}`}
      aria-label={rejected ? `Rejected judgment of slot ${j.slot}` : `Judgment ${j.slot}`}
      data-testid={rejected ? "rejected-judgment" : "judgment"}
      data-judgment={j.id}
    >
      <header>
        <span className="judgment-slot">Slot {j.slot}</span>
        <strong className="judgment-expert">{personName(d, j.who)}</strong>
        {rejected && <span className="badge rejected-tag">rejected</span>}
      </header>
      {rejected && (
        <p className="judgment-rejection" data-testid="rejection">
          Rejected by {personName(d, j.rejectedBy)} on {dateTime(j.rejectedAt)}: “{j.reason}”
        </p>
      )}
      <p className="judgment-verdict">
        <span className={`verdict-tag verdict-${j.verdict.toLowerCase()}`}>{VERDICT_WORD[j.verdict]}</span>
        {j.strength !== null && <span> {STRENGTH_WORD[j.strength]} better</span>}
      </p>
      {dims.length > 0 && (
        <dl className="judgment-dimensions">
          {dims.map((x) => {
            const a = j.dimensions![x.key];
            return (
              <div key={x.key}>
                <dt>{x.name}</dt>
                <dd>
                  {DIMENSION_WORD[a.v]}
                  {a.s ? ` (${STRENGTH_WORD[a.s]})` : ""}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <blockquote className="judgment-rationale">{j.rationale}</blockquote>
      <p className="muted small">
        {duration(j.timeOnTaskMs)} on task · saw plan {j.leftPlan} on the left · submitted {dateTime(j.submittedAt)}
      </p>
      {children}
    </article>
  );
}

export function Judgments({ d }: { d: PairDetail }) {
  const { judgments: js, pair, rejected } = d;
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: KEYS.pair });
  return (
    <section className="card" aria-labelledby="pair-judgments-title">
      <h2 id="pair-judgments-title">
        Judgments <span className="muted small">{`${js.length} of ${pair.requiredRaters} raters`}</span>
      </h2>
      {js.length === 0 ? (
        <p className="muted">No expert has judged this pair{pair.claimed ? " yet: it is claimed" : ""}.</p>
      ) : (
        <div className="judgments">
          {js.map((j) => (
            <JudgmentCard key={j.id} d={d} j={j}>
              <ReviewActions
                judgmentId={j.id}
                status={j.review}
                label={`Review of judgment ${j.slot}`}
                onDone={refresh}
              />
            </JudgmentCard>
          ))}
        </div>
      )}
      {rejected.length > 0 && (
        <>
          <h3 className="rejected-title">
            Rejected{" "}
            <span className="muted small">out of every figure and export; their slots went back to the experts</span>
          </h3>
          <div className="judgments">
            {rejected.map((j) => (
              <JudgmentCard key={j.id} d={d} j={j} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
