"use client";
/** Before an expert's judgments are removed: what agreement becomes without them, and how many pairs reopen; then the removal. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { KEYS } from "./queries";
import { f2, pct } from "./format";
import type { Expert } from "./QualityPanel";

type Figures = {
  pairs: number;
  pairwiseAgreement: number | null;
  fleissKappa: number | null;
  krippendorffAlpha: number | null;
};

/** Before an expert's judgments go: what agreement becomes without them, and how many pairs reopen. */
export function RemoveJudgmentsDialog({ e, onClose }: { e: Expert; onClose: () => void }) {
  const qc = useQueryClient();
  const preview = useQuery({
    queryKey: ["removal", e.userId],
    queryFn: () =>
      api<{ judgments: number; reopened: number; before: Figures; after: Figures }>(
        `/api/admin/quality/experts/${e.userId}/judgments`,
      ),
  });
  const remove = useMutation({
    mutationFn: () =>
      api<{ judgments: number; pairs: number }>(`/api/admin/quality/experts/${e.userId}/judgments`, {
        method: "DELETE",
        json: { confirm: true },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
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
                  <th />
                  <th className="num">Now</th>
                  <th className="num">After removal</th>
                </tr>
              </thead>
              <tbody>
                {row("Complete pairs", "pairs", (v) => String(v ?? "—"))}
                {row("Pairwise agreement", "pairwiseAgreement", pct)}
                {row("Fleiss' κ", "fleissKappa", f2)}
                {row("Krippendorff's α", "krippendorffAlpha", f2)}
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
              onClick={() => remove.mutate()}
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
