"use client";
/**
 * Every judgment of the pair, in slot order: its expert, verdict and strength, dimension answers (all in the pair's
 * terms), rationale, time on task and the screen side (which plan the expert saw on the left), with the review
 * actions (accept, reject with a reason, comment; the page reads the pair again after each); then the judgments
 * reviewers rejected, marked, with who rejected them and why (they count in no figure).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { PairDetail, PairJudgment, PairRejectedJudgment } from "@/lib/review/browser";
import { ReviewActions } from "../actions/ReviewActions";
import { KEYS } from "../../keys";
import { useFormat } from "../../format";
import { useWords } from "./words";

function JudgmentCard({
  d,
  j,
  children,
}: {
  d: PairDetail;
  j: PairJudgment | PairRejectedJudgment;
  children?: React.ReactNode;
}) {
  const t = useTranslations("Pairs.judgments");
  const w = useWords(d);
  const f = useFormat();
  const dims = d.dataset.dimensions.filter((x) => j.dimensions?.[x.key]);
  const rejected = "reason" in j;
  return (
    <article
      className={`judgment${rejected ? " judgment-rejected" : ""}`}
      aria-label={t(rejected ? "rejectedOf" : "judgment", { slot: j.slot })}
      data-testid={rejected ? "rejected-judgment" : "judgment"}
      data-judgment={j.id}
    >
      <header>
        <span className="judgment-slot">{t("slot", { slot: j.slot })}</span>
        <strong className="judgment-expert">{w.person(j.who)}</strong>
        {rejected && <span className="badge rejected-tag">{t("rejectedTag")}</span>}
      </header>
      {rejected && (
        <p className="judgment-rejection typed" data-testid="rejection">
          {t("rejectedBy", { who: w.person(j.rejectedBy), date: f.dateTime(j.rejectedAt), reason: j.reason })}
        </p>
      )}
      <p className="judgment-verdict">
        <span className={`verdict-tag verdict-${j.verdict.toLowerCase()}`}>{w.verdict(j.verdict)}</span>
        {j.strength !== null && <span> {t("better", { strength: w.strength(j.strength) })}</span>}
      </p>
      {dims.length > 0 && (
        <dl className="judgment-dimensions">
          {dims.map((x) => {
            const a = j.dimensions![x.key];
            return (
              <div key={x.key}>
                <dt>{x.name}</dt>
                <dd>
                  {w.dimension(a.v)}
                  {a.s ? ` (${w.strength(a.s)})` : ""}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <blockquote className="judgment-rationale">{j.rationale}</blockquote>
      <p className="muted small">
        {t("meta", { time: w.duration(j.timeOnTaskMs), plan: j.leftPlan, date: f.dateTime(j.submittedAt) })}
      </p>
      {"comments" in j && j.comments.length > 0 && (
        <ul className="judgment-comments" aria-label={t("comments")}>
          {j.comments.map((c, i) => (
            <li key={i} className="typed" data-testid="review-comment">
              {t("comment", { who: w.person(c.by), date: f.dateTime(c.at), text: c.text })}
            </li>
          ))}
        </ul>
      )}
      {children}
    </article>
  );
}

export function Judgments({ d }: { d: PairDetail }) {
  const t = useTranslations("Pairs.judgments");
  const { judgments: js, pair, rejected } = d;
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: KEYS.pair });
  return (
    <section className="card" aria-labelledby="pair-judgments-title">
      <h2 id="pair-judgments-title">
        {t("title")}{" "}
        <span className="muted small">{t("ofRaters", { count: js.length, required: pair.requiredRaters })}</span>
      </h2>
      {js.length === 0 ? (
        <p className="muted">{t(pair.claimed ? "noneClaimed" : "none")}</p>
      ) : (
        <div className="judgments">
          {js.map((j) => (
            <JudgmentCard key={j.id} d={d} j={j}>
              <ReviewActions
                judgmentId={j.id}
                status={j.review}
                label={t("reviewOf", { slot: j.slot })}
                onDone={refresh}
              />
            </JudgmentCard>
          ))}
        </div>
      )}
      {rejected.length > 0 && (
        <>
          <h3 className="rejected-title">
            {t("rejected")} <span className="muted small">{t("rejectedNote", { count: rejected.length })}</span>
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
