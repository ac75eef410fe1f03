"use client";
/**
 * A reviewer's actions on one judgment: accept, reject with a reason (the expert reads it; the judgment leaves every
 * figure and its slot reopens), comment. Hosted by the review queue (with its keys: A accepts, X opens the reason, C
 * the comment, Enter in the box sends it, Esc leaves it) and by any page that shows a judgment (without keys).
 */
import { useTranslations } from "next-intl";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import {
  REVIEW_TEXT_MAX,
  type ReviewActionAnswer,
  type ReviewActionInput,
  type ReviewStatus,
} from "@/lib/review/browser";
import { api } from "../../api";
import { useErrorText } from "../../i18n";
import { typingIn } from "@/components/keyboard";

type Mode = "reject" | "comment";

export function ReviewActions({
  judgmentId,
  status,
  keys = false,
  label,
  onDone,
}: {
  judgmentId: string;
  status: ReviewStatus;
  /** Bind the keys (the queue); a page with other keys of its own leaves them off. */
  keys?: boolean;
  /** The section's name (a page with several judgments names each); "Review actions" unless given. */
  label?: string;
  /** After an action was stored (or found done already): the answer and which action it was. */
  onDone?: (answer: ReviewActionAnswer, action: ReviewActionInput["action"]) => void;
}) {
  const t = useTranslations("Review.actions");
  const errorText = useErrorText();
  const [mode, setMode] = useState<Mode | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const rejected = status === "rejected";

  const send = useCallback(
    async (input: ReviewActionInput) => {
      if (busy) return;
      setBusy(true);
      setError(null);
      try {
        const answer = await api<ReviewActionAnswer>(`/api/review/judgments/${encodeURIComponent(judgmentId)}`, {
          json: input,
        });
        setMode(null);
        setText("");
        onDone?.(answer, input.action);
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [busy, judgmentId, onDone, errorText],
  );
  const accept = useCallback(() => void send({ action: "accept" }), [send]);
  const open = useCallback((m: Mode) => {
    setMode(m);
    setError(null);
    // The box exists after this render: focus it then.
    requestAnimationFrame(() => box.current?.focus());
  }, []);
  const submitText = useCallback(() => {
    const words = text.trim();
    if (words.length < 3) {
      setError(t(mode === "reject" ? "sayWhy" : "fewWords"));
      return;
    }
    void send(mode === "reject" ? { action: "reject", reason: words } : { action: "comment", text: words });
  }, [mode, send, text, t]);

  // Bound before paint, as the judging screen's keys are: a key pressed as a new judgment shows meets its handler.
  useLayoutEffect(() => {
    if (!keys || rejected) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target === box.current) {
        if (e.key === "Enter" && !e.shiftKey) {
          e.preventDefault();
          submitText();
        } else if (e.key === "Escape") {
          setMode(null);
          box.current?.blur();
        }
        return;
      }
      if (typingIn(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const k = e.key.toLowerCase();
      if (k === "a" && !mode) {
        e.preventDefault();
        accept();
      } else if (k === "x") {
        e.preventDefault();
        open("reject");
      } else if (k === "c") {
        e.preventDefault();
        open("comment");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [keys, rejected, mode, accept, open, submitText]);

  if (rejected)
    return (
      <p className="review-status rejected" data-testid="review-status">
        {t("rejectedNote")}
      </p>
    );
  return (
    <section className="review-actions" aria-label={label ?? t("region")} data-judgment={judgmentId}>
      <p className={`review-status ${status}`} data-testid="review-status">
        {t(`status.${status}`)}
      </p>
      <div className="verdict-actions">
        <button type="button" className="btn primary" onClick={accept} disabled={busy || status === "accepted"}>
          {t("accept")} {keys && <kbd>A</kbd>}
        </button>
        <button
          type="button"
          className={`btn danger${mode === "reject" ? " on" : ""}`}
          onClick={() => open("reject")}
          disabled={busy}
        >
          {t("reject")} {keys && <kbd>X</kbd>}
        </button>
        <button
          type="button"
          className={`btn${mode === "comment" ? " on" : ""}`}
          onClick={() => open("comment")}
          disabled={busy}
        >
          {t("comment")} {keys && <kbd>C</kbd>}
        </button>
      </div>
      {mode && (
        <form
          className="review-text"
          onSubmit={(e) => {
            e.preventDefault();
            submitText();
          }}
        >
          <label>
            {t(mode === "reject" ? "reasonLabel" : "commentLabel")}
            <textarea
              ref={box}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              rows={2}
              onChange={(e) => {
                setText(e.target.value);
                if (error && e.target.value.trim().length >= 3) setError(null);
              }}
              aria-invalid={!!error}
            />
          </label>
          {text.length > REVIEW_TEXT_MAX * 0.9 && (
            <p className="muted" aria-live="polite">
              {t("length", { n: String(text.length), max: String(REVIEW_TEXT_MAX) })}
            </p>
          )}
          <div className="verdict-actions">
            <button type="submit" className={`btn ${mode === "reject" ? "danger" : "primary"}`} disabled={busy}>
              {t(mode === "reject" ? "rejectSubmit" : "commentSubmit")} {keys && <kbd>Enter</kbd>}
            </button>
            <button type="button" className="btn" onClick={() => setMode(null)}>
              {t("cancel")} {keys && <kbd>Esc</kbd>}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
