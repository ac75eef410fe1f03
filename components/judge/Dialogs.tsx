"use client";
/** The comparison screen's two dialogs: why a pair is skipped, and the keyboard shortcuts. */
import { useState } from "react";

export function SkipDialog({ onCancel, onSkip }: { onCancel: () => void; onSkip: (reason: string) => void }) {
  const [reason, setReason] = useState("I don't know this area well enough");
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onCancel}>
      <form
        role="dialog"
        aria-modal="true"
        aria-label="Skip this pair"
        className="dialog"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          onSkip(reason);
        }}
      >
        <h2>Skip this pair</h2>
        <p className="muted">The pair goes to another expert; you will not see it again.</p>
        <label>
          Why?
          <select value={reason} onChange={(e) => setReason(e.target.value)} autoFocus>
            <option>I don&apos;t know this area well enough</option>
            <option>The plans are too long or unclear to judge</option>
            <option>Something is wrong with the plans</option>
          </select>
        </label>
        <div className="verdict-actions">
          <button className="btn primary" type="submit">
            Skip pair
          </button>
          <button className="btn" type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

export function ShortcutsHelp({
  askStrength,
  askDimensions,
  onClose,
}: {
  askStrength: boolean;
  askDimensions: boolean;
  onClose: () => void;
}) {
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
        <table className="table">
          <tbody>
            {askDimensions && (
              <>
                <tr>
                  <td>
                    <kbd>↑</kbd> <kbd>↓</kbd>
                  </td>
                  <td>Move between the dimensions and the overall verdict (the active row is outlined)</td>
                </tr>
                <tr>
                  <td>
                    <kbd>S</kbd> or <kbd>=</kbd>, <kbd>0</kbd> or <kbd>N</kbd>
                  </td>
                  <td>On a dimension: about the same, not applicable (1/A and 2/B pick a side, as below)</td>
                </tr>
              </>
            )}
            <tr>
              <td>
                <kbd>1</kbd> or <kbd>A</kbd>
              </td>
              <td>Plan A (left) is better</td>
            </tr>
            <tr>
              <td>
                <kbd>2</kbd> or <kbd>B</kbd>
              </td>
              <td>Plan B (right) is better</td>
            </tr>
            <tr>
              <td>
                <kbd>0</kbd> or <kbd>N</kbd>
              </td>
              <td>Neither plan is satisfactory</td>
            </tr>
            {askStrength && (
              <tr>
                <td>
                  <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> after A or B
                </td>
                <td>How much better: slightly, clearly, decisively (A and B still switch sides)</td>
              </tr>
            )}
            <tr>
              <td>
                <kbd>Enter</kbd>
              </td>
              <td>Submit (when a choice and rationale are given)</td>
            </tr>
            <tr>
              <td>
                <kbd>Shift</kbd>+<kbd>Enter</kbd>
              </td>
              <td>New line in the rationale</td>
            </tr>
            <tr>
              <td>
                <kbd>Esc</kbd>
              </td>
              <td>Leave the rationale field / close this help</td>
            </tr>
            <tr>
              <td>
                <kbd>?</kbd>
              </td>
              <td>Show or hide this help</td>
            </tr>
          </tbody>
        </table>
        <button className="btn" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
