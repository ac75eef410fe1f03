/**
 * The correction screen's keyboard: ↑/↓ or k/j select, Shift+↑/↓ move within the day, Shift+←/→ to another
 * day, t times, r replace, i insert, h hotel, Del/x delete, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Esc closes
 * a form. Keys typed in a field stay the field's (Ctrl+Z there undoes the typing).
 */
import { useEffect, useRef } from "react";
import type { Mode } from "./ItemPanel";
import { typingIn } from "@/components/keyboard";

export interface CorrectionKeys {
  step: (delta: 1 | -1) => void;
  moveWithin: (delta: 1 | -1) => void;
  moveToDay: (delta: 1 | -1) => void;
  remove: () => void;
  undo: () => void;
  redo: () => void;
  setMode: (m: Exclude<Mode, null>) => void;
  closeMode: () => void;
  modeOpen: boolean;
}

export function useCorrectionKeys(o: CorrectionKeys) {
  const ref = useRef(o);
  useEffect(() => {
    ref.current = o;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const k = ref.current;
      if (typingIn(e.target)) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if ((e.ctrlKey || e.metaKey) && !e.altKey) {
        if (key === "z" && !e.shiftKey) k.undo();
        else if ((key === "z" && e.shiftKey) || key === "y") k.redo();
        else return;
        e.preventDefault();
        return;
      }
      if (e.altKey || e.metaKey) return;
      const act = (f: () => void) => {
        e.preventDefault();
        f();
      };
      if (e.shiftKey) {
        if (key === "ArrowUp" || key === "k") act(() => k.moveWithin(-1));
        else if (key === "ArrowDown" || key === "j") act(() => k.moveWithin(1));
        else if (key === "ArrowLeft") act(() => k.moveToDay(-1));
        else if (key === "ArrowRight") act(() => k.moveToDay(1));
        return;
      }
      if (key === "ArrowDown" || key === "j") act(() => k.step(1));
      else if (key === "ArrowUp" || key === "k") act(() => k.step(-1));
      else if (key === "Delete" || key === "Backspace" || key === "x") act(k.remove);
      else if (key === "t") act(() => k.setMode("retime"));
      else if (key === "r") act(() => k.setMode("replace"));
      else if (key === "i") act(() => k.setMode("insert"));
      else if (key === "h") act(() => k.setMode("hotel"));
      else if (key === "Escape" && k.modeOpen) act(k.closeMode);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
