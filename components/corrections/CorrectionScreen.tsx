"use client";
/**
 * "Correct this plan": the request, the plan's map and day timeline redrawn at every edit, the selected item's
 * operations (each with a reason), undo/redo, the live checks from a Web Worker, the edit list, and saving.
 * Every edit goes through lib/corrections (edit/undo/redo): a refused operation shows the lib's sentence.
 */
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
// lib/corrections' files, not its index: the index brings the serialisers and the importers (Node only).
import {
  type CheckDiff,
  correctionDraftKey,
  parseCorrectionDraft,
  replayDraft,
  type CorrectionDraft,
  editList,
  edit,
  opsOf,
  redo,
  startHistory,
  undo,
  type History,
  type OpInput,
  type Place,
} from "@/lib/corrections/browser";
import type { DslPoi } from "@/lib/constraints/browser";
import type { Weights } from "@/lib/results/features/browser";
import type { Itinerary } from "@/lib/datasets/browser";
import { api, ApiError } from "../api";
import { useErrorText } from "../i18n";
import { useCheckText } from "./checkText";
import { KEYS } from "../keys";
import type { Tiles } from "../judge/PlanMap";
import { itemKey, type ItemKey } from "../judge/style";
import { Timeline } from "../judge/Timeline";
import type { CheckSetup } from "./check.worker";
import { ChecksPanel } from "./ChecksPanel";
import { EditListPanel } from "./EditListPanel";
import { ItemPanel, type Mode } from "./ItemPanel";
import {
  REASON_OPTIONS,
  reasonOf,
  rememberedReason,
  rememberReason,
  useReasonLabel,
  type ReasonChoice,
} from "./reasons";
import { useCorrectionKeys } from "./useCorrectionKeys";
import { useLiveChecks } from "./useLiveChecks";

// Memoised: the checks' answer after each edit re-renders the side panel, not the map and the timeline.
const PlanMap = memo(
  dynamic(() => import("../judge/PlanMap"), {
    ssr: false,
    loading: () => <div className="plan-map loading">Loading map…</div>,
  }),
);
const PlanTimeline = memo(Timeline);

export interface CorrectionContextAnswer {
  plan: { id: string; itinerary: Itinerary };
  request: {
    id: string;
    text: string;
    days: number;
    startDate: string | null;
    origin: string | null;
    preferences: Record<string, unknown>;
    people: number;
    destination: string;
  };
  dataset: { name: string; format: string };
  places: Place[];
  dsl: { codes: string[]; pois: DslPoi[] } | null;
  weights: Weights;
}

interface Saved {
  id: string;
  planId: string;
  verificationPairId: string | null;
  checks: { fixed: CheckDiff[]; reward: { before: number; after: number } };
}

export interface Selection {
  day: number;
  item: number;
}

const newRequestId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function CorrectionScreen({ planId, userId, tiles }: { planId: string; userId: string; tiles: Tiles | null }) {
  const t = useTranslations("Correct");
  const errorText = useErrorText();
  const ctx = useQuery({
    queryKey: [...KEYS.correction, planId],
    queryFn: () => api<CorrectionContextAnswer>(`/api/plans/${planId}/correction`),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (n, e) => !(e instanceof ApiError && (e.status === 403 || e.status === 404)) && n < 2,
  });
  if (ctx.isPending) return <main className="page">{t("loading")}</main>;
  if (ctx.isError)
    return (
      <main className="page">
        <h1>{t("title")}</h1>
        <p role="alert" className="error" data-testid="correction-refused">
          {errorText(ctx.error)}
        </p>
        <p>
          <Link href="/">{t("back")}</Link>
        </p>
      </main>
    );
  // Keyed by plan: another plan opened from here starts from its own draft, not this one's state.
  return <Editor key={planId} data={ctx.data} tiles={tiles} draftKey={correctionDraftKey(userId, planId)} />;
}

/** The stored draft of this plan and expert, replayed: its history, or why it was dropped. */
type Restored = { draft: CorrectionDraft; history: History; dropped: null } | { draft: null; dropped: string } | null;

