"use client";
/**
 * Quality control of experts: who is qualifying, paused or flagged and why, their gold accuracy (Wilson 95 %),
 * Dawid–Skene accuracy and MACE spamming probability; gold pairs per dataset (rate, making more, by kind);
 * qualification settings; promoting a unanimous pair to gold.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { QualityAnswer } from "@/lib/server/responses";
import { DEFECT_LABELS, type DefectKind } from "@/lib/gold/kinds";
import { api } from "../api";
import { KEYS, useQuality, useSettings } from "./queries";

type Expert = QualityAnswer["experts"][number];
const pct = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${(100 * v).toFixed(0)} %`);
const f2 = (v: number | null) => (v === null ? "—" : v.toFixed(2));
const STANDING: Record<string, string> = { ACTIVE: "Active", QUALIFYING: "Qualifying", QUALIFICATION_FAILED: "Failed qualification", PAUSED: "Paused" };
const ACTIONS: Record<string, [string, string][]> = {
  PAUSED: [["resume", "Resume"]],
  QUALIFICATION_FAILED: [["pass", "Let through"], ["requalify", "Qualify again"]],
  QUALIFYING: [["pass", "Let through"], ["fail", "Fail"]],
  ACTIVE: [["requalify", "Qualify again"]],
};

function ExpertRow({ e, onAction, busy }: { e: Expert; onAction: (action: string) => void; busy: boolean }) {
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
      </td>
      <td className="num">{e.qualification.answered ? `${e.qualification.right}/${e.qualification.answered}` : "—"}</td>
      <td className="num">
        {e.gold.n ? `${e.gold.right}/${e.gold.n} · ${pct(e.gold.accuracy)}` : "—"}
        {e.gold.ci95 && <div className="muted small">{pct(e.gold.ci95[0])}–{pct(e.gold.ci95[1])}</div>}
        {e.goldByDestination.length > 1 && <div className="muted small">{e.goldByDestination.map((d) => `${d.destination} ${d.right}/${d.n}`).join(" · ")}</div>}
      </td>
      <td className="num">{e.judgments}</td>
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
      <td className="actions">
        {(ACTIONS[e.standing] ?? []).map(([action, label]) => (
          <button key={action} type="button" className="btn small" disabled={busy} onClick={() => onAction(action)}>
            {label}
          </button>
        ))}
      </td>
    </tr>
  );
}

function GoldSection({ q }: { q: QualityAnswer }) {
  const qc = useQueryClient();
  const [plans, setPlans] = useState(200);
  const make = useMutation({
    mutationFn: (datasetId: string) => api<{ made: number; tried: number; discarded: number; byKind: Record<string, number> }>("/api/admin/quality/gold", { json: { datasetId, plans } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  const rate = useMutation({
    mutationFn: ({ id, goldRate }: { id: string; goldRate: number }) => api(`/api/admin/quality/datasets/${id}`, { method: "PATCH", json: { goldRate } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  return (
    <section className="card">
      <h2>Gold pairs</h2>
      <p className="muted small">
        A gold pair is a feasible plan beside a copy of it with exactly one defect, which the rule engine (and the request&apos;s final constraints) confirm is the only new failure. Experts see gold pairs like any pair, at the rate set per dataset; their answers never count towards labels, agreement or exports.
      </p>
      <table className="table" aria-label="Gold pairs by dataset">
        <thead><tr><th>Dataset</th><th className="num">Gold pairs</th><th>Rate</th><th /></tr></thead>
        <tbody>
          {q.gold.datasets.map((d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td className="num">{d.pairs}</td>
              <td>
                <form className="inline-form" onSubmit={(e) => { e.preventDefault(); rate.mutate({ id: d.id, goldRate: Number(new FormData(e.currentTarget).get("rate")) / 100 }); }}>
                  <input name="rate" type="number" min={0} max={50} step={0.5} defaultValue={+(d.rate * 100).toFixed(1)} className="narrow-input" aria-label={`Gold rate of ${d.name} (%)`} /> %
                  <button className="btn small" type="submit">Set</button>
                </form>
              </td>
              <td>
                <button className="btn small" type="button" disabled={make.isPending} onClick={() => make.mutate(d.id)}>Make gold pairs</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="small">
        Plans to try per run <input type="number" min={1} max={2000} value={plans} onChange={(e) => setPlans(Number(e.target.value))} className="narrow-input" />
      </label>
      {make.isPending && <p role="status">Making gold pairs…</p>}
      {make.data && <p className="ok" role="status">Made {make.data.made} gold pairs from {make.data.tried} plans ({make.data.discarded} candidates discarded or not possible; already-made pairs are never made twice).</p>}
      {(make.error || rate.error) && <p className="error" role="alert">{(make.error ?? rate.error)!.message}</p>}
      <table className="table" aria-label="Gold pairs by kind">
        <thead><tr><th>Kind</th><th className="num">Pairs</th><th className="num">Answers</th><th className="num">Right</th></tr></thead>
        <tbody>
          {q.gold.byKind.map((k) => (
            <tr key={k.kind}>
              <td>{k.kind === "promoted" ? "promoted from a unanimous pair" : DEFECT_LABELS[k.kind as DefectKind]}</td>
              <td className="num">{k.pairs}</td>
              <td className="num">{k.answers}</td>
              <td className="num">{k.answers ? pct(k.right / k.answers) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function QualificationSection() {
  const qc = useQueryClient();
  const settings = useSettings();
  const save = useMutation({
    mutationFn: (body: { qualificationLength: number; qualificationPassMark: number }) => api("/api/admin/settings", { method: "PUT", json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.settings }),
  });
  const [promoteId, setPromoteId] = useState("");
  const promote = useMutation({
    mutationFn: (pairId: string) => api<{ goldPairId: string; created: boolean }>("/api/admin/quality/promote", { json: { pairId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  if (!settings.data) return null;
  return (
    <section className="card">
      <h2>Qualification and promotion</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          save.mutate({ qualificationLength: Number(f.get("length")), qualificationPassMark: Number(f.get("mark")) / 100 });
        }}
      >
        <label>
          Qualification pairs for new experts (0 = none)
          <input name="length" type="number" min={0} max={50} defaultValue={settings.data.qualificationLength} className="narrow-input" />
        </label>
        <label>
          Pass mark (%)
          <input name="mark" type="number" min={0} max={100} defaultValue={Math.round(settings.data.qualificationPassMark * 100)} className="narrow-input" />
        </label>
        <button className="btn primary" type="submit">Save</button>
        {save.isSuccess && <span className="ok small" role="status">Saved.</span>}
      </form>
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); promote.mutate(promoteId.trim()); }}>
        <label>
          Promote a unanimous pair to gold (pair id)
          <input value={promoteId} onChange={(e) => setPromoteId(e.target.value)} placeholder="pair id" />
        </label>
        <button className="btn" type="submit" disabled={!promoteId.trim()}>Promote</button>
        {promote.data && <span className="ok small" role="status">{promote.data.created ? "Promoted." : "Already gold."}</span>}
        {promote.error && <span className="error small" role="alert">{promote.error.message}</span>}
      </form>
    </section>
  );
}

export function QualityPanel() {
  const qc = useQueryClient();
  const quality = useQuality();
  const act = useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: string }) => api(`/api/admin/quality/experts/${userId}`, { json: { action } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  const q = quality.data;
  if (quality.error) return <p className="error" role="alert">{quality.error.message}</p>;
  if (!q) return <p>Loading…</p>;
  const order = { PAUSED: 0, QUALIFICATION_FAILED: 1, QUALIFYING: 2, ACTIVE: 3 } as Record<string, number>;
  const experts = [...q.experts].sort((a, b) => order[a.standing] - order[b.standing] || b.flags.length - a.flags.length || a.name.localeCompare(b.name));
  const paused = q.experts.filter((e) => e.standing === "PAUSED").length;
  return (
    <div className="stack">
      {paused > 0 && <p className="notice" role="status" data-testid="paused-notice">{paused} expert{paused > 1 ? "s are" : " is"} paused by the gold test: review and resume below.</p>}
      <section className="card">
        <h2>Experts</h2>
        <p className="muted small">
          Gold accuracy: right answers on gold pairs served during judging (95 % Wilson interval). Peer agreement: share of comparisons with the other raters of the same pairs that agree. DS accuracy: the Dawid–Skene model&apos;s chance that the expert gives the true label; MACE: the probability that a verdict is a guess — both fitted on {q.models.judgments} judgments of {q.models.pairs} complete pairs.
        </p>
        {act.error && <p className="error" role="alert">{act.error.message}</p>}
        <div className="scroll-x">
          <table className="table quality-table" aria-label="Experts' quality">
            <thead>
              <tr><th>Expert</th><th>Standing</th><th className="num">Qualif.</th><th className="num">Gold</th><th className="num">Judged</th><th className="num" title="Agreement with peers">Peers</th><th className="num" title="Dawid–Skene accuracy">DS</th><th className="num" title="MACE spamming probability">MACE</th><th>Flags</th><th /></tr>
            </thead>
            <tbody>
              {experts.map((e) => <ExpertRow key={e.userId} e={e} busy={act.isPending} onAction={(action) => act.mutate({ userId: e.userId, action })} />)}
            </tbody>
          </table>
        </div>
      </section>
      <GoldSection q={q} />
      <QualificationSection />
    </div>
  );
}
