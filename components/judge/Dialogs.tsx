"use client";
/** The comparison screen's two dialogs: why a pair is skipped, and the keyboard shortcuts. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { KeysDialog, type KeyRow } from "../KeysDialog";
import { Modal } from "../Modal";

/**
 * The fixed reasons, stored in English whatever the expert reads (admins compare them across experts), each shown
 * by its message key; "Other" takes the expert's own words (the server keeps up to 500 characters).
 */
const SKIP_REASONS = {
  "I don't know this area well enough": "area",
  "The plans are too long or unclear to judge": "unclear",
  "Something is wrong with the plans": "wrong",
} as const;
type SkipReason = keyof typeof SKIP_REASONS;
const REASONS = Object.keys(SKIP_REASONS) as SkipReason[];
const OTHER = "other";

export function SkipDialog({ onCancel, onSkip }: { onCancel: () => void; onSkip: (reason: string) => void }) {
  const t = useTranslations("Judge.skip");
  const [choice, setChoice] = useState<string>(REASONS[0]);
  const [own, setOwn] = useState("");
  const [missing, setMissing] = useState(false);
  return (
    // The dialog is the box; the form inside it (a form may not take the dialog role).
    <Modal onClose={onCancel} labelledBy="skip-title">
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
        <h2 id="skip-title">{t("title")}</h2>
        <p className="muted">{t("lead")}</p>
        <fieldset className="skip-reasons">
          <legend>{t("why")}</legend>
          {[...REASONS, OTHER].map((r, i) => (
            <label key={r} className="checkbox">
              <input
                type="radio"
                name="skip-reason"
                value={r}
                checked={choice === r}
                onChange={() => setChoice(r)}
                autoFocus={i === 0}
              />
              {t(r === OTHER ? "other" : SKIP_REASONS[r as SkipReason])}
            </label>
          ))}
          {choice === OTHER && (
            <label className="skip-own">
              {t("own")}
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
            {t("missing")}
          </p>
        )}
        <div className="verdict-actions">
          <button className="btn primary" type="submit">
            {t("submit")}
          </button>
          <button className="btn" type="button" onClick={onCancel}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </Modal>
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
  const t = useTranslations("Judge.help");
  const k = useTranslations("Keys");
  const either = (a: string, b: string) => (
    <>
      <kbd>{a}</kbd> {k("or")} <kbd>{b}</kbd>
    </>
  );
  const rows: (KeyRow | false)[] = [
    askDimensions && {
      keys: (
        <>
          <kbd>↑</kbd> <kbd>↓</kbd>
        </>
      ),
      what: t("moveRows"),
    },
    askDimensions && {
      keys: (
        <>
          {either("S", "=")}, {either("0", "N")}
        </>
      ),
      what: t("dimensionKeys"),
    },
    { keys: either("1", "A"), what: t("aBetter") },
    { keys: either("2", "B"), what: t("bBetter") },
    { keys: either("0", "N"), what: t("neither") },
    askStrength && {
      keys: (
        <>
          <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> {t("afterAB")}
        </>
      ),
      what: t("strength"),
    },
    {
      keys: <kbd>R</kbd>,
      what: t("rationale"),
    },
    { keys: <kbd>Enter</kbd>, what: t("submit") },
    {
      keys: (
        <>
          <kbd>Shift</kbd>+<kbd>Enter</kbd>
        </>
      ),
      what: t("newLine"),
    },
    { keys: <kbd>K</kbd>, what: t("skip") },
    { keys: <kbd>Esc</kbd>, what: t("escape") },
    { keys: <kbd>?</kbd>, what: t("toggle") },
  ];
  return <KeysDialog rows={rows.filter((r): r is KeyRow => !!r)} onClose={onClose} />;
}
