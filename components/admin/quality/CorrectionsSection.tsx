"use client";
/**
 * Plan corrections and their blind verification, per corrector: how many were verified (two other experts
 * preferred the correction), rejected or still pending, and the verified share of those decided. An expert whose
 * corrections are rejected more often than verified is shown first and marked. Below, per defect kind, what
 * corrections of gold pairs' altered plans did to the injected defect: a measure of the editor and the experts.
 */
import { useQuery } from "@tanstack/react-query";
import { type GoldOutcomeRow, DEFECT_LABELS } from "@/lib/quality/gold/browser";
import type { CorrectorRow } from "@/lib/corrections/browser";
import { api } from "../../api";
import { pct } from "../../format";
import { KEYS } from "../../keys";

export function CorrectionsSection() {
  const q = useQuery({
    queryKey: [...KEYS.quality, "corrections"],
    queryFn: () => api<{ correctors: CorrectorRow[]; gold: GoldOutcomeRow[] }>("/api/admin/corrections"),
  });
  if (!q.data?.correctors.length && !q.data?.gold.length) return null;
  return (
    <section className="card" data-testid="correctors">
      <h2>Plan corrections</h2>
      <p className="muted small">
        Each correction is judged blind against its source plan by other experts of the destination; it is verified when
        two of them prefer it.
      </p>
      {q.data.correctors.length > 0 && (
        <table className="table" aria-label="Correctors">
          <thead>
            <tr>
              <th>Expert</th>
              <th className="num">Corrections</th>
              <th className="num">Verified</th>
              <th className="num">Rejected</th>
              <th className="num">Pending</th>
              <th className="num">Verified share</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.correctors.map((c) => (
              <tr key={c.userId}>
                <td>{c.name}</td>
                <td className="num">{c.corrections}</td>
                <td className="num">{c.verified}</td>
                <td className="num">{c.rejected}</td>
                <td className="num">{c.pending}</td>
                <td className="num">{c.verifiedShare === null ? "—" : pct(c.verifiedShare)}</td>
                <td>{c.mostlyRejected && <span className="badge status-failed">mostly rejected</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {q.data.gold.length > 0 && <GoldOutcomes rows={q.data.gold} />}
    </section>
  );
}

function GoldOutcomes({ rows }: { rows: GoldOutcomeRow[] }) {
  return (
    <>
      <h3>Corrections of gold pairs&apos; flawed plans</h3>
      <p className="muted small">
        A gold pair&apos;s flawed plan is a real plan with one injected defect. <em>Undone</em>: the correction gives
        back the original plan where the defect was put; <em>fixed</em>: the defect&apos;s check passes after another
        edit; <em>left</em>: it still fails. These corrections are never training data.
      </p>
      <table className="table" aria-label="Gold corrections">
        <thead>
          <tr>
            <th>Defect</th>
            <th className="num">Corrections</th>
            <th className="num">Undone</th>
            <th className="num">Fixed another way</th>
            <th className="num">Left</th>
            <th className="num">Undone share</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.kind}>
              <td>{DEFECT_LABELS[r.kind] ?? r.kind}</td>
              <td className="num">{r.corrections}</td>
              <td className="num">{r.undone}</td>
              <td className="num">{r.fixed}</td>
              <td className="num">{r.left}</td>
              <td className="num">{r.undoneShare === null ? "—" : pct(r.undoneShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
