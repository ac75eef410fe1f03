"use client";
/**
 * The annotation editor: each constraint in a code editor beside pass / fail / error for each plan it lists (an
 * admin: every plan of the request; an expert: the plans of the pairs of it they hold or judged, lib/constraints/store/annotations.ts),
 * re-evaluated in the browser as you type; saves make immutable versions; a stale save is refused with the other
 * person's version shown next to yours; the draft survives a reload.
 */
import Link from "next/link";
import { ApiError } from "../api";
import { useMemo, useState } from "react";
import { type DslResult, type Constraint, type DslStage } from "@/lib/constraints/browser";
import type { Role } from "@/lib/accounts/browser";
import type { ConstraintsSavedAnswer } from "@/lib/platform/browser";
import { CodeEditor } from "./CodeEditor";
import { History } from "./History";
import { useConstraintEditor, useSaveConstraints, useSetStage } from "./queries";
import { useDslResults } from "./useDslResults";

/** A saved version, as the editor's answers carry it. */
type Version = ConstraintsSavedAnswer["version"];
interface Draft {
  parentId: string | null;
  constraints: Constraint[];
  note: string;
}

function Cell({ r }: { r: DslResult }) {
  if (r.error) {
    const where = r.error.line ? ` (line ${r.error.line}, column ${r.error.column})` : "";
    return (
      <td
        className="dsl-cell dsl-error"
        title={`${r.error.type}: ${r.error.message}${where}${r.error.hint ? `\n${r.error.hint}` : ""}`}
      >
        ⚠ error
      </td>
    );
  }
  if (r.warning)
    return (
      <td className="dsl-cell dsl-fail" title={r.warning.hint ?? r.warning.message}>
        ✗ fail (no result)
      </td>
    );
  return r.result ? <td className="dsl-cell dsl-pass">✓ pass</td> : <td className="dsl-cell dsl-fail">✗ fail</td>;
}

