"use client";
/** The "?" dialog of a keyboard-driven screen (judging, the review queue): its keys and what each does. */
import type { ReactNode } from "react";

export interface KeyRow {
  keys: ReactNode;
  what: string;
}

export function KeysDialog({ rows, onClose }: { rows: KeyRow[]; onClose: () => void }) {
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        className="dialog"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Keyboard shortcuts</h2>
        <table className="table" aria-label="Keys and what they do">
          <tbody>
            {rows.map((r) => (
              <tr key={r.what}>
                <td>{r.keys}</td>
                <td>{r.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button className="btn" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
