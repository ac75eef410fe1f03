"use client";
/**
 * The dimensions first where the pair asks for them (DimensionsPanel), then A, B or Neither (and how much better,
 * where the pair asks), a rationale, submit. Keys: 1/a, 2/b, 0/n choose; 1–3 give the strength after A or B;
 * Enter submits when valid; R goes to the rationale; K skips; ? help.
 */
import { useTranslations } from "next-intl";
import { forwardRef, useId, type ComponentProps } from "react";
import type { Choice } from "@/lib/judging/verdict/browser";
import type { DimensionView } from "@/lib/results/dimensions/browser";
import { DimensionsPanel, dimensionDone } from "./DimensionsPanel";
import { onRadioKeys, radioTabIndex } from "./radios";

type DimensionsProps = Omit<ComponentProps<typeof DimensionsPanel>, "dimensions" | "askStrength"> & {
  list: DimensionView[];
};

export interface VerdictPanelProps {
  choice: Choice | null;
  askStrength: boolean;
  /** The pair's dimensions and the expert's answers; null where the pair asks none. */
  dimensions: DimensionsProps | null;
  strength: 1 | 2 | 3 | null;
  onStrength: (s: 1 | 2 | 3) => void;
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

/** Labels are message keys (Judge.verdict.*). */
const OPTIONS: { choice: Choice; label: string; keys: string }[] = [
  { choice: "left", label: "aBetter", keys: "1 / A" },
  { choice: "right", label: "bBetter", keys: "2 / B" },
  { choice: "neither", label: "neither", keys: "0 / N" },
];

const STRENGTHS: { value: 1 | 2 | 3; label: string }[] = [
  { value: 1, label: "slightly" },
  { value: 2, label: "clearly" },
  { value: 3, label: "decisively" },
];

export const VerdictPanel = forwardRef<HTMLTextAreaElement, VerdictPanelProps>(function VerdictPanel(p, ref) {
  const t = useTranslations("Judge.verdict");
  const remaining = Math.max(0, p.minLength - p.rationale.trim().length);
  const sided = p.choice === "left" || p.choice === "right";
  const needsStrength = p.askStrength && sided;
  const dims = p.dimensions;
  const open = dims ? dims.list.filter((d) => !dimensionDone(dims.answers[d.key], p.askStrength)).length : 0;
  const valid = open === 0 && p.choice !== null && (!needsStrength || p.strength !== null) && remaining === 0;
  const overallActive = !dims || dims.active >= dims.list.length;
  const strengthLabel = useId();
  return (
    <section className={`verdict${dims ? " with-dimensions" : ""}`} aria-label={t("region")}>
      {dims && (
        <DimensionsPanel
          dimensions={dims.list}
          answers={dims.answers}
          askStrength={p.askStrength}
          active={dims.active}
          onActivate={dims.onActivate}
          onChoice={dims.onChoice}
          onStrength={dims.onStrength}
        />
      )}
      <div
        className={`verdict-pick${dims ? (overallActive ? " active" : " waiting") : ""}`}
        onClick={dims && !overallActive ? () => dims.onActivate(dims.list.length) : undefined}
      >
        {dims && (
          <span className="verdict-overall small">
            {t("overall")} {open > 0 && <span className="muted">{t("dimensionsFirst", { count: open })}</span>}
          </span>
        )}
        <div className="verdict-choices" role="radiogroup" aria-label={t("which")} onKeyDown={onRadioKeys}>
          {OPTIONS.map((o, i) => (
            <button
              key={o.choice}
              type="button"
              role="radio"
              aria-checked={p.choice === o.choice}
              tabIndex={radioTabIndex(p.choice === o.choice, i === 0, p.choice === null)}
              className={`choice choice-${o.choice}${p.choice === o.choice ? " on" : ""}`}
              onClick={() => p.onChoice(o.choice)}
            >
              {t(o.label)} <kbd>{o.keys}</kbd>
            </button>
          ))}
        </div>
        {needsStrength && (
          <div className="verdict-strength" role="radiogroup" aria-labelledby={strengthLabel} onKeyDown={onRadioKeys}>
            <span id={strengthLabel}>
              {t("howMuch", { plan: p.choice === "left" ? "A" : "B" })}{" "}
              {p.strength === null && <span className="muted">{t("press123")}</span>}
            </span>
            {STRENGTHS.map((s, i) => (
              <button
                key={s.value}
                type="button"
                role="radio"
                aria-checked={p.strength === s.value}
                tabIndex={radioTabIndex(p.strength === s.value, i === 0, p.strength === null)}
                className={`choice strength${p.strength === s.value ? " on" : ""}`}
                onClick={() => p.onStrength(s.value)}
              >
                {t(s.label)} <kbd>{s.value}</kbd>
              </button>
            ))}
          </div>
        )}
      </div>
      <label className="verdict-rationale">
        <span>
          {t("rationale")}{" "}
          {remaining > 0 ? (
            <span className="muted">{t("moreNeeded", { count: remaining })}</span>
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
          placeholder={t("placeholder")}
        />
      </label>
      <div className="verdict-actions">
        <button type="button" className="btn primary" disabled={!valid || p.busy} onClick={p.onSubmit}>
          {p.busy ? t("submitting") : t("submit")} <kbd>Enter</kbd>
        </button>
        <button type="button" className="btn" onClick={p.onSkip}>
          {t("skip")} <kbd>K</kbd>
        </button>
        <button type="button" className="btn-link" onClick={p.onHelp}>
          {t("shortcuts")} <kbd>?</kbd>
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
