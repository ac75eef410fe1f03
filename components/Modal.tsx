"use client";
/**
 * A modal dialog over a backdrop (the screens' shortcuts help, the skip dialog, the admin's confirmations): focus moves
 * in (the control marked autoFocus, else the first), Tab and Shift+Tab stay inside, Esc closes, a click on the
 * backdrop closes, and focus goes back to what had it when the dialog opened. The box scrolls when it is taller than
 * the window (200 % zoom).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside `box`, in order (of a radio group, only the checked one once one is). */
function tabbable(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    if (el instanceof HTMLInputElement && el.type === "radio" && !el.checked && el.name) {
      const group = box.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`);
      return ![...group].some((r) => r.checked);
    }
    return el.getClientRects().length > 0;
  });
}

export function Modal({
  onClose,
  label,
  labelledBy,
  className = "dialog",
  children,
}: {
  onClose: () => void;
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  // What had the focus when the dialog opened, read while rendering: a control inside marked autoFocus takes the
  // focus when the dialog is committed, before any effect runs.
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const el = box.current!;
    if (!el.contains(document.activeElement)) (tabbable(el)[0] ?? el).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== "Tab") return;
      const order = tabbable(el);
      if (!order.length) {
        e.preventDefault();
        return;
      }
      const at = order.indexOf(document.activeElement as HTMLElement);
      // Past either end (or from outside), round to the other end: focus never leaves the dialog.
      if (e.shiftKey && at <= 0) {
        e.preventDefault();
        order[order.length - 1].focus();
      } else if (!e.shiftKey && (at === -1 || at === order.length - 1)) {
        e.preventDefault();
        order[0].focus();
      }
    };
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return (
    <div className="dialog-backdrop" role="presentation" onClick={() => close.current()}>
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={className}
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}
