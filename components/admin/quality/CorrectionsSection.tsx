"use client";
/**
 * Plan corrections and their blind verification, per corrector: how many were verified (two other experts
 * preferred the correction), rejected or still pending, and the verified share of those decided. An expert whose
 * corrections are rejected more often than verified is shown first and marked.
 */
import { useQuery } from "@tanstack/react-query";
import type { CorrectorRow } from "@/lib/db/corrections/quality";
import { api } from "../../api";
import { pct } from "../../format";
import { KEYS } from "../../keys";

export function CorrectionsSection() {
  const q = useQuery({
    queryKey: [...KEYS.quality, "corrections"],
    queryFn: () => api<{ correctors: CorrectorRow[] }>("/api/admin/corrections"),
  });
  if (!q.data?.correctors.length) return null;
  return (
    <section className="card" data-testid="correctors">
      <h2>Plan corrections</h2>
      <p className="muted small">
        Each correction is judged blind against its source plan by other experts of the destination; it is verified when
        two of them prefer it.
      </p>
      <table className="table" aria-label="Correctors">
        <thead>
          <tr>
            <th>Expert</th>
            <th className="num">Corrections</th>
            <th className="num">Verified</th>
            <th className="num">Rejected</th>
            <th className="num">Pending</th>
            <th className="num">Verified share</th>
            <th />
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
    </section>
  );
}
