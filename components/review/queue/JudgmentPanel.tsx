"use client";
/**
 * The judgment under review, in the pair's terms: the verdict and its strength, each dimension's answer, the rationale,
 * the time on task, which side the expert saw plan A on, when, by whom (pseudonymous to reviewers), and the comments.
 */
import { dimensionAnswerText, verdictText, type ReviewItem } from "@/lib/review/browser";
import { dateTime, duration } from "../../format";

export function JudgmentPanel({ item }: { item: ReviewItem }) {
  return (
    <section className="review-judgment" aria-label="The judgment">
      <p className="review-verdict">
        <strong data-testid="review-verdict">{verdictText(item.verdict, item.strength)}</strong>
        <span className="muted small">
          {" "}
          · by {item.expert} · {duration(item.timeOnTaskMs)} on task · {dateTime(item.submittedAt)} · saw plan{" "}
          {item.leftPlan} on the left
        </span>
      </p>
      {item.dimensionsAsked.length > 0 && (
        <ul className="review-dimensions" aria-label="Per dimension">
          {item.dimensionsAsked.map((d) => (
            <li key={d.key}>
              <span className="muted">{d.name}:</span> {dimensionAnswerText(item.dimensions?.[d.key])}
            </li>
          ))}
        </ul>
      )}
      <blockquote className="review-rationale" data-testid="review-rationale">
        {item.rationale}
      </blockquote>
      {item.comments.length > 0 && (
        <ul className="review-comments small" aria-label="Comments">
          {item.comments.map((c) => (
            <li key={c.at}>
              <span className="muted">
                {c.mine ? "You" : "A reviewer"}, {dateTime(c.at)}:
              </span>{" "}
              {c.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
