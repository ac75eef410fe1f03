"use client";
/** Quality control on the comparison screen: the qualification banner, the right answer after each qualification pair, and why nothing is served. */
import Link from "next/link";
import type { NextPairAnswer, SubmitAnswer } from "@/lib/judging/browser";
import { DEFECT_LABELS, type DefectKind } from "@/lib/quality/gold/browser";
import { SIDE_LABEL } from "./style";

type Feedback = NonNullable<SubmitAnswer["feedback"]>;
type Qualification = NonNullable<NextPairAnswer["qualification"]>;

export function QualificationBanner({ q }: { q: Qualification }) {
  return (
    <p className="qualification-banner" data-testid="qualification-banner">
      <strong>Qualification</strong> — pair {Math.min(q.answered + 1, q.length)} of {q.length}. After each pair you see
      the right answer and why; get {Math.round(q.passMark * 100)} % right to start on real pairs.
    </p>
  );
}

const answerText = (a: Feedback["answer"]) => (a === "neither" ? "Neither" : `Plan ${SIDE_LABEL[a]}`);

export function FeedbackPanel({ feedback, onNext }: { feedback: Feedback; onNext: () => void }) {
  const d = feedback.defect;
  return (
    <section
      className={`verdict feedback ${feedback.correct ? "right" : "wrong"}`}
      aria-label="Qualification feedback"
      data-testid="qualification-feedback"
    >
      <h2>
        {feedback.correct ? "Right." : "Not quite."} The better plan is {answerText(feedback.answer)}.
      </h2>
      {d ? (
        <p>
          Plan {SIDE_LABEL[d.side]} has {DEFECT_LABELS[d.kind as DefectKind] ?? d.kind}: {d.message}.
          {d.day !== null && d.item !== null ? " It is marked on that plan's map and timeline." : ""}
        </p>
      ) : (
        <p>All the experts who judged this pair chose {answerText(feedback.answer)}.</p>
      )}
      <p className="muted small">
        {feedback.answered} of {feedback.length} qualification pairs done.
        {feedback.passed === true && " You passed: real pairs come next."}
        {feedback.passed === false && " You did not reach the pass mark; an admin will look at your answers."}
      </p>
      <div className="verdict-actions">
        <button className="btn primary" type="button" onClick={onNext} autoFocus>
          {feedback.passed === null ? "Next qualification pair" : "Continue"} ⏎
        </button>
      </div>
    </section>
  );
}

const STANDING_TEXT: Record<string, [string, string]> = {
  PAUSED: [
    "Your judging is paused",
    "Several of your recent answers on pairs with a known answer were wrong, so we paused your queue while an admin reviews it. You will be told when it resumes.",
  ],
  QUALIFICATION_FAILED: [
    "Qualification not passed",
    "You did not reach the pass mark of the qualification set. An admin will review your answers and may let you continue.",
  ],
  QUALIFYING: [
    "Your qualification set is not ready",
    "There are not yet enough qualification pairs for your destinations. An admin can add more, or let you start on real pairs.",
  ],
};

export function StandingNotice({ standing }: { standing: NonNullable<NextPairAnswer["standing"]> }) {
  const [title, text] = STANDING_TEXT[standing.state];
  return (
    <main className="page">
      <h1>{title}</h1>
      <p data-testid="standing-notice">{text}</p>
      {standing.note && <p className="muted small">{standing.note}</p>}
      <Link href="/expert">Back to your pairs</Link>
    </main>
  );
}