function loadDraft(key: string, source: Itinerary, lookup: (id: string) => Place | null): Restored {
  let text: string | null = null;
  try {
    text = localStorage.getItem(key);
  } catch {
    /* storage unavailable: start fresh */
  }
  const draft = parseCorrectionDraft(text);
  if (!draft) return null;
  const replayed = replayDraft(source, draft.ops, lookup);
  if (!replayed.ok) {
    forgetDraft(key);
    return {
      draft: null,
      dropped: `Your earlier edits of this plan no longer apply (${replayed.error.message}); they were dropped.`,
    };
  }
  return { draft, history: replayed.value, dropped: null };
}

function storeDraft(key: string, d: CorrectionDraft) {
  try {
    localStorage.setItem(key, JSON.stringify(d));
  } catch {
    /* storage full or blocked: the edits live in this page only */
  }
}

function forgetDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

function Editor({ data, tiles, draftKey }: { data: CorrectionContextAnswer; tiles: Tiles | null; draftKey: string }) {
  const t = useTranslations("Correct");
  const tr = useTranslations("Judge.request");
  const reasonLabel = useReasonLabel();
  const errorText = useErrorText();
  const source = data.plan.itinerary;
  const lookup = useMemo(() => {
    const byId = new Map(data.places.map((p) => [p.sourceId, p]));
    return (id: string) => byId.get(id) ?? null;
  }, [data.places]);
  // The Editor renders in the browser only (after the context's fetch): the stored draft is read once, before the
  // first frame, so the edits are there at once after a reload or a new sign-in.
  const [restored] = useState(() => loadDraft(draftKey, source, lookup));
  const [history, setHistory] = useState<History>(() => (restored?.draft ? restored.history : startHistory(source)));
  const [selected, setSelected] = useState<Selection | null>(() =>
    source.days[0]?.items.length ? { day: 0, item: 0 } : null,
  );
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [mode, setMode] = useState<Mode>(null);
  // The Editor renders in the browser only (after the context's fetch): the remembered reason is at hand.
  const [reason, setReason] = useState<ReasonChoice>(rememberedReason);
  const [message, setMessage] = useState<string | null>(() => restored?.dropped ?? null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [serverRegressions, setServerRegressions] = useState<CheckDiff[] | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);
  // Time on task goes on from the draft's; the request id stays the draft's, so a save retried after a reload
  // stores one correction.
  const openedAt = useRef(0);
  const requestId = useRef("");
  const reasonText = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const d = restored?.draft ?? null;
    openedAt.current = Date.now() - (d?.elapsedMs ?? 0);
    requestId.current = d?.requestId ?? newRequestId();
  }, [restored]);

  const plan = history.current;
  const ops = useMemo(() => opsOf(history), [history]);
  // Unsaved edits are kept as a draft (per plan and expert) at every change and when the page goes away, until
  // saved or discarded; with none left, there is nothing to keep.
  const keep = useCallback(() => {
    if (saved || !requestId.current) return;
    if (!ops.length) return forgetDraft(draftKey);
    storeDraft(draftKey, { ops, elapsedMs: Math.round(Date.now() - openedAt.current), requestId: requestId.current });
  }, [ops, saved, draftKey]);
  useEffect(() => {
    keep();
    window.addEventListener("pagehide", keep);
    return () => window.removeEventListener("pagehide", keep);
  }, [keep]);

  const discard = useCallback(() => {
    if (saved || !ops.length) return;
    if (!window.confirm(t("discardConfirm", { count: ops.length }))) return;
    forgetDraft(draftKey);
    setHistory(startHistory(source));
    setMessage(null);
    setServerRegressions(null);
    setSaveError(null);
    openedAt.current = Date.now();
    requestId.current = newRequestId();
  }, [saved, ops.length, draftKey, source, t]);
  const rows = useMemo(() => {
    const r = editList(source, ops, lookup);
    return r.ok ? r.value : [];
  }, [source, ops, lookup]);

  const setup = useMemo<CheckSetup>(
    () => ({
      source,
      request: data.request,
      places: data.places,
      dsl: data.dsl,
      weights: data.weights,
    }),
    [source, data],
  );
  const live = useLiveChecks(setup, plan);

  const chooseReason = useCallback((r: ReasonChoice) => {
    setReason(r);
    rememberReason(r);
  }, []);

  /** One operation through the lib: applied and remembered, or refused with the lib's sentence. */
  const run = useCallback(
    (op: OpInput, then?: Selection | null) => {
      if (saved) return false;
      const r = edit(history, { ...op, reason: reasonOf(reason) } as OpInput, lookup);
      if (!r.ok) {
        setMessage(r.error.message);
        if (r.error.code === "reason_text_required") reasonText.current?.focus();
        return false;
      }
      setHistory(r.value);
      setMessage(null);
      setServerRegressions(null);
      setSaveError(null);
      if (then !== undefined) setSelected(then);
      return true;
    },
    [history, reason, lookup, saved],
  );

  const doUndo = useCallback(() => {
    if (saved || !history.past.length) return;
    const r = undo(history, lookup);
    if (!r.ok) return setMessage(r.error.message);
    setHistory(r.value);
    setMessage(null);
    setServerRegressions(null);
  }, [history, lookup, saved]);
  const doRedo = useCallback(() => {
    if (saved || !history.future.length) return;
    const r = redo(history, lookup);
    if (!r.ok) return setMessage(r.error.message);
    setHistory(r.value);
    setMessage(null);
  }, [history, lookup, saved]);

  // The selection stays on an item that exists after undo, redo and deletes.
  const sel = useMemo(() => {
    if (!selected) return null;
    const d = plan.days[selected.day];
    if (!d || d.items.length === 0) return null;
    return { day: selected.day, item: Math.min(selected.item, d.items.length - 1) };
  }, [selected, plan]);
  const selKey = sel ? itemKey("left", sel.day, sel.item) : null;

  const step = useCallback(
    (delta: 1 | -1) => {
      const flat = plan.days.flatMap((d, di) => d.items.map((_, ii) => ({ day: di, item: ii })));
      if (!flat.length) return;
      const at = sel ? flat.findIndex((x) => x.day === sel.day && x.item === sel.item) : -1;
      const next = at === -1 ? (delta > 0 ? 0 : flat.length - 1) : Math.max(0, Math.min(flat.length - 1, at + delta));
      setSelected(flat[next]);
      setMode(null);
    },
    [plan, sel],
  );

  const moveWithin = useCallback(
    (delta: 1 | -1) => {
      if (!sel) return;
      const to = sel.item + delta;
      if (to < 0 || to >= plan.days[sel.day].items.length)
        return setMessage(t(delta < 0 ? "alreadyFirst" : "alreadyLast", { day: sel.day + 1 }));
      run({ type: "move", day: sel.day + 1, item: sel.item, toDay: sel.day + 1, toItem: to } as OpInput, {
        day: sel.day,
        item: to,
      });
    },
    [sel, plan, run, t],
  );

  /** Moves the selected item to another day, where its start time puts it (at the end when it has none). */
  const moveToDay = useCallback(
    (toDay: number) => {
      if (!sel || toDay === sel.day) return;
      if (toDay < 0 || toDay >= plan.days.length) return setMessage(t("noDay", { day: toDay + 1 }));
      const item = plan.days[sel.day].items[sel.item];
      const target = plan.days[toDay].items;
      let at = target.length;
      if (item.startTime) {
        const i = target.findIndex((x) => x.startTime !== null && x.startTime > item.startTime!);
        if (i !== -1) at = i;
      }
      run({ type: "move", day: sel.day + 1, item: sel.item, toDay: toDay + 1, toItem: at } as OpInput, {
        day: toDay,
        item: at,
      });
    },
    [sel, plan, run, t],
  );

  const remove = useCallback(() => {
    if (sel) run({ type: "delete", day: sel.day + 1, item: sel.item } as OpInput, sel);
  }, [sel, run]);

  // Save: refused while any check regressed (the server would refuse it too).
  const regressions = live.check?.regressions ?? [];
  const blocked = saved
    ? { text: t("saved"), refused: false }
    : ops.length === 0
      ? { text: t("editFirst"), refused: false }
      : live.pending
        ? { text: t("checking"), refused: false }
        : regressions.length > 0
          ? { text: t("disabled", { count: regressions.length }), refused: true }
          : null;
  const blockedText = blocked?.text ?? null;

  const save = useCallback(async () => {
    if (blockedText || saving) return;
    setSaving(true);
    setSaveError(null);
    setServerRegressions(null);
    try {
      const body = { ops, timeOnTaskMs: Math.round(Date.now() - openedAt.current), clientRequestId: requestId.current };
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await api<Saved>(`/api/plans/${data.plan.id}/corrections`, { method: "POST", json: body });
          forgetDraft(draftKey);
          setSaved(r);
          setMode(null);
          break;
        } catch (e) {
          if (!(e instanceof ApiError && e.code === "network") || attempt === 2) throw e;
          await new Promise((res) => setTimeout(res, 500 * (attempt + 1)));
        }
      }
    } catch (e) {
      if (e instanceof ApiError && Array.isArray(e.body.regressions))
        setServerRegressions(e.body.regressions as CheckDiff[]);
      setSaveError(errorText(e));
    } finally {
      setSaving(false);
    }
  }, [blockedText, saving, ops, data.plan.id, draftKey, errorText]);

  useCorrectionKeys({
    step,
    moveWithin,
    moveToDay: (delta) => sel && moveToDay(sel.day + delta),
    remove,
    undo: doUndo,
    redo: doRedo,
    setMode: (m) => sel && !saved && setMode(m),
    closeMode: () => setMode(null),
    modeOpen: mode !== null,
  });

  const onSelectKey = useCallback((k: ItemKey) => {
    const [, d, i] = k.split(":");
    setSelected({ day: Number(d), item: Number(i) });
    setMode(null);
  }, []);

  const center = useMemo<[number, number]>(() => {
    const located = source.days.flatMap((d) => d.items).find((i) => i.lat !== null && i.lon !== null);
    return located ? [located.lat!, located.lon!] : [0, 0];
  }, [source]);
  const q = data.request;

  return (
    <main className="correct" data-plan={data.plan.id}>
      <div className="correct-head">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted small">
            {t("meta", { dataset: data.dataset.name, count: plan.days.length, destination: q.destination })}
          </p>
        </div>
        <section className="request correct-request" aria-label={tr("region")}>
          <p className="request-text">{q.text}</p>
          <dl className="request-facts">
            <div>
              <dt>{tr("to")}</dt>
              <dd>{q.destination}</dd>
            </div>
            {q.origin && (
              <div>
                <dt>{tr("from")}</dt>
                <dd>{q.origin}</dd>
              </div>
            )}
            <div>
              <dt>{tr("days")}</dt>
              <dd>
                {q.days}
                {q.startDate && tr("fromDate", { date: q.startDate })}
              </dd>
            </div>
            <div>
              <dt>{tr("travellers")}</dt>
              <dd>{q.people}</dd>
            </div>
          </dl>
        </section>
      </div>
      <div className="correct-grid">
        <div className="correct-plan">
          {/* The timeline's days are h3s: the plan's heading keeps the outline in order (h1, h2, h3). */}
          <h2 className="sr-only">{t("thePlan")}</h2>
          <PlanMap
            itinerary={plan}
            side="left"
            dayFilter={null}
            highlighted={hover ?? selKey}
            onHover={setHover}
            onSelect={onSelectKey}
            tiles={tiles}
            center={center}
            onMap={noop}
          />
          <PlanTimeline
            itinerary={plan}
            side="left"
            dayFilter={null}
            highlighted={hover ?? selKey}
            selected={selKey}
            onHover={setHover}
            onSelect={onSelectKey}
          />
        </div>
        <aside className="correct-side">
          <div className="correct-toolbar">
            <label className="reason-pick">
              <span>{t("reason")}</span>
              <select
                aria-label={t("reasonFor")}
                value={reason.kind}
                onChange={(e) => chooseReason({ ...reason, kind: e.target.value as ReasonChoice["kind"] })}
              >
                {REASON_OPTIONS.map((o) => (
                  <option key={o.kind} value={o.kind}>
                    {reasonLabel(o.kind)}
                  </option>
                ))}
              </select>
            </label>
            <input
              ref={reasonText}
              className="reason-text"
              aria-label={t("reasonText")}
              placeholder={reason.kind === "other" ? t("sayWhy") : t("note")}
              value={reason.text}
              onChange={(e) => chooseReason({ ...reason, text: e.target.value })}
              onKeyDown={(e) => e.key === "Escape" && e.currentTarget.blur()}
            />
            <div className="undo-redo">
              <button
                type="button"
                className="btn small"
                onClick={doUndo}
                disabled={!history.past.length || !!saved}
                title={t("undoTitle")}
              >
                {t("undo")}
              </button>
              <button
                type="button"
                className="btn small"
                onClick={doRedo}
                disabled={!history.future.length || !!saved}
                title={t("redoTitle")}
              >
                {t("redo")}
              </button>
              <button
                type="button"
                className="btn small"
                onClick={discard}
                disabled={!ops.length || !!saved}
                title={t("discardTitle")}
              >
                {t("discard")}
              </button>
            </div>
          </div>
          {message && (
            <p className="correct-refused" role="alert" data-testid="refused">
              <strong>{t("notDone")}</strong> {message}
            </p>
          )}
          {!saved && (
            <ItemPanel
              plan={plan}
              sel={sel}
              mode={mode}
              setMode={setMode}
              places={data.places}
              run={run}
              moveWithin={moveWithin}
              moveToDay={moveToDay}
              remove={remove}
            />
          )}
          <SaveBox
            saved={saved}
            blocked={blocked}
            saving={saving}
            error={saveError}
            serverRegressions={serverRegressions}
            onSave={() => void save()}
          />
          <ChecksPanel live={live} edited={ops.length > 0} constraints={data.dsl !== null} />
          <EditListPanel rows={rows} />
          <KeyHelp />
        </aside>
      </div>
    </main>
  );
}

