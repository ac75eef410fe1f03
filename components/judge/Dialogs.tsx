"use client";
/** The comparison screen's two dialogs: why a pair is skipped, and the keyboard shortcuts. */
import { useState } from "react";
import { KeysDialog, type KeyRow } from "../KeysDialog";

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
  const rows: (KeyRow | false)[] = [
    askDimensions && {
      keys: (
        <>
          <kbd>↑</kbd> <kbd>↓</kbd>
        </>
      ),
      what: "Move between the dimensions and the overall verdict (the active row is outlined)",
    },
    askDimensions && {
      keys: (
        <>
          <kbd>S</kbd> or <kbd>=</kbd>, <kbd>0</kbd> or <kbd>N</kbd>
        </>
      ),
      what: "On a dimension: about the same, not applicable (1/A and 2/B pick a side, as below)",
    },
    { keys: either("1", "A"), what: "Plan A (left) is better" },
    { keys: either("2", "B"), what: "Plan B (right) is better" },
    { keys: either("0", "N"), what: "Neither plan is satisfactory" },
    askStrength && {
      keys: (
        <>
          <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> after A or B
        </>
      ),
      what: "How much better: slightly, clearly, decisively (A and B still switch sides)",
    },
    {
      keys: <kbd>R</kbd>,
      what: "Write the rationale: moves the cursor into its field (choosing 1, 2 or 0 puts it there already)",
    },
    { keys: <kbd>Enter</kbd>, what: "Submit (when a choice and rationale are given)" },
    {
      keys: (
        <>
          <kbd>Shift</kbd>+<kbd>Enter</kbd>
        </>
      ),
      what: "New line in the rationale",
    },
    { keys: <kbd>K</kbd>, what: "Skip this pair (asks why)" },
    { keys: <kbd>Esc</kbd>, what: "Leave the rationale field / close this help or the skip dialog" },
    { keys: <kbd>?</kbd>, what: "Show or hide this help" },
  ];
  return <KeysDialog rows={rows.filter((r): r is KeyRow => !!r)} onClose={onClose} />;
}

const either = (a: string, b: string) => (
  <>
    <kbd>{a}</kbd> or <kbd>{b}</kbd>
  </>
);
