"use client";
/**
 * Quality control of experts: who is qualifying, paused or flagged and why, their gold accuracy (Wilson 95 %),
 * Dawid–Skene accuracy and MACE spamming probability; gold pairs per dataset (rate, making more, by kind);
 * qualification settings; promoting a unanimous pair to gold.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { QualityAnswer } from "@/lib/server/responses";
import { api } from "../api";
import { f2, pct } from "./format";
import { KEYS, useQuality } from "./queries";
import { GoldSection, QualificationSection } from "./GoldSection";
import { RemoveJudgmentsDialog } from "./RemoveJudgmentsDialog";

export type Expert = QualityAnswer["experts"][number];
const STANDING: Record<string, string> = {
  ACTIVE: "Active",
  QUALIFYING: "Qualifying",
  QUALIFICATION_FAILED: "Failed qualification",
  PAUSED: "Paused",
};
const ACTIONS: Record<string, [string, string][]> = {
  PAUSED: [["resume", "Resume"]],
  QUALIFICATION_FAILED: [
    ["pass", "Let through"],
    ["requalify", "Qualify again"],
  ],
  QUALIFYING: [
    ["pass", "Let through"],
    ["fail", "Fail"],
  ],
  ACTIVE: [["requalify", "Qualify again"]],
};

function ExpertRow({ e, onAction, busy }: { e: Expert; onAction: (action: string) => void; busy: boolean }) {
  const [removing, setRemoving] = useState(false);
  return (
    <tr data-testid={`quality-${e.email}`}>
      <td>
        {e.name}
        <div className="muted small">{e.email}</div>
      </td>
      <td>
        <span className={`standing-${e.standing}`}>{STANDING[e.standing]}</span>
        {/* The pause's reason is already the gold flag's explanation. */}
        {e.note && !e.flags.some((f) => f.message === e.note) && <div className="muted small">{e.note}</div>}
        <div className="actions">
          {(ACTIONS[e.standing] ?? []).map(([action, label]) => (
            <button key={action} type="button" className="btn small" disabled={busy} onClick={() => onAction(action)}>
              {label}
            </button>
          ))}
          {e.judgments > 0 && (
            <button type="button" className="btn small" onClick={() => setRemoving(true)}>
              Remove judgments…
            </button>
          )}
          {removing && <RemoveJudgmentsDialog e={e} onClose={() => setRemoving(false)} />}
        </div>
      </td>
      <td className="num">{e.qualification.answered ? `${e.qualification.right}/${e.qualification.answered}` : "—"}</td>
      <td className="num">
        {e.gold.n ? `${e.gold.right}/${e.gold.n} · ${pct(e.gold.accuracy)}` : "—"}
        {e.gold.ci95 && (
          <div className="muted small">
            {pct(e.gold.ci95[0])}–{pct(e.gold.ci95[1])}
          </div>
        )}
        {e.goldByDestination.length > 1 && (
          <div className="muted small">
            {e.goldByDestination.map((d) => `${d.destination} ${d.right}/${d.n}`).join(" · ")}
          </div>
        )}
      </td>
      <td className="num">{e.judgments}</td>
      <td className="num nowrap" title="Skipped of those served: gold pairs, then real pairs">
        {e.skips.gold.served ? pct(e.skips.gold.skipped / e.skips.gold.served) : "—"}
        <div className="muted small">{e.skips.real.served ? pct(e.skips.real.skipped / e.skips.real.served) : "—"}</div>
      </td>
      <td className="num">{pct(e.peer.rate)}</td>
      <td className="num">{f2(e.dsAccuracy)}</td>
      <td className="num">{f2(e.maceSpam)}</td>
      <td>
        {e.flags.length ? (
          <ul className="flag-list">
            {e.flags.map((f) => (
              <li key={f.kind}>
                <strong>{f.kind.replace("_", " ")}</strong>: {f.message}
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </tr>
  );
}

export function QualityPanel() {
  const qc = useQueryClient();
  const quality = useQuality();
  const act = useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: string }) =>
      api(`/api/admin/quality/experts/${userId}`, { json: { action } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  const q = quality.data;
  if (quality.error)
    return (
      <p className="error" role="alert">
        {quality.error.message}
      </p>
    );
  if (!q) return <p>Loading…</p>;
  const order = { PAUSED: 0, QUALIFICATION_FAILED: 1, QUALIFYING: 2, ACTIVE: 3 } as Record<string, number>;
  const experts = [...q.experts].sort(
    (a, b) => order[a.standing] - order[b.standing] || b.flags.length - a.flags.length || a.name.localeCompare(b.name),
  );
  const paused = q.experts.filter((e) => e.standing === "PAUSED").length;
  return (
    <div className="stack">
      {paused > 0 && (
        <p className="notice" role="status" data-testid="paused-notice">
          {paused} expert{paused > 1 ? "s are" : " is"} paused by the gold test: review and resume below.
        </p>
      )}
      <section className="card">
        <h2>Experts</h2>
        <p className="muted small">
          Gold accuracy: right answers on gold pairs served during judging (95 % Wilson interval). Peer agreement: share
          of comparisons with the other raters of the same pairs that agree. DS accuracy: the Dawid–Skene model&apos;s
          chance that the expert gives the true label; MACE: the probability that a verdict is a guess — both fitted on{" "}
          {q.models.judgments} judgments of {q.models.pairs} complete pairs (&ldquo;Judged&rdquo; counts an
          expert&apos;s judgments of complete pairs). Skips: the share of gold pairs skipped, and below it of real
          pairs; skipping gold more often than real pairs counts as answering it wrong.
        </p>
        {act.error && (
          <p className="error" role="alert">
            {act.error.message}
          </p>
        )}
        <div className="scroll-x">
          <table className="table quality-table" aria-label="Experts' quality">
            <thead>
              <tr>
                <th>Expert</th>
                <th>Standing</th>
                <th className="num">Qualif.</th>
                <th className="num">Gold</th>
                <th className="num">Judged</th>
                <th
                  className="num"
                  title="Share skipped: gold pairs (above), real pairs (below). Skipping gold more than real pairs counts as answering it wrong."
                >
                  Skips
                </th>
                <th className="num" title="Agreement with peers">
                  Peers
                </th>
                <th className="num" title="Dawid–Skene accuracy">
                  DS
                </th>
                <th className="num" title="MACE spamming probability">
                  MACE
                </th>
                <th>Flags</th>
              </tr>
            </thead>
            <tbody>
              {experts.map((e) => (
                <ExpertRow
                  key={e.userId}
                  e={e}
                  busy={act.isPending}
                  onAction={(action) => act.mutate({ userId: e.userId, action })}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <GoldSection q={q} />
      <QualificationSection />
    </div>
  );
}
