"use client";
/** The quality page's datasets (gold rate, making gold pairs, adaptive raters), gold pairs by kind, and qualification settings with promotion. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { QualityAnswer } from "@/lib/server/responses";
import { DEFECT_LABELS, type DefectKind } from "@/lib/gold/kinds";
import { api } from "../api";
import { KEYS, useSettings } from "./queries";
import { pct } from "./format";

export function GoldSection({ q }: { q: QualityAnswer }) {
  const qc = useQueryClient();
  const [plans, setPlans] = useState(200);
  const make = useMutation({
    mutationFn: (datasetId: string) =>
      api<{ made: number; tried: number; discarded: number; byKind: Record<string, number> }>(
        "/api/admin/quality/gold",
        { json: { datasetId, plans } },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  const adaptive = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      api<{ pairsChanged: number }>(`/api/admin/quality/datasets/${id}`, {
        method: "PATCH",
        json: { adaptiveRaters: on },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  const rate = useMutation({
    mutationFn: ({ id, goldRate }: { id: string; goldRate: number }) =>
      api(`/api/admin/quality/datasets/${id}`, { method: "PATCH", json: { goldRate } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.quality }),
  });
  return (
    <section className="card">
      <h2>Gold pairs</h2>
      <p className="muted small">
        A gold pair is a copy of a feasible plan with exactly one defect, which the rule engine (and the request&apos;s
        final constraints) confirm is the only new failure, shown beside another feasible plan of the request (so the
        two differ as a real pair&apos;s plans do; a request with one feasible plan gives none). Experts see gold pairs
        like any pair, at the rate set per dataset; their answers never count towards labels, agreement or exports.
      </p>
      <table className="table" aria-label="Gold pairs by dataset">
        <thead>
          <tr>
            <th>Dataset</th>
            <th className="num">Gold pairs</th>
            <th>Gold rate</th>
            <th />
            <th title="Two experts first; the third only when they disagree, except on a 15 % calibration share">
              Adaptive raters
            </th>
          </tr>
        </thead>
        <tbody>
          {q.gold.datasets.map((d) => (
            <tr key={d.id}>
              <td>{d.name}</td>
              <td className="num">{d.pairs}</td>
              <td>
                <form
                  className="inline-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rate.mutate({ id: d.id, goldRate: Number(new FormData(e.currentTarget).get("rate")) / 100 });
                  }}
                >
                  <input
                    name="rate"
                    type="number"
                    min={0}
                    max={50}
                    step={0.5}
                    defaultValue={+(d.rate * 100).toFixed(1)}
                    className="narrow-input"
                    aria-label={`Gold rate of ${d.name} (%)`}
                  />{" "}
                  %
                  <button className="btn small" type="submit">
                    Set
                  </button>
                </form>
              </td>
              <td>
                <button className="btn small" type="button" disabled={make.isPending} onClick={() => make.mutate(d.id)}>
                  Make gold pairs
                </button>
              </td>
              <td>
                <label className="checkbox small">
                  <input
                    type="checkbox"
                    checked={d.adaptiveRaters}
                    disabled={adaptive.isPending}
                    onChange={(e) => adaptive.mutate({ id: d.id, on: e.target.checked })}
                    aria-label={`Adaptive raters for ${d.name}`}
                  />{" "}
                  {d.adaptiveRaters ? "on" : "off"}
                </label>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="small">
        Plans to try per run{" "}
        <input
          type="number"
          min={1}
          max={2000}
          value={plans}
          onChange={(e) => setPlans(Number(e.target.value))}
          className="narrow-input"
        />
      </label>
      {make.isPending && <p role="status">Making gold pairs…</p>}
      {make.data && (
        <p className="ok" role="status">
          Made {make.data.made} gold pairs from {make.data.tried} plans ({make.data.discarded} candidates discarded or
          not possible; already-made pairs are never made twice).
        </p>
      )}
      {adaptive.data && (
        <p className="ok" role="status">
          Adaptive raters {adaptive.variables?.on ? "on" : "off"}: {adaptive.data.pairsChanged} pairs changed their
          number of raters.
        </p>
      )}
      {(make.error || rate.error || adaptive.error) && (
        <p className="error" role="alert">
          {(make.error ?? rate.error ?? adaptive.error)!.message}
        </p>
      )}
      <table className="table" aria-label="Gold pairs by kind">
        <thead>
          <tr>
            <th>Kind</th>
            <th className="num">Pairs</th>
            <th className="num">Answers</th>
            <th className="num">Right</th>
          </tr>
        </thead>
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

export function QualificationSection() {
  const qc = useQueryClient();
  const settings = useSettings();
  const save = useMutation({
    mutationFn: (body: { qualificationLength: number; qualificationPassMark: number }) =>
      api("/api/admin/settings", { method: "PUT", json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEYS.settings }),
  });
  const [promoteId, setPromoteId] = useState("");
  const promote = useMutation({
    mutationFn: (pairId: string) =>
      api<{ goldPairId: string; created: boolean }>("/api/admin/quality/promote", { json: { pairId } }),
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
          save.mutate({
            qualificationLength: Number(f.get("length")),
            qualificationPassMark: Number(f.get("mark")) / 100,
          });
        }}
      >
        <label>
          Qualification pairs for new experts (0 = none)
          <input
            name="length"
            type="number"
            min={0}
            max={50}
            defaultValue={settings.data.qualificationLength}
            className="narrow-input"
          />
        </label>
        <label>
          Pass mark (%)
          <input
            name="mark"
            type="number"
            min={0}
            max={100}
            defaultValue={Math.round(settings.data.qualificationPassMark * 100)}
            className="narrow-input"
          />
        </label>
        <button className="btn primary" type="submit">
          Save
        </button>
        {save.isSuccess && (
          <span className="ok small" role="status">
            Saved.
          </span>
        )}
      </form>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          promote.mutate(promoteId.trim());
        }}
      >
        <label>
          Promote a unanimous pair to gold (pair id)
          <input value={promoteId} onChange={(e) => setPromoteId(e.target.value)} placeholder="pair id" />
        </label>
        <button className="btn" type="submit" disabled={!promoteId.trim()}>
          Promote
        </button>
        {promote.data && (
          <span className="ok small" role="status">
            {promote.data.created ? "Promoted." : "Already gold."}
          </span>
        )}
        {promote.error && (
          <span className="error small" role="alert">
            {promote.error.message}
          </span>
        )}
      </form>
    </section>
  );
}
