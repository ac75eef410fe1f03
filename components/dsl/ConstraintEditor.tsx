"use client";
/**
 * The annotation editor: each constraint in a code editor beside pass / fail / error for each plan it lists (an
 * admin: every plan of the request; an expert: the plans of the pairs of it they hold or judged, lib/constraints/store/annotations.ts),
 * re-evaluated in the browser as you type; saves make immutable versions; a stale save is refused with the other
 * person's version shown next to yours; the draft survives a reload.
 */
import { useTranslations } from "next-intl";
import { useErrorText } from "../i18n";
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
  const t = useTranslations("Dsl");
  if (r.error) {
    // The error's type and message are the DSL's own (as Python's), in English in every language.
    const where = r.error.line ? t("line", { line: r.error.line, column: r.error.column ?? 0 }) : "";
    return (
      <td
        className="dsl-cell dsl-error"
        title={`${r.error.type}: ${r.error.message}${where}${r.error.hint ? `\n${r.error.hint}` : ""}`}
      >
        {t("error")}
      </td>
    );
  }
  if (r.warning)
    return (
      <td className="dsl-cell dsl-fail" title={r.warning.hint ?? r.warning.message}>
        {t("failNoResult")}
      </td>
    );
  return r.result ? (
    <td className="dsl-cell dsl-pass">{t("pass")}</td>
  ) : (
    <td className="dsl-cell dsl-fail">{t("fail")}</td>
  );
}

export function ConstraintEditor({ queryId, role }: { queryId: string; role: Role }) {
  const t = useTranslations("Dsl");
  const errorText = useErrorText();
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
        {errorText(data.error)}
      </p>
    );
  if (!d || !draft) return <p className="muted">{t("loading")}</p>;
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
      setMessage({ kind: "ok", text: t("savedAs", { version: r.version.version }) });
    } catch (e) {
      // Someone saved first: their version is shown beside this draft to merge.
      if (e instanceof ApiError && e.code === "conflict" && e.body.latest) setConflict(e.body.latest as Version);
      setMessage({
        kind: "error",
        text: e instanceof ApiError && e.code !== "network" ? errorText(e) : t("notSaved", { error: errorText(e) }),
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
      setMessage({ kind: "ok", text: t("stageSet", { version: r.version, stage }) });
    } catch (e) {
      setMessage({ kind: "error", text: errorText(e) });
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
          {t("meta", {
            dataset: d.query.dataset,
            destination: d.query.destination,
            days: d.query.days,
            people: d.query.people,
          })}
        </p>
        <p className="lead">{d.query.text}</p>
        <p className="stage-line">
          {latest ? (
            <>
              {t("version", { version: latest.version })} ·{" "}
              <span className={`stage stage-${latest.stage.toLowerCase()}`}>{t(`stages.${latest.stage}`)}</span>
              {latest.author ? ` · ${latest.author}` : ""}
            </>
          ) : (
            t("none")
          )}
          {dirty && <span className="muted small">{t("unsaved")}</span>}
        </p>
        {role !== "ADMIN" && (
          <p className="muted small" data-testid="plans-note">
            {d.plans.length === 0 ? t("plansNone") : t("plansShown")}
          </p>
        )}
        {role === "ADMIN" && d.plans.length > 0 && (
          <nav className="small plan-links" aria-label={t("plansNav")}>
            <span className="muted">{t("plans")}</span>
            {d.plans.map((p) => (
              <span key={p.id}>
                {p.label} <Link href={`/plans/${p.id}/correct`}>{t("correct")}</Link>
              </span>
            ))}
          </nav>
        )}
      </section>

      {conflict && (
        <section className="card conflict" aria-label={t("conflict")}>
          <h2>{t("savedFirst", { version: conflict.version, author: conflict.author ?? t("someone") })}</h2>
          <p className="small">{t("yoursBelow")}</p>
          <div className="conflict-grid">
            {Array.from({ length: Math.max(conflict.constraints.length, draft.constraints.length) }, (_, i) => (
              <div key={i} className="conflict-row">
                <div>
                  <strong className="small">{t("theirs", { n: i + 1 })}</strong>
                  <pre>{conflict.constraints[i]?.code ?? "—"}</pre>
                </div>
                <div>
                  <strong className="small">{t("yours", { n: i + 1 })}</strong>
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
              {t("keepMine")}
            </button>
            <button
              className="btn"
              onClick={() => {
                update({ parentId: conflict.id, constraints: conflict.constraints, note: "" });
                setConflict(null);
                setMessage(null);
              }}
            >
              {t("takeTheirs")}
            </button>
          </div>
        </section>
      )}

      <section className="card">
        <div className="dsl-head">
          <h2>{t("title")}</h2>
          <span className="muted small">{t.rich("syntax", { code: (chunks) => <code>{chunks}</code> })}</span>
        </div>
        <div className="dsl-list">
          {draft.constraints.map((c, i) => (
            <div className="dsl-row" key={i}>
              <div className="dsl-code">
                <div className="dsl-row-head">
                  <strong>#{i + 1}</strong>
                  <input
                    aria-label={t("note", { n: i + 1 })}
                    placeholder={t("notePlaceholder")}
                    value={c.note}
                    onChange={(e) => setConstraint(i, { note: e.target.value })}
                  />
                  <button
                    className="btn-link small"
                    onClick={() => update({ ...draft, constraints: draft.constraints.filter((_, j) => j !== i) })}
                  >
                    {t("remove")}
                  </button>
                </div>
                <CodeEditor
                  label={t("constraint", { n: i + 1 })}
                  value={c.code}
                  onChange={(code) => setConstraint(i, { code })}
                />
                {results[i]?.[0]?.error && (
                  <p className="small error" data-testid={`error-${i + 1}`}>
                    {results[i][0].error!.type}: {results[i][0].error!.message}
                    {results[i][0].error!.line ? t("lineOnly", { line: results[i][0].error!.line }) : ""}
                    {results[i][0].error!.hint ? ` — ${results[i][0].error!.hint}` : ""}
                  </p>
                )}
              </div>
              <table className="table dsl-results" aria-label={t("results", { n: i + 1 })}>
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
            {t("add")}
          </button>
          <input
            className="grow"
            aria-label={t("versionNote")}
            placeholder={t("versionNotePlaceholder")}
            value={draft.note}
            onChange={(e) => update({ ...draft, note: e.target.value })}
          />
          <button className="btn primary" onClick={save} disabled={busy || !dirty || !d.canSave}>
            {t("save")}
          </button>
          {d.canSetStages.map((s) => (
            <button key={s} className="btn" onClick={() => setStage(s)} disabled={busy || dirty}>
              {s === "VERIFIED" ? t("verify") : t("finalize")}
            </button>
          ))}
          {role !== "ADMIN" && <span className="muted small">{d.canSave ? t("adminsVerify") : t("cannotSave")}</span>}
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
            update({
              parentId: latest!.id,
              constraints: v.constraints,
              note: t("restoredNote", { version: v.version }),
            });
            setMessage({ kind: "ok", text: t("loaded", { version: v.version }) });
          }}
        />
      )}
    </>
  );
}