const noop = () => {};

function SaveBox(props: {
  saved: Saved | null;
  blocked: { text: string; refused: boolean } | null;
  saving: boolean;
  error: string | null;
  serverRegressions: CheckDiff[] | null;
  onSave: () => void;
}) {
  const { saved, blocked, saving, error, serverRegressions, onSave } = props;
  const t = useTranslations("Correct");
  const checkText = useCheckText();
  if (saved)
    return (
      <section className="save-box saved" role="status" data-testid="saved">
        <h2>{t("savedTitle")}</h2>
        {saved.checks.fixed.length > 0 ? (
          <>
            <p className="small">{t("fixes")}</p>
            <ul className="check-list good">
              {saved.checks.fixed.map((f) => (
                <li key={f.id}>{checkText(f)}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="small muted">{t("noChange")}</p>
        )}
        <p className="small">
          {t("reward", {
            before: saved.checks.reward.before.toFixed(3),
            after: saved.checks.reward.after.toFixed(3),
          })}{" "}
          <Link href="/expert">{t("backToPairs")}</Link>
        </p>
      </section>
    );
  return (
    <section className="save-box">
      <button type="button" className="btn primary" disabled={!!blocked || saving} onClick={onSave}>
        {saving ? t("saving") : t("save")}
      </button>
      {blocked && (
        <p className={`small ${blocked.refused ? "error" : "muted"}`} data-testid="save-blocked">
          {blocked.text}
        </p>
      )}
      {error && (
        <p className="error small" role="alert" data-testid="save-error">
          {error}
        </p>
      )}
      {serverRegressions && serverRegressions.length > 0 && (
        <ul className="check-list bad">
          {serverRegressions.map((r) => (
            <li key={r.id}>{checkText(r)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function KeyHelp() {
  const t = useTranslations("Correct");
  return (
    <details className="key-help">
      <summary>{t("keyboard")}</summary>
      <dl>
        <dt>
          <kbd>↑</kbd>/<kbd>↓</kbd> {t("keys.or")} <kbd>k</kbd>/<kbd>j</kbd>
        </dt>
        <dd>{t("keys.step")}</dd>
        <dt>
          <kbd>Shift</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd>
        </dt>
        <dd>{t("keys.within")}</dd>
        <dt>
          <kbd>Shift</kbd>+<kbd>←</kbd>/<kbd>→</kbd>
        </dt>
        <dd>{t("keys.day")}</dd>
        <dt>
          <kbd>t</kbd>
        </dt>
        <dd>{t("keys.times")}</dd>
        <dt>
          <kbd>r</kbd> / <kbd>i</kbd> / <kbd>h</kbd>
        </dt>
        <dd>{t("keys.place")}</dd>
        <dt>
          <kbd>Del</kbd> {t("keys.or")} <kbd>x</kbd>
        </dt>
        <dd>{t("keys.delete")}</dd>
        <dt>
          <kbd>Ctrl</kbd>+<kbd>Z</kbd> · <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> {t("keys.or")} <kbd>Ctrl</kbd>+
          <kbd>Y</kbd>
        </dt>
        <dd>{t("keys.undoRedo")}</dd>
      </dl>
    </details>
  );
}
