"use client";
/**
 * Per-dimension verdicts above the overall one: a compact grid (two or three dimensions a line, so four to six keep
 * the maps in view on a laptop), one row active at a time. Keys on the active row: 1/A and 2/B pick a side, S or =
 * about the same, 0/N not applicable; where the pair asks how much better, 1–3 then give the strength; ↑/↓ move
 * between rows. Answering moves on to the next row, and after the last to the overall verdict.
 */
import { useTranslations } from "next-intl";
import type { DimensionChoice, DimensionView } from "@/lib/results/dimensions/browser";
import { onRadioKeys, radioTabIndex } from "./radios";

export interface DimensionDraft {
  choice: DimensionChoice;
  strength: 1 | 2 | 3 | null;
}

/** `title` is a message key (Judge.dims.*); so is `label` where it is a word. */
const OPTIONS: { choice: DimensionChoice; label: string; title: string; key: string }[] = [
  { choice: "left", label: "A", title: "left", key: "1" },
  { choice: "same", label: "≈", title: "same", key: "S" },
  { choice: "right", label: "B", title: "right", key: "2" },
  { choice: "na", label: "naLabel", title: "na", key: "0" },
];

/** Whether a dimension's answer is complete: a choice, and a strength with a side where strength is asked. */
export function dimensionDone(d: DimensionDraft | undefined, askStrength: boolean): boolean {
  if (!d) return false;
  return !askStrength || (d.choice !== "left" && d.choice !== "right") || d.strength !== null;
}

export function allowedChoices(d: Pick<DimensionView, "allowSame" | "allowNotApplicable">): DimensionChoice[] {
  return OPTIONS.map((o) => o.choice).filter((c) =>
    c === "same" ? d.allowSame : c === "na" ? d.allowNotApplicable : true,
  );
}

export function DimensionsPanel(p: {
  dimensions: DimensionView[];
  answers: Record<string, DimensionDraft>;
  askStrength: boolean;
  /** The active row (dimensions.length: the overall verdict). */
  active: number;
  onActivate: (i: number) => void;
  onChoice: (key: string, c: DimensionChoice) => void;
  onStrength: (key: string, s: 1 | 2 | 3) => void;
}) {
  const t = useTranslations("Judge.dims");
  return (
    <div className="verdict-dimensions" role="group" aria-label={t("group")}>
      {p.dimensions.map((d, i) => {
        const a = p.answers[d.key];
        const sided = a?.choice === "left" || a?.choice === "right";
        const allowed = allowedChoices(d);
        return (
          <div
            key={d.key}
            className={`dimension${i === p.active ? " active" : ""}${dimensionDone(a, p.askStrength) ? " done" : ""}`}
            data-dimension={d.key}
            onClick={() => p.onActivate(i)}
          >
            <span className="dimension-name" title={d.description || undefined}>
              {d.name}
            </span>
            <span className="dimension-choices" role="radiogroup" aria-label={d.name} onKeyDown={onRadioKeys}>
              {OPTIONS.filter((o) => allowed.includes(o.choice)).map((o, oi) => (
                <button
                  key={o.choice}
                  type="button"
                  role="radio"
                  aria-checked={a?.choice === o.choice}
                  tabIndex={radioTabIndex(a?.choice === o.choice, oi === 0, !a)}
                  title={t(o.title)}
                  className={`dim-choice dim-${o.choice}${a?.choice === o.choice ? " on" : ""}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    p.onChoice(d.key, o.choice);
                  }}
                >
                  {o.label === "naLabel" ? t("naLabel") : o.label}
                </button>
              ))}
            </span>
            {p.askStrength && sided && (
              <span
                className="dimension-strength"
                role="radiogroup"
                aria-label={t("howMuch", { dimension: d.name })}
                onKeyDown={onRadioKeys}
              >
                {([1, 2, 3] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    role="radio"
                    aria-checked={a?.strength === s}
                    tabIndex={radioTabIndex(a?.strength === s, s === 1, a?.strength == null)}
                    title={t("strength", { plan: a?.choice === "left" ? "A" : "B", strength: s })}
                    className={`dim-strength${a?.strength === s ? " on" : ""}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      p.onStrength(d.key, s);
                    }}
                  >
                    {s}
                  </button>
                ))}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
