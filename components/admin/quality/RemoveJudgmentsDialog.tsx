"use client";
/** Before an expert's judgments are removed: what agreement becomes without them, and how many pairs reopen; then the removal. */
import type { QualityExpert, RemovalPreviewAnswer } from "@/lib/platform/browser";
import { fixed, pct } from "../../format";
import { useRemoveJudgments } from "../mutations";
import { useRemovalPreview } from "../queries";

type Figures = RemovalPreviewAnswer["before"];

/** Before an expert's judgments go: what agreement becomes without them, and how many pairs reopen. */
export function RemoveJudgmentsDialog({ e, onClose }: { e: QualityExpert; onClose: () => void }) {
  const preview = useRemovalPreview(e.userId);
  const remove = useRemoveJudgments();
  const p = preview.data;
  const row = (label: string, k: keyof Figures, fmt: (v: number | null) => string) => (
    <tr>
      <td>{label}</td>
      <td className="num">{p ? fmt(p.before[k]) : ""}</td>
      <td className="num">{p ? fmt(p.after[k]) : ""}</td>
    </tr>
  );
  return (
    <div className="dialog-backdrop" role="presentation" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label={`Remove ${e.name}'s judgments`}
        className="dialog"
        onClick={(x) => x.stopPropagation()}
      >
        <h2>Remove {e.name}&apos;s judgments?</h2>
        {!p && <p>Working out the effect…</p>}
        {p && (
          <>
            <p>
              {p.judgments} judgments go; {p.reopened} complete pairs reopen for other experts. {e.name} will not be
              given those pairs again, and is paused until you resume them.
            </p>
            <table className="table" aria-label="Agreement before and after">
              <thead>
                <tr>
                  <th>
                    <span className="sr-only">Figure</span>
                  </th>
                  <th className="num">Now</th>
                  <th className="num">After removal</th>
                </tr>
              </thead>
              <tbody>
                {row("Complete pairs", "pairs", (v) => String(v ?? "—"))}
                {row("Pairwise agreement", "pairwiseAgreement", pct)}
                {row("Fleiss' κ", "fleissKappa", (v) => fixed(v, 2))}
                {row("Krippendorff's α", "krippendorffAlpha", (v) => fixed(v, 2))}
              </tbody>
            </table>
          </>
        )}
        {remove.data && (
          <p className="ok" role="status">
            Removed {remove.data.judgments} judgments; {remove.data.pairs} pairs reopened.
          </p>
        )}
        {remove.error && (
          <p className="error" role="alert">
            {remove.error.message}
          </p>
        )}
        <div className="verdict-actions">
          {!remove.data && (
            <button
              className="btn danger"
              type="button"
              disabled={!p || remove.isPending || p.judgments === 0}
              onClick={() => remove.mutate(e.userId)}
            >
              Remove {p?.judgments ?? ""} judgments
            </button>
          )}
          <button className="btn" type="button" onClick={onClose}>
            {remove.data ? "Close" : "Cancel"}
          </button>
        </div>
      </div>
    </div>
  );
}
