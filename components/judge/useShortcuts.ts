/**
 * The comparison screen's keyboard: 1/A, 2/B, 0/N choose; where the pair asks how much better, 1–3 then give the
 * strength of a chosen A or B (A and B letters still switch sides); Enter submits; ? shows the help; Esc leaves a
 * field or the help. Where the pair asks per-dimension verdicts, the same keys answer the active dimension row
 * (S or = about the same, 0/N not applicable) and ↑/↓ move between the rows and the overall verdict. R moves into
 * the rationale (the Tab way passes every control above it), K opens the skip dialog. A choice (or strength) key
 * itself moves into the rationale; an R pressed next is that same shortcut, so it is not typed there.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";
import type { Choice } from "@/lib/judging/verdict/browser";
import type { DimensionChoice } from "@/lib/results/dimensions/browser";
import { typingIn } from "@/components/keyboard";

const CHOICE_KEYS: Record<string, Choice> = {
  "1": "left",
  a: "left",
  A: "left",
  "2": "right",
  b: "right",
  B: "right",
  "0": "neither",
  n: "neither",
  N: "neither",
};

const STRENGTH_KEYS: Record<string, 1 | 2 | 3> = { "1": 1, "2": 2, "3": 3 };

const DIMENSION_KEYS: Record<string, DimensionChoice> = {
  "1": "left",
  a: "left",
  A: "left",
  "2": "right",
  b: "right",
  B: "right",
  s: "same",
  S: "same",
  "=": "same",
  "0": "na",
  n: "na",
  N: "na",
};

/** The active dimension row's keys, when a dimension (not the overall verdict) is active. */
export interface DimensionKeys {
  /** Digits give this dimension's strength now: strength is asked and a side is chosen. */
  strengthKeys: boolean;
  choose: (c: DimensionChoice) => void;
  setStrength: (s: 1 | 2 | 3) => void;
}

export function useShortcuts(o: {
  rationale: RefObject<HTMLTextAreaElement | null>;
  canSubmit: boolean;
  /** Digits give the strength now: the pair asks for one and A or B is chosen. */
  strengthKeys: boolean;
  choose: (c: Choice) => void;
  setStrength: (s: 1 | 2 | 3) => void;
  submit: () => void;
  toggleHelp: () => void;
  closeHelp: () => void;
  /** Opens the skip dialog. */
  skip: () => void;
  /** The active dimension row, or null when the overall verdict is active (or the pair asks no dimensions). */
  dimension?: DimensionKeys | null;
  /** Moves the active row (↑ −1, ↓ +1); absent without dimensions. */
  move?: (delta: 1 | -1) => void;
}) {
  const {
    rationale,
    canSubmit,
    strengthKeys,
    choose,
    setStrength,
    submit,
    toggleHelp,
    closeHelp,
    skip,
    dimension,
    move,
  } = o;
  // The rationale got the focus from a shortcut and no key has reached it since: the documented "1, then R" must
  // not type an "r" (kept across re-binds, as a choice re-renders the screen before the next key).
  const movedIn = useRef(false);
  // Bound before the browser paints: a key pressed as soon as a new pair shows must meet that pair's handler, not
  // the last frame's (an effect bound after paint lost such a key in CI).
  useLayoutEffect(() => {
    /** Runs a shortcut; if it moved the focus into the rationale, the next R there is the shortcut again. */
    const moving = (run: () => void) => {
      const before = document.activeElement;
      run();
      if (document.activeElement === rationale.current && before !== rationale.current) movedIn.current = true;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const inText = typingIn(e.target);
      const justMovedIn = movedIn.current;
      movedIn.current = false;
      if (inText) {
        if (justMovedIn && e.target === rationale.current && (e.key === "r" || e.key === "R")) {
          // "Focus the rationale": it is focused already; the key is not text.
          e.preventDefault();
          return;
        }
        if (e.key === "Enter" && !e.shiftKey && e.target === rationale.current) {
          e.preventDefault();
          submit();
        } else if (e.key === "Escape") (e.target as HTMLElement).blur();
        return;
      }
      // Enter on a focused button or link is that control's (the qualification feedback's "Next" has the focus): a
      // press that lands before this handler is re-bound must not submit again and swallow the click.
      if (e.key === "Enter" && (e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)) return;
      if (e.key === "r" || e.key === "R") {
        // Not typed into the field it opens.
        e.preventDefault();
        closeHelp();
        rationale.current?.focus();
      } else if (e.key === "k" || e.key === "K") {
        e.preventDefault();
        closeHelp();
        skip();
      } else if (move && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
        e.preventDefault();
        move(e.key === "ArrowDown" ? 1 : -1);
      } else if (dimension && (DIMENSION_KEYS[e.key] || STRENGTH_KEYS[e.key])) {
        e.preventDefault();
        if (dimension.strengthKeys && STRENGTH_KEYS[e.key]) dimension.setStrength(STRENGTH_KEYS[e.key]);
        else if (DIMENSION_KEYS[e.key]) dimension.choose(DIMENSION_KEYS[e.key]);
      } else if (strengthKeys && STRENGTH_KEYS[e.key]) {
        e.preventDefault();
        moving(() => setStrength(STRENGTH_KEYS[e.key]));
      } else if (CHOICE_KEYS[e.key]) {
        e.preventDefault();
        moving(() => choose(CHOICE_KEYS[e.key]));
      } else if (e.key === "?") toggleHelp();
      else if (e.key === "Escape") closeHelp();
      else if (e.key === "Enter" && canSubmit) {
        e.preventDefault();
        submit();
      }
    };
    // Once the focus leaves the rationale, or a pointer is used, an R there is text again.
    const forget = () => (movedIn.current = false);
    const left = (e: FocusEvent) => e.target === rationale.current && forget();
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", forget);
    window.addEventListener("focusout", left);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", forget);
      window.removeEventListener("focusout", left);
    };
  }, [rationale, canSubmit, strengthKeys, choose, setStrength, submit, toggleHelp, closeHelp, skip, dimension, move]);
}
