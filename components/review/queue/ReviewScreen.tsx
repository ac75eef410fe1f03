"use client";
/**
 * The review queue (/review): one judgment of the reviewer's sample at a time, held for them a few minutes, beside the
 * pair's request and its two plans as plan A (left) and plan B (right) with the judging screen's maps and timelines.
 * Accept or reject moves on to the next judgment; a comment stays; N or J passes the judgment for this session.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useLayoutEffect, useState } from "react";
import type { ReviewNextAnswer } from "@/lib/review/browser";
import { api } from "../../api";
import { useFormat } from "../../format";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";
import { RequestPanel } from "../../judge/RequestPanel";
import { PlanColumn, PlanTools } from "../../judge/PlanViews";
import { useMapSync } from "../../judge/useMapSync";
import type { ItemKey } from "../../judge/style";
import type { Tiles } from "../../judge/PlanMap";
import { ReviewActions } from "../actions/ReviewActions";
import { JudgmentPanel } from "./JudgmentPanel";
import { ReviewHelp } from "./ReviewHelp";
import { typingIn } from "@/components/keyboard";

const SIDES = [
  ["left", "A"],
  ["right", "B"],
] as const;

export function ReviewScreen({ tiles }: { tiles: Tiles | null }) {
  const t = useTranslations("Review");
  const f = useFormat();
  const errorText = useErrorText();
  const [passed, setPassed] = useState<string[]>([]);
  const [help, setHelp] = useState(false);
  const [dayFilter, setDayFilter] = useState<number | null>(null);
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [selected, setSelected] = useState<ItemKey | null>(null);
  const { sync, setSync, onMap } = useMapSync();
  // The claim's minutes left, counted down every half minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const current = useQuery({
    queryKey: [...KEYS.review, "next", passed.join(",")],
    queryFn: () => api<ReviewNextAnswer>("/api/review/next", { json: { exclude: passed } }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
  const item = current.data?.item ?? null;
  const refetch = current.refetch;
  const reset = () => {
    setDayFilter(null);
    setSelected(null);
    window.scrollTo({ top: 0 });
  };
  const next = useCallback(() => {
    if (!item) return;
    setPassed((p) => [...p, item.judgmentId]);
    setDayFilter(null);
    setSelected(null);
  }, [item]);

  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (typingIn(e.target)) return;
      if (e.key === "?") setHelp((h) => !h);
      else if (e.key === "Escape") setHelp(false);
      else if (!help && (e.key === "n" || e.key === "N" || e.key === "j" || e.key === "J")) {
        e.preventDefault();
        next();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [help, next]);

  if (current.isPending) return <main className="page">{t("loading")}</main>;
  if (current.isError)
    return (
      <main className="page">
        <p role="alert" className="error">
          {errorText(current.error)}
        </p>
        <button className="btn" onClick={() => void refetch()}>
          {t("retry")}
        </button>
      </main>
    );
  const waiting = current.data.waitingCapped
    ? t("moreThan", { count: f.count(current.data.waiting) })
    : f.count(current.data.waiting);
  if (!item)
    return (
      <main className="page">
        <h1>{t("emptyTitle")}</h1>
        <p data-testid="review-empty">{t(passed.length ? "emptyPassed" : "empty")}</p>
        {passed.length > 0 && (
          <button className="btn" onClick={() => setPassed([])}>
            {t("seeAgain", { count: passed.length })}
          </button>
        )}
      </main>
    );

  const itineraries = { left: item.planA.itinerary, right: item.planB.itinerary };
  const maxDays = Math.max(itineraries.left.days.length, itineraries.right.days.length);
  const center: [number, number] = [item.query.destination.lat, item.query.destination.lon];
  const minutesLeft = Math.max(0, Math.round((new Date(item.claimExpiresAt).getTime() - now) / 60_000));

  return (
    <main className="judge review" data-judgment={item.judgmentId} data-pair={item.pairId}>
      <h1 className="sr-only">{t("title")}</h1>
      <div className="judge-top">
        <RequestPanel query={item.query} />
        <div className="judge-tools">
          <PlanTools maxDays={maxDays} day={dayFilter} onDay={setDayFilter} sync={sync} onSync={setSync} />
          <span className="small muted" data-testid="review-waiting">
            {t.rich("waiting", { waiting, minutes: minutesLeft, kbd: (c) => <kbd>{c}</kbd> })}
          </span>
        </div>
      </div>
      <div className="plans">
        {SIDES.map(([side, label]) => (
          <PlanColumn
            key={side}
            side={side}
            label={label}
            heading={
              <h2>
                <span className={`side-badge side-${side}`}>{label}</span> {t("plan", { plan: label })}
                <span className="muted small">
                  {" "}
                  {t("planMeta", {
                    days: itineraries[side].days.length,
                    side: item.leftPlan === label ? "left" : "right",
                  })}
                </span>
              </h2>
            }
            itinerary={itineraries[side]}
            view={{ dayFilter, highlighted: hover ?? selected, selected, onHover: setHover, onSelect: setSelected }}
            tiles={tiles}
            center={center}
            onMap={onMap}
            fitTo={sync ? [itineraries.left, itineraries.right] : undefined}
          />
        ))}
      </div>
      <div className="verdict review-panel">
        <JudgmentPanel item={item} />
        <div className="review-side">
          <ReviewActions
            key={item.judgmentId}
            judgmentId={item.judgmentId}
            status={item.status}
            keys={!help}
            onDone={(_answer, action) => {
              if (action !== "comment") reset();
              void refetch();
            }}
          />
          <button type="button" className="btn-link small" onClick={next}>
            {t("pass")} <kbd>N</kbd>
          </button>
        </div>
      </div>
      {help && <ReviewHelp onClose={() => setHelp(false)} />}
    </main>
  );
}
