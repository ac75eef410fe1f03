"use client";
/** The review queue's keys, shown with ? as the judging screen shows its own (? and Esc close it: the screen's keys). */

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

export function ReviewHelp({ onClose }: { onClose: () => void }) {
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
            {KEYS.map(([keys, what]) => (
              <tr key={what}>
                <td>
                  {keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && (keys[0] === "Shift" ? "+" : " or ")}
                      <kbd>{k}</kbd>
                    </span>
                  ))}
                </td>
                <td>{what}</td>
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
