/**
 * Every judgment of the pair, in slot order: its expert, verdict and strength, dimension answers (all in the pair's
 * terms), rationale, time on task and the screen side (which plan the expert saw on the left).
 */
import type { PairDetail, PairJudgment } from "@/lib/review/browser";
import { dateTime } from "../../format";
import { DIMENSION_WORD, STRENGTH_WORD, VERDICT_WORD, duration, personName } from "./words";

function JudgmentCard({ d, j }: { d: PairDetail; j: PairJudgment }) {
  const dims = d.dataset.dimensions.filter((x) => j.dimensions?.[x.key]);
  return (
    <article className="judgment" aria-label={`Judgment ${j.slot}`} data-testid="judgment">
      <header>
        <span className="judgment-slot">Slot {j.slot}</span>
        <strong className="judgment-expert">{personName(d, j.who)}</strong>
      </header>
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
    </article>
  );
}

export function Judgments({ d }: { d: PairDetail }) {
  const { judgments: js, pair } = d;
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
            <JudgmentCard key={j.id} d={d} j={j} />
          ))}
        </div>
      )}
    </section>
  );
}
