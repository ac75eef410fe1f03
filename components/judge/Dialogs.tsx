"use client";
/** The comparison screen's two dialogs: why a pair is skipped, and the keyboard shortcuts. */
import { useState } from "react";

/** The fixed reasons; "Other" takes the expert's own words (the server keeps up to 500 characters). */
const SKIP_REASONS = [
  "I don't know this area well enough",
  "The plans are too long or unclear to judge",
  "Something is wrong with the plans",
] as const;
const OTHER = "other";

export function SkipDialog({ onCancel, onSkip }: { onCancel: () => void; onSkip: (reason: string) => void }) {
  const [choice, setChoice] = useState<string>(SKIP_REASONS[0]);
  const [own, setOwn] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onCancel}>
      {/* The dialog is the box; the form inside it (a form may not take the dialog role). */}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="skip-title"
        className="dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
        }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const reason = choice === OTHER ? own.trim() : choice;
            if (!reason) {
              setMissing(true);
              return;
            }
            onSkip(reason);
          }}
        >
          <h2 id="skip-title">Skip this pair</h2>
          <p className="muted">The pair goes to another expert; you will not see it again.</p>
          <fieldset className="skip-reasons">
            <legend>Why?</legend>
            {[...SKIP_REASONS, OTHER].map((r, i) => (
              <label key={r} className="checkbox">
                <input
                  type="radio"
                  name="skip-reason"
                  value={r}
                  checked={choice === r}
                  onChange={() => setChoice(r)}
                  autoFocus={i === 0}
                />
                {r === OTHER ? "Other" : r}
              </label>
            ))}
            {choice === OTHER && (
              <label className="skip-own">
                Your reason
                <input
                  type="text"
                  value={own}
                  maxLength={500}
                  autoFocus
                  aria-invalid={missing && !own.trim()}
                  onChange={(e) => {
                    setOwn(e.target.value);
                    setMissing(false);
                  }}
                />
              </label>
            )}
          </fieldset>
          {missing && (
            <p role="alert" className="error">
              Say why you skip, in a few words.
            </p>
          )}
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
        <table className="table" aria-label="Keys and what they do">
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
                <kbd>R</kbd>
              </td>
              <td>Write the rationale: moves the cursor into its field (choosing 1, 2 or 0 puts it there already)</td>
            </tr>
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
                <kbd>K</kbd>
              </td>
              <td>Skip this pair (asks why)</td>
            </tr>
            <tr>
              <td>
                <kbd>Esc</kbd>
              </td>
              <td>Leave the rationale field / close this help or the skip dialog</td>
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
