"use client";
/**
 * The comparison screen: the request on top, plan A (left) and plan B (right) as map + timeline, the
 * verdict panel below. The queue (useJudgingQueue), the keyboard (useShortcuts) and the maps' shared
 * view (useMapSync) are hooks of their own.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Choice } from "@/lib/judging/verdict/browser";
import type { DimensionChoice } from "@/lib/results/dimensions/browser";
import { DEFAULT_WEIGHTS } from "@/lib/results/features/browser";
import { ApiError } from "../api";
import { useErrorText } from "../i18n";
import { CorrectOffer } from "./CorrectOffer";
import { Diagnostics } from "./Diagnostics";
import { dimensionDone } from "./DimensionsPanel";
import { ShortcutsHelp, SkipDialog } from "./Dialogs";
import { FeedbackPanel, QualificationBanner, StandingNotice } from "./Qualification";
import { PlanColumn, PlanTools } from "./PlanViews";
import { RequestPanel } from "./RequestPanel";
import { itemKey, SIDE_LABEL, type ItemKey } from "./style";
import { useDraft } from "./useDraft";
import { useJudgingQueue } from "./useJudgingQueue";
import { useMapSync } from "./useMapSync";
import { useShortcuts } from "./useShortcuts";
import { VerdictPanel } from "./VerdictPanel";
import type { Tiles } from "./PlanMap";

export function JudgeScreen({ destination, tiles }: { destination: string | null; tiles: Tiles | null }) {
  const t = useTranslations("Judge");
  const errorText = useErrorText();
  const [dayFilter, setDayFilter] = useState<number | null>(null);
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [selected, setSelected] = useState<ItemKey | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const onAdvance = useCallback(() => {
    setDayFilter(null);
    setSelected(null);
    // The next pair starts with the verdict keys live: a rationale still focused from an Enter-submit would take
    // the next "a" or "1" as text.
    if (document.activeElement === textRef.current) textRef.current?.blur();
    window.scrollTo({ top: 0 });
  }, []);
  const queue = useJudgingQueue(destination, onAdvance);
  const { current, assignment: a, rationaleMinLength: minLength, busy, error, feedback } = queue;
  const { draft, update, elapsed } = useDraft(a?.assignmentId ?? null);
  const [help, setHelp] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const { sync, setSync, onMap } = useMapSync();

  const askStrength = !!a?.askStrength;
  const needsStrength = askStrength && (draft?.choice === "left" || draft?.choice === "right");
  // Per-dimension verdicts come first, one row active at a time; the overall verdict is the row after the last.
  const dims = useMemo(() => a?.dimensions ?? [], [a]);
  const firstOpen = dims.findIndex((d) => !dimensionDone(draft?.dimensions[d.key], askStrength));
  const active = Math.min(draft?.active ?? (firstOpen === -1 ? dims.length : firstOpen), dims.length);
  const activate = useCallback(
    (i: number) => update({ active: Math.max(0, Math.min(dims.length, i)) }),
    [update, dims.length],
  );
  const dimensionsDone = !!draft && dims.every((d) => dimensionDone(draft.dimensions[d.key], askStrength));
  const valid =
    !!draft &&
    dimensionsDone &&
    draft.choice !== null &&
    (!needsStrength || draft.strength !== null) &&
    draft.rationale.trim().length >= minLength;
  const { submit: submitToQueue, skip: skipInQueue } = queue;
  const submit = useCallback(() => {
    if (!draft || !valid || draft.choice === null) return;
    void submitToQueue({
      choice: draft.choice,
      strength: needsStrength ? draft.strength : null,
      dimensions: dims.length
        ? Object.fromEntries(
            dims.map((d) => {
              const x = draft.dimensions[d.key];
              const sided = x.choice === "left" || x.choice === "right";
              return [d.key, { choice: x.choice, strength: askStrength && sided ? x.strength : null }];
            }),
          )
        : null,
      rationale: draft.rationale,
      timeOnTaskMs: Math.round(elapsed()),
      clientRequestId: draft.requestId,
    });
  }, [draft, valid, needsStrength, dims, askStrength, elapsed, submitToQueue]);
  const skip = useCallback(
    async (reason: string) => {
      if (await skipInQueue(reason)) setSkipping(false);
    },
    [skipInQueue],
  );
  // With strength asked, choosing A or B leaves the keys on the page for 1–3; the strength then moves to the rationale.
  const choose = useCallback(
    (c: Choice) => {
      update(c === "neither" ? { choice: c, strength: null } : { choice: c });
      if (!askStrength || c === "neither") textRef.current?.focus();
    },
    [update, askStrength],
  );
  const setStrength = useCallback(
    (s: 1 | 2 | 3) => {
      update({ strength: s });
      textRef.current?.focus();
    },
    [update],
  );
  // A dimension answered (with its strength where asked) moves the active row on; a side still waiting for its
  // strength keeps it. Both apply to the draft as it stands then (useDraft), so quick keys compose.
  const chooseDimension = useCallback(
    (key: string, c: DimensionChoice) =>
      update((d) => {
        const i = dims.findIndex((x) => x.key === key);
        const sided = c === "left" || c === "right";
        const next = { choice: c, strength: sided ? (d.dimensions[key]?.strength ?? null) : null };
        return { dimensions: { ...d.dimensions, [key]: next }, active: dimensionDone(next, askStrength) ? i + 1 : i };
      }),
    [dims, update, askStrength],
  );
  const setDimensionStrength = useCallback(
    (key: string, s: 1 | 2 | 3) =>
      update((d) => {
        const prev = d.dimensions[key];
        if (!prev || (prev.choice !== "left" && prev.choice !== "right")) return {};
        return {
          dimensions: { ...d.dimensions, [key]: { ...prev, strength: s } },
          active: dims.findIndex((x) => x.key === key) + 1,
        };
      }),
    [dims, update],
  );
  const activeDimension = active < dims.length ? dims[active] : null;
  const activeAnswer = activeDimension ? draft?.dimensions[activeDimension.key] : undefined;
  const dimensionKeys = activeDimension
    ? {
        strengthKeys: askStrength && (activeAnswer?.choice === "left" || activeAnswer?.choice === "right"),
        choose: (c: DimensionChoice) => chooseDimension(activeDimension.key, c),
        setStrength: (s: 1 | 2 | 3) => setDimensionStrength(activeDimension.key, s),
      }
    : null;
  const move = useCallback((delta: 1 | -1) => activate(active + delta), [activate, active]);
  const toggleHelp = useCallback(() => setHelp((h) => !h), []);
  const closeHelp = useCallback(() => setHelp(false), []);
  const openSkip = useCallback(() => setSkipping(true), []);
  useShortcuts({
    rationale: textRef,
    canSubmit: valid && !feedback,
    strengthKeys: needsStrength,
    choose,
    setStrength,
    submit,
    toggleHelp,
    closeHelp,
    skip: openSkip,
    dimension: dimensionKeys,
    move: dims.length ? move : undefined,
  });
  // After a qualification pair: the defect is marked on its plan's map and timeline.
  const d = feedback?.defect;
  const marked = d && d.day !== null && d.item !== null ? itemKey(d.side, d.day - 1, d.item) : null;
  const shown = marked ?? selected;
  // The feedback says the defect "is marked": its day is shown, and the marked item scrolled to the middle (clear
  // of the sticky feedback panel) and focused, once per feedback. Enter on it goes on, as on "Next".
  const markedDay = marked ? d!.day! - 1 : null;
  const daysShown = markedDay !== null && dayFilter !== null && dayFilter !== markedDay ? null : dayFilter;
  const dismissFeedback = queue.dismissFeedback;
  const scrolledFor = useRef<unknown>(null);
  useEffect(() => {
    if (!feedback || !marked) return;
    const el = document.querySelector<HTMLElement>(`.timeline [data-key="${marked}"] .tl-item`);
    if (!el) return;
    if (scrolledFor.current !== feedback) {
      scrolledFor.current = feedback;
      el.scrollIntoView({ block: "center" });
      el.focus({ preventScroll: true });
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      void dismissFeedback();
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [feedback, marked, dismissFeedback]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  if (current.isPending) return <main className="page">{t("finding")}</main>;
  if (current.isError) {
    // A destination that is none, or not the expert's: trying again cannot help, their pairs can.
    const wrongDestination =
      current.error instanceof ApiError && (current.error.code === "forbidden" || current.error.code === "not_found");
    return (
      <main className="page">
        <p role="alert" className="error">
          {errorText(current.error)}
        </p>
        {wrongDestination ? (
          <Link href="/expert">{t("back")}</Link>
        ) : (
          <button className="btn" onClick={() => current.refetch()}>
            {t("tryAgain")}
          </button>
        )}
      </main>
    );
  }
  if (!a && queue.standing) return <StandingNotice standing={queue.standing} />;
  if (!a)
    return (
      <main className="page">
        <h1>{t("nothingTitle")}</h1>
        <p data-testid="queue-empty">{destination ? t("nothingHere") : t("nothing")}</p>
        {queue.judgedPair && !queue.standing && (
          <CorrectOffer key={queue.judgedPair} pairId={queue.judgedPair} onDismiss={queue.dismissJudged} />
        )}
        <Link href="/expert">{t("back")}</Link>
      </main>
    );

  const maxDays = Math.max(a.left.itinerary.days.length, a.right.itinerary.days.length);
  const center: [number, number] = [a.query.destination.lat, a.query.destination.lon];
  const minutesLeft = Math.round((new Date(a.leaseExpiresAt).getTime() - now) / 60_000);
  const view = {
    dayFilter: daysShown,
    highlighted: hover ?? shown,
    selected: shown,
    onHover: setHover,
    onSelect: setSelected,
  };

  return (
    <main className="judge" data-assignment={a.assignmentId} data-pair={a.pairId}>
      {/* The page's name for screen readers; the request below says what is compared. */}
      <h1 className="sr-only">{t("which")}</h1>
      <div className="judge-top">
        <RequestPanel query={a.query} />
        <div className="judge-tools">
          <PlanTools maxDays={maxDays} day={daysShown} onDay={setDayFilter} sync={sync} onSync={setSync} />
          <a className="small" href={`/queries/${a.query.id}/constraints`} target="_blank" rel="noopener">
            {t("constraints")}
          </a>
          <span className={`lease small ${minutesLeft < 5 ? "error" : "muted"}`}>
            {a.expired || minutesLeft <= 0 ? t("expired") : t("reserved", { minutes: minutesLeft })}
          </span>
        </div>
      </div>
      {/* Offered to experts in good standing only: correcting needs it (lib/accounts/permissions.ts mayCorrect). */}
      {queue.judgedPair && queue.judgedPair !== a.pairId && !queue.standing && (
        <CorrectOffer key={queue.judgedPair} pairId={queue.judgedPair} onDismiss={queue.dismissJudged} />
      )}
      {queue.qualification && <QualificationBanner q={queue.qualification} />}
      {!queue.qualification && queue.standing?.note && (
        <p className="notice small" role="status" data-testid="standing-note">
          {queue.standing.note}
        </p>
      )}
      <div className="plans">
        {(["left", "right"] as const).map((side) => (
          <PlanColumn
            key={side}
            side={side}
            label={SIDE_LABEL[side]}
            heading={
              <h2>
                <span className={`side-badge side-${side}`}>{SIDE_LABEL[side]}</span>{" "}
                {t("heading", { plan: SIDE_LABEL[side] })}
                <span className="muted small">{t("days", { count: a[side].itinerary.days.length })}</span>
              </h2>
            }
            itinerary={a[side].itinerary}
            view={view}
            tiles={tiles}
            center={center}
            onMap={onMap}
            fitTo={sync ? [a.left.itinerary, a.right.itinerary] : undefined}
            between={<Diagnostics plan={a[side]} weights={queue.rewardWeights ?? DEFAULT_WEIGHTS} />}
          />
        ))}
      </div>
      {feedback && <FeedbackPanel feedback={feedback} onNext={() => void queue.dismissFeedback()} />}
      {draft && !feedback && (
        <VerdictPanel
          ref={textRef}
          choice={draft.choice}
          askStrength={askStrength}
          dimensions={
            dims.length
              ? {
                  list: dims,
                  answers: draft.dimensions,
                  active,
                  onActivate: activate,
                  onChoice: chooseDimension,
                  onStrength: setDimensionStrength,
                }
              : null
          }
          strength={draft.strength}
          onStrength={setStrength}
          rationale={draft.rationale}
          minLength={minLength}
          busy={busy}
          error={error}
          onChoice={choose}
          onRationale={(t) => update({ rationale: t })}
          onSubmit={submit}
          onSkip={() => setSkipping(true)}
          onHelp={() => setHelp(true)}
        />
      )}
      {skipping && <SkipDialog onCancel={() => setSkipping(false)} onSkip={(r) => void skip(r)} />}
      {help && (
        <ShortcutsHelp askStrength={askStrength} askDimensions={dims.length > 0} onClose={() => setHelp(false)} />
      )}
    </main>
  );
}