export function ConstraintEditor({ queryId, role }: { queryId: string; role: Role }) {
  const data = useConstraintEditor(queryId);
  const saveVersion = useSaveConstraints(queryId);
  const stageVersion = useSetStage(queryId);
  const key = `tj-dsl-draft:${queryId}`;
  const [edited, setDraft] = useState<Draft | null>(null);
  const [conflict, setConflict] = useState<Version | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const d = data.data;
  const latest = d?.versions[d.versions.length - 1] ?? null;

  // Until the first edit: the saved draft if there is one (it survives reloads), else the latest version.
  const initial = useMemo((): Draft | null => {
    if (!d) return null;
    const saved = typeof localStorage !== "undefined" ? localStorage.getItem(key) : null;
    if (saved) {
      try {
        return JSON.parse(saved) as Draft;
      } catch {
        localStorage.removeItem(key);
      }
    }
    const last = d.versions[d.versions.length - 1];
    return { parentId: last?.id ?? null, constraints: last?.constraints.map((c) => ({ ...c })) ?? [], note: "" };
  }, [d, key]);
  const draft = edited ?? initial;

  const update = (next: Draft) => {
    setDraft(next);
    localStorage.setItem(key, JSON.stringify(next));
  };

  const plans = useMemo(() => d?.plans.map((p) => p.plan), [d]);
  const results = useDslResults(plans, d?.pois, draft ? draft.constraints.map((c) => c.code) : []);

  if (data.error)
    return (
      <p role="alert" className="error">
        {(data.error as Error).message}
      </p>
    );
  if (!d || !draft) return <p className="muted">Loading…</p>;
  const dirty =
    !latest || draft.parentId !== latest.id || JSON.stringify(draft.constraints) !== JSON.stringify(latest.constraints);

  async function save() {
    setBusy(true);
    setMessage(null);
    try {
      const r = await saveVersion.mutateAsync({
        parentId: draft!.parentId,
        constraints: draft!.constraints,
        note: draft!.note,
      });
      localStorage.removeItem(key);
      setConflict(null);
      setDraft({ parentId: r.version.id, constraints: r.version.constraints, note: "" });
      setMessage({ kind: "ok", text: `Saved as version ${r.version.version}.` });
    } catch (e) {
      // Someone saved first: their version is shown beside this draft to merge.
      if (e instanceof ApiError && e.code === "conflict" && e.body.latest) setConflict(e.body.latest as Version);
      setMessage({
        kind: "error",
        text:
          e instanceof ApiError && e.code !== "network"
            ? e.message
            : `Not saved: ${(e as Error).message} Your text is kept; try again.`,
      });
    } finally {
      setBusy(false);
    }
  }

  async function setStage(stage: DslStage) {
    setBusy(true);
    try {
      const r = await stageVersion.mutateAsync({ versionId: latest!.id, stage });
      localStorage.removeItem(key);
      setDraft({ parentId: r.id, constraints: r.constraints, note: "" });
      setMessage({ kind: "ok", text: `Version ${r.version} is ${stage.toLowerCase()}.` });
    } catch (e) {
      setMessage({ kind: "error", text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const setConstraint = (i: number, patch: Partial<Constraint>) =>
    update({ ...draft, constraints: draft.constraints.map((c, j) => (j === i ? { ...c, ...patch } : c)) });

  return (
    <>
      <section className="card">
        <p className="muted small">
          {d.query.dataset} · {d.query.destination} · {d.query.days} days · {d.query.people}{" "}
          {d.query.people === 1 ? "traveller" : "travellers"}
        </p>
        <p className="lead">{d.query.text}</p>
        <p className="stage-line">
          {latest ? (
            <>
              Version {latest.version} ·{" "}
              <span className={`stage stage-${latest.stage.toLowerCase()}`}>{latest.stage.toLowerCase()}</span>
              {latest.author ? ` · ${latest.author}` : ""}
            </>
          ) : (
            "No constraints yet."
          )}
          {dirty && <span className="muted small"> · unsaved changes (kept in this browser)</span>}
        </p>
        {role !== "ADMIN" && (
          <p className="muted small" data-testid="plans-note">
            {d.plans.length === 0
              ? "Results appear here for the plans of this request you are shown: open this page from a pair of it on the comparison screen."
              : "Results for the plans of this request you were shown, left and right as on your comparison screen."}
          </p>
        )}
        {role === "ADMIN" && d.plans.length > 0 && (
          <nav className="small plan-links" aria-label="Plans of this request">
            <span className="muted">Plans:</span>
            {d.plans.map((p) => (
              <span key={p.id}>
                {p.label} <Link href={`/plans/${p.id}/correct`}>Correct</Link>
              </span>
            ))}
          </nav>
        )}
      </section>

      {conflict && (
        <section className="card conflict" aria-label="Conflict">
          <h2>
            Someone saved first: version {conflict.version} by {conflict.author ?? "someone"}
          </h2>
          <p className="small">Your text is below, unchanged. Their constraints, beside yours:</p>
          <div className="conflict-grid">
            {Array.from({ length: Math.max(conflict.constraints.length, draft.constraints.length) }, (_, i) => (
              <div key={i} className="conflict-row">
                <div>
                  <strong className="small">Theirs #{i + 1}</strong>
                  <pre>{conflict.constraints[i]?.code ?? "—"}</pre>
                </div>
                <div>
                  <strong className="small">Yours #{i + 1}</strong>
                  <pre>{draft.constraints[i]?.code ?? "—"}</pre>
                </div>
              </div>
            ))}
          </div>
          <div className="actions-row">
            <button
              className="btn"
              onClick={() => {
                update({ ...draft, parentId: conflict.id });
                setConflict(null);
                setMessage(null);
              }}
            >
              Keep mine, on top of theirs
            </button>
            <button
              className="btn"
              onClick={() => {
                update({ parentId: conflict.id, constraints: conflict.constraints, note: "" });
                setConflict(null);
                setMessage(null);
              }}
            >
              Take theirs
            </button>
          </div>
        </section>
      )}

      <section className="card">
        <div className="dsl-head">
          <h2>Constraints</h2>
          <span className="muted small">
            Python as in ChinaTravel: set <code>result</code>; concept functions such as{" "}
            <code>allactivities(plan)</code>; only <code>set()</code> is built in.
          </span>
        </div>
        <div className="dsl-list">
          {draft.constraints.map((c, i) => (
            <div className="dsl-row" key={i}>
              <div className="dsl-code">
                <div className="dsl-row-head">
                  <strong>#{i + 1}</strong>
                  <input
                    aria-label={`Note ${i + 1}`}
                    placeholder="What it checks, in words"
                    value={c.note}
                    onChange={(e) => setConstraint(i, { note: e.target.value })}
                  />
                  <button
                    className="btn-link small"
                    onClick={() => update({ ...draft, constraints: draft.constraints.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </button>
                </div>
                <CodeEditor
                  label={`Constraint ${i + 1}`}
                  value={c.code}
                  onChange={(code) => setConstraint(i, { code })}
                />
                {results[i]?.[0]?.error && (
                  <p className="small error" data-testid={`error-${i + 1}`}>
                    {results[i][0].error!.type}: {results[i][0].error!.message}
                    {results[i][0].error!.line ? ` (line ${results[i][0].error!.line})` : ""}
                    {results[i][0].error!.hint ? ` — ${results[i][0].error!.hint}` : ""}
                  </p>
                )}
              </div>
              <table className="table dsl-results" aria-label={`Results of constraint ${i + 1}`}>
                <tbody>
                  {d.plans.map((p, j) => (
                    <tr key={p.id}>
                      <td className="small">{p.label}</td>
                      {results[i]?.[j] && <Cell r={results[i][j]} />}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
        <div className="actions-row">
          <button
            className="btn"
            onClick={() =>
              update({ ...draft, constraints: [...draft.constraints, { code: "result = True", note: "" }] })
            }
          >
            Add a constraint
          </button>
          <input
            className="grow"
            aria-label="Version note"
            placeholder="Note for this version (optional)"
            value={draft.note}
            onChange={(e) => update({ ...draft, note: e.target.value })}
          />
          <button className="btn primary" onClick={save} disabled={busy || !dirty || !d.canSave}>
            Save version
          </button>
          {d.canSetStages.map((s) => (
            <button key={s} className="btn" onClick={() => setStage(s)} disabled={busy || dirty}>
              {s === "VERIFIED" ? "Verify" : "Finalize"}
            </button>
          ))}
          {role !== "ADMIN" && (
            <span className="muted small">
              {d.canSave
                ? "Admins verify and finalize."
                : "You can try constraints here, but saving waits until your standing is active again (see your pairs page)."}
            </span>
          )}
        </div>
        {message && (
          <p role={message.kind === "error" ? "alert" : "status"} className={message.kind === "error" ? "error" : "ok"}>
            {message.text}
          </p>
        )}
      </section>

      {d.versions.length > 0 && (
        <History
          key={d.versions.length}
          versions={d.versions}
          onRestore={(v) => {
            update({ parentId: latest!.id, constraints: v.constraints, note: `Restored version ${v.version}` });
            setMessage({ kind: "ok", text: `Version ${v.version} loaded: save to make it the newest version.` });
          }}
        />
      )}
    </>
  );
}
