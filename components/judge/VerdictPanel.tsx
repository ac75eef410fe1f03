"use client";
/** A, B or Neither, a rationale, submit. Keys: 1/a, 2/b, 0/n choose; Enter submits when valid; ? help. */
import { forwardRef } from "react";
import type { Choice } from "@/lib/assignment/policy";

export interface VerdictPanelProps {
  choice: Choice | null;
  rationale: string;
  minLength: number;
  busy: boolean;
  error: string | null;
  onChoice: (c: Choice) => void;
  onRationale: (text: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
  onHelp: () => void;
}

const OPTIONS: { choice: Choice; label: string; keys: string }[] = [
  { choice: "left", label: "A is better", keys: "1 / A" },
  { choice: "right", label: "B is better", keys: "2 / B" },
  { choice: "neither", label: "Neither is satisfactory", keys: "0 / N" },
];

export const VerdictPanel = forwardRef<HTMLTextAreaElement, VerdictPanelProps>(function VerdictPanel(p, ref) {
  const remaining = Math.max(0, p.minLength - p.rationale.trim().length);
  const valid = p.choice !== null && remaining === 0;
  return (
    <section className="verdict" aria-label="Your verdict">
      <div className="verdict-choices" role="radiogroup" aria-label="Which plan is better?">
        {OPTIONS.map((o) => (
          <button
            key={o.choice}
            type="button"
            role="radio"
            aria-checked={p.choice === o.choice}
            className={`choice choice-${o.choice}${p.choice === o.choice ? " on" : ""}`}
            onClick={() => p.onChoice(o.choice)}
          >
            {o.label} <kbd>{o.keys}</kbd>
          </button>
        ))}
      </div>
      <label className="verdict-rationale">
        <span>
          Rationale{" "}
          {remaining > 0 ? (
            <span className="muted">
              ({remaining} more character{remaining === 1 ? "" : "s"} needed)
            </span>
          ) : (
            <span className="ok">✓</span>
          )}
        </span>
        <textarea
          ref={ref}
          value={p.rationale}
          onChange={(e) => p.onRationale(e.target.value)}
          rows={2}
          maxLength={10000}
          placeholder="Why? Routes, timing, opening hours, hotels, the traveller's wishes… (Enter submits, Shift+Enter for a new line)"
        />
      </label>
      <div className="verdict-actions">
        <button type="button" className="btn primary" disabled={!valid || p.busy} onClick={p.onSubmit}>
          {p.busy ? "Submitting…" : "Submit"} <kbd>Enter</kbd>
        </button>
        <button type="button" className="btn" onClick={p.onSkip}>
          Skip…
        </button>
        <button type="button" className="btn-link" onClick={p.onHelp}>
          Shortcuts <kbd>?</kbd>
        </button>
        {p.error && (
          <p role="alert" className="error">
            {p.error}
          </p>
        )}
      </div>
    </section>
  );
});
