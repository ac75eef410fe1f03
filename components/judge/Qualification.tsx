"use client";
/** Quality control on the comparison screen: the qualification banner, the right answer after each qualification pair, and why nothing is served. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { NextPairAnswer, SubmitAnswer } from "@/lib/judging/browser";
import { SIDE_LABEL } from "./style";

type Feedback = NonNullable<SubmitAnswer["feedback"]>;
type Qualification = NonNullable<NextPairAnswer["qualification"]>;

export function QualificationBanner({ q }: { q: Qualification }) {
  const t = useTranslations("Judge.qual");
  return (
    <p className="qualification-banner" data-testid="qualification-banner">
      {t.rich("banner", {
        n: Math.min(q.answered + 1, q.length),
        total: q.length,
        pass: Math.round(q.passMark * 100),
        strong: (chunks) => <strong>{chunks}</strong>,
      })}
    </p>
  );
}

export function FeedbackPanel({ feedback, onNext }: { feedback: Feedback; onNext: () => void }) {
  const t = useTranslations("Judge.qual");
  const answerText = (a: Feedback["answer"]) => (a === "neither" ? t("neither") : t("plan", { plan: SIDE_LABEL[a] }));
  const d = feedback.defect;
  // The defect's own sentence (lib/quality/gold) names places of the plan and stays as the server wrote it.
  const defect = d && (t.has(`defects.${d.kind}`) ? t(`defects.${d.kind}`) : d.kind);
  return (
    <section
      className={`verdict feedback ${feedback.correct ? "right" : "wrong"}`}
      aria-label={t("region")}
      data-testid="qualification-feedback"
    >
      <h2>
        {feedback.correct ? t("right") : t("notQuite")} {t("better", { answer: answerText(feedback.answer) })}
      </h2>
      {d ? (
        <p>
          {t("defect", { plan: SIDE_LABEL[d.side], defect: defect ?? d.kind, message: d.message })}
          {d.day !== null && d.item !== null ? t("marked") : ""}
        </p>
      ) : (
        <p>{t("allChose", { answer: answerText(feedback.answer) })}</p>
      )}
      <p className="muted small">
        {t("done", { answered: feedback.answered, total: feedback.length })}
        {feedback.passed === true && t("passed")}
        {feedback.passed === false && t("failed")}
      </p>
      <div className="verdict-actions">
        <button className="btn primary" type="button" onClick={onNext} autoFocus>
          {feedback.passed === null ? t("next") : t("continue")} ⏎
        </button>
      </div>
    </section>
  );
}

export function StandingNotice({ standing }: { standing: NonNullable<NextPairAnswer["standing"]> }) {
  const t = useTranslations("Judge");
  const title = t(`standing.${standing.state}.title`);
  const text = t(`standing.${standing.state}.text`);
  return (
    <main className="page">
      <h1>{title}</h1>
      <p data-testid="standing-notice">{text}</p>
      {standing.note && <p className="muted small">{standing.note}</p>}
      <Link href="/expert">{t("back")}</Link>
    </main>
  );
}
