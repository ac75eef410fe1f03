"use client";
/** The review queue's keys, shown with ? as the judging screen shows its own (? and Esc close it: the screen's keys). */
import { KeysDialog } from "../../KeysDialog";

const KEYS: [string[], string][] = [
  [["A"], "Accept the judgment (the next one follows)"],
  [["X"], "Reject it: opens the reason box (the expert reads the reason)"],
  [["C"], "Comment on it: opens the comment box (the judgment stays)"],
  [["Enter"], "In the reason or comment box: send it"],
  [["Shift", "Enter"], "New line in the box"],
  [["N", "J"], "Next judgment, this one passed for now"],
  [["Esc"], "Leave the box / close this help"],
  [["?"], "Show or hide this help"],
];

const ROWS = KEYS.map(([keys, what]) => ({
  what,
  keys: keys.map((k, i) => (
    <span key={k}>
      {i > 0 && (keys[0] === "Shift" ? "+" : " or ")}
      <kbd>{k}</kbd>
    </span>
  )),
}));

export function ReviewHelp({ onClose }: { onClose: () => void }) {
  return <KeysDialog rows={ROWS} onClose={onClose} />;
}
