"use client";
/** The review queue's keys, shown with ? as the judging screen shows its own (? and Esc close it: the screen's keys). */
import { useTranslations } from "next-intl";
import { KeysDialog, type KeyRow } from "../../KeysDialog";

/** Each row's keys and the message naming what they do (Review.keys). */
const KEYS: [string[], string][] = [
  [["A"], "accept"],
  [["X"], "reject"],
  [["C"], "comment"],
  [["Enter"], "send"],
  [["Shift", "Enter"], "newLine"],
  [["N", "J"], "next"],
  [["Esc"], "escape"],
  [["?"], "toggle"],
];

export function ReviewHelp({ onClose }: { onClose: () => void }) {
  const t = useTranslations("Review.keys");
  const k = useTranslations("Keys");
  const rows: KeyRow[] = KEYS.map(([keys, what]) => ({
    what: t(what),
    keys: keys.map((key, i) => (
      <span key={key}>
        {i > 0 && (keys[0] === "Shift" ? "+" : ` ${k("or")} `)}
        <kbd>{key}</kbd>
      </span>
    )),
  }));
  return <KeysDialog rows={rows} onClose={onClose} />;
}
