/** The comparison screen's keyboard: 1/A, 2/B, 0/N choose; Enter submits; ? shows the help; Esc leaves a field or the help. */
import { useEffect, type RefObject } from "react";
import type { Choice } from "@/lib/assignment/policy";

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

export function useShortcuts(o: {
  rationale: RefObject<HTMLTextAreaElement | null>;
  canSubmit: boolean;
  choose: (c: Choice) => void;
  submit: () => void;
  toggleHelp: () => void;
  closeHelp: () => void;
}) {
  const { rationale, canSubmit, choose, submit, toggleHelp, closeHelp } = o;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const inText =
        e.target instanceof HTMLTextAreaElement ||
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLSelectElement;
      if (inText) {
        if (e.key === "Enter" && !e.shiftKey && e.target === rationale.current) {
          e.preventDefault();
          submit();
        } else if (e.key === "Escape") (e.target as HTMLElement).blur();
        return;
      }
      if (CHOICE_KEYS[e.key]) {
        e.preventDefault();
        choose(CHOICE_KEYS[e.key]);
      } else if (e.key === "?") toggleHelp();
      else if (e.key === "Escape") closeHelp();
      else if (e.key === "Enter" && canSubmit) {
        e.preventDefault();
        submit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rationale, canSubmit, choose, submit, toggleHelp, closeHelp]);
}
