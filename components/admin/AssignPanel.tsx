"use client";
/** Destinations per expert (single and bulk), raters per pair, settings, progress and live claims. */
import { api } from "../api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KEYS, useOverview } from "./queries";
import { useState } from "react";

const send = (url: string, method: "POST" | "PUT" | "PATCH", json: unknown) =>
  api<Record<string, unknown>>(url, { method, json });

const pct = (a: number, b: number) => (b === 0 ? "—" : `${Math.round((100 * a) / b)} %`);

function Bar({ done, total }: { done: number; total: number }) {
  return (
    <span className="minibar" title={`${done} of ${total}`}>
      <span style={{ width: `${total ? (100 * done) / total : 0}%` }} />
    </span>
  );
}

export function AssignPanel() {
  const qc = useQueryClient();
  const overview = useOverview({ refetchInterval: 15_000 });
  const [error, setError] = useState<string | null>(null);
  const [pickedExperts, setPickedExperts] = useState<Set<string>>(new Set());
  const [pickedDest, setPickedDest] = useState<Set<string>>(new Set());
  const [bulkLevel, setBulkLevel] = useState(3);
  const refresh = () => qc.invalidateQueries({ queryKey: KEYS.overview });
  const act = useMutation({
    mutationFn: (v: { url: string; method: "POST" | "PUT" | "PATCH"; body: unknown }) => send(v.url, v.method, v.body),
    onSuccess: () => {
      setError(null);
      refresh();
    },
    onError: (e: Error) => setError(e.message),
  });
  const o = overview.data;
  if (!o) return <p>{overview.isError ? "Could not load the overview." : "Loading…"}</p>;
  const fam = new Map(o.familiarity.map((f) => [`${f.userId}|${f.destinationId}`, f.familiarity]));
  const toggle = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };
  const setFam = (userIds: string[], destinationIds: string[], familiarity: number) =>
    act.mutate({
      url: "/api/admin/expert-destinations",
      method: "PUT",
      body: { userIds, destinationIds, familiarity },
    });

  return (
    <>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <section className="card">
        <h2>Destinations of experts</h2>
        <p className="muted small">
          Familiarity 1 (knows a little) to 5 (lives there). An expert only gets pairs of destinations given here.
        </p>
        <div className="scroll-x">
          <table className="table matrix" aria-label="Familiarity of experts with destinations">
            <thead>
              <tr>
                <th />
                <th>Expert</th>
                {o.destinations.map((d) => (
                  <th key={d.id}>
                    <label className="checkbox small">
                      <input
                        type="checkbox"
                        checked={pickedDest.has(d.id)}
                        onChange={(e) => setPickedDest(toggle(pickedDest, d.id, e.target.checked))}
                        aria-label={`Select ${d.name}`}
                      />
                      {d.name}
                    </label>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {o.experts.map((e) => (
                <tr key={e.id} className={e.active ? "" : "inactive"}>
                  <td>
                    <input
                      type="checkbox"
                      checked={pickedExperts.has(e.id)}
                      onChange={(ev) => setPickedExperts(toggle(pickedExperts, e.id, ev.target.checked))}
                      aria-label={`Select ${e.name}`}
                    />
                  </td>
                  <td>{e.name}</td>
                  {o.destinations.map((d) => (
                    <td key={d.id}>
                      <select
                        aria-label={`${e.name} – ${d.name}`}
                        value={fam.get(`${e.id}|${d.id}`) ?? 0}
                        onChange={(ev) => setFam([e.id], [d.id], Number(ev.target.value))}
                      >
                        <option value={0}>—</option>
                        {[1, 2, 3, 4, 5].map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="inline-form">
          <span className="small">
            {pickedExperts.size} expert(s) × {pickedDest.size} destination(s)
          </span>
          <label>
            Familiarity
            <select value={bulkLevel} onChange={(e) => setBulkLevel(Number(e.target.value))}>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button
            className="btn"
            disabled={!pickedExperts.size || !pickedDest.size}
            onClick={() => setFam([...pickedExperts], [...pickedDest], bulkLevel)}
          >
            Assign selected
          </button>
          <button
            className="btn"
            disabled={!pickedExperts.size || !pickedDest.size}
            onClick={() => setFam([...pickedExperts], [...pickedDest], 0)}
          >
            Remove selected
          </button>
        </div>
      </section>

      <section className="card">
        <h2>Progress</h2>
        <div className="grid-3">
          <div>
            <table className="table" aria-label="Progress per dataset">
              <thead>
                <tr>
                  <th>Dataset</th>
                  <th>Raters / pair</th>
                  <th className="num">Complete pairs</th>
                  <th>Diagnostics</th>
                </tr>
              </thead>
              <tbody>
                {o.datasets.map((d) => (
                  <tr key={d.id}>
                    <td>{d.name}</td>
                    <td>
                      <input
                        type="number"
                        min={1}
                        max={10}
                        defaultValue={d.raters ?? 3}
                        aria-label={`Raters per pair for ${d.name}`}
                        className="narrow-input"
                        onBlur={(e) =>
                          Number(e.target.value) !== d.raters &&
                          act.mutate({
                            url: `/api/admin/datasets/${d.id}`,
                            method: "PATCH",
                            body: { requiredRaters: Number(e.target.value) },
                          })
                        }
                      />
                    </td>
                    <td className="num">
                      {d.complete} / {d.pairs} <Bar done={d.judgments} total={d.needed} />
                    </td>
                    <td>
                      <label className="checkbox small">
                        <input
                          type="checkbox"
                          checked={d.showDiagnostics}
                          onChange={(e) =>
                            act.mutate({
                              url: `/api/admin/datasets/${d.id}`,
                              method: "PATCH",
                              body: { showDiagnostics: e.target.checked },
                            })
                          }
                        />
                        show to experts
                      </label>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <table className="table" aria-label="Progress per destination">
              <thead>
                <tr>
                  <th>Destination</th>
                  <th className="num">Complete pairs</th>
                  <th className="num">Judgments</th>
                </tr>
              </thead>
              <tbody>
                {o.destinations.map((d) => (
                  <tr key={d.id}>
                    <td>{d.name}</td>
                    <td className="num">
                      {d.complete} / {d.pairs}
                    </td>
                    <td className="num">
                      {pct(d.judgments, d.needed)} <Bar done={d.judgments} total={d.needed} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <table className="table" aria-label="Progress per expert">
              <thead>
                <tr>
                  <th>Expert</th>
                  <th className="num">Judged</th>
                  <th className="num">Skipped</th>
                  <th className="num">Holding</th>
                  <th className="num">Median time</th>
                </tr>
              </thead>
              <tbody>
                {o.experts.map((e) => (
                  <tr key={e.id}>
                    <td>{e.name}</td>
                    <td className="num">{e.judged}</td>
                    <td className="num">{e.skipped}</td>
                    <td className="num">{e.claimed}</td>
                    <td className="num">{e.medianSeconds === null ? "—" : `${Math.round(e.medianSeconds)} s`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section className="card">
        <h2>Claims in progress</h2>
        {o.claims.length === 0 ? (
          <p className="muted">No expert holds a pair right now.</p>
        ) : (
          <table className="table" aria-label="Claims in progress">
            <thead>
              <tr>
                <th>Expert</th>
                <th>Destination</th>
                <th>Pair</th>
                <th className="num">Slot</th>
                <th>Claimed</th>
                <th>Lease</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {o.claims.map((c) => (
                <tr key={c.id} data-testid={`claim-${c.expert.name}`}>
                  <td>{c.expert.name}</td>
                  <td>{c.destination}</td>
                  <td>
                    <code>{c.pairId.slice(0, 8)}</code>
                  </td>
                  <td className="num">{c.slot}</td>
                  <td>{new Date(c.claimedAt).toLocaleTimeString()}</td>
                  <td>
                    {c.expired ? (
                      <span className="error">expired</span>
                    ) : (
                      `until ${new Date(c.leaseExpiresAt).toLocaleTimeString()}`
                    )}
                  </td>
                  <td>
                    <div className="actions">
                      <button
                        className="btn small"
                        onClick={() =>
                          act.mutate({ url: `/api/admin/assignments/${c.id}/release`, method: "POST", body: {} })
                        }
                      >
                        Release
                      </button>
                      <select
                        aria-label={`Reassign ${c.expert.name}'s claim`}
                        value=""
                        onChange={(e) =>
                          e.target.value &&
                          act.mutate({
                            url: `/api/admin/assignments/${c.id}/reassign`,
                            method: "POST",
                            body: { userId: e.target.value },
                          })
                        }
                      >
                        <option value="">Reassign to…</option>
                        {o.experts
                          .filter((x) => x.id !== c.expert.id && x.active && fam.has(`${x.id}|${c.destinationId}`))
                          .map((x) => (
                            <option key={x.id} value={x.id}>
                              {x.name}
                            </option>
                          ))}
                      </select>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card">
        <h2>Judging settings</h2>
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            act.mutate({
              url: "/api/admin/settings",
              method: "PUT",
              body: {
                leaseMinutes: Number(f.get("leaseMinutes")),
                rationaleMinLength: Number(f.get("rationaleMinLength")),
                queueOrder: f.get("queueOrder"),
              },
            });
          }}
        >
          <label>
            Lease (minutes)
            <input
              name="leaseMinutes"
              type="number"
              min={1}
              max={1440}
              defaultValue={o.settings.leaseMinutes}
              className="narrow-input"
            />
          </label>
          <label>
            Minimum rationale (characters)
            <input
              name="rationaleMinLength"
              type="number"
              min={0}
              max={2000}
              defaultValue={o.settings.rationaleMinLength}
              className="narrow-input"
            />
          </label>
          <label>
            Queue order
            <select name="queueOrder" defaultValue={o.settings.queueOrder}>
              <option value="completion">Closest to completion, then oldest</option>
              <option value="oldest">Oldest first</option>
            </select>
          </label>
          <button className="btn primary" type="submit">
            Save settings
          </button>
        </form>
      </section>
    </>
  );
}
