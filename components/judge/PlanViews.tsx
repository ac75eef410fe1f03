"use client";
/**
 * What every screen that shows two plans draws alike: the tools over them (the day filter, the maps kept on one
 * view) and a plan's column (its map, then its timeline, linked by hover and selection). The judging screen, the
 * review queue and a pair's page differ only in their headings and what sits between map and timeline.
 */
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Itinerary } from "@/lib/datasets/browser";
import type { Tiles } from "./PlanMap";
import type { ItemKey } from "./style";
import { onRadioKeys, radioTabIndex } from "./radios";
import { Timeline } from "./Timeline";

const PlanMap = dynamic(() => import("./PlanMap"), {
  ssr: false,
  loading: () => <MapLoading />,
});

function MapLoading() {
  const t = useTranslations("Plan");
  return <div className="plan-map loading">{t("loadingMap")}</div>;
}

/** The day buttons (when the plans have more than `hideUnder` days) and the maps' sync checkbox. */
export function PlanTools(props: {
  maxDays: number;
  day: number | null;
  onDay: (d: number | null) => void;
  sync: boolean;
  onSync: (on: boolean) => void;
  hideUnder?: number;
}) {
  const { maxDays, day, onDay, sync, onSync, hideUnder = 0 } = props;
  const t = useTranslations("Plan");
  return (
    <>
      {maxDays > hideUnder && (
        // One choice of several: a radio group, one Tab stop, ←/→ move (radios.ts).
        <div className="day-select" role="radiogroup" aria-label={t("daysShown")} onKeyDown={onRadioKeys}>
          <button
            type="button"
            role="radio"
            aria-checked={day === null}
            tabIndex={radioTabIndex(day === null, true, false)}
            className={day === null ? "on" : ""}
            onClick={() => onDay(null)}
          >
            {t("allDays")}
          </button>
          {Array.from({ length: maxDays }, (_, d) => (
            <button
              type="button"
              role="radio"
              aria-checked={day === d}
              tabIndex={radioTabIndex(day === d, false, false)}
              key={d}
              className={day === d ? "on" : ""}
              onClick={() => onDay(d)}
            >
              {t("day", { n: d + 1 })}
            </button>
          ))}
        </div>
      )}
      <label className="checkbox small">
        <input type="checkbox" checked={sync} onChange={(e) => onSync(e.target.checked)} /> {t("syncMaps")}
      </label>
    </>
  );
}

/** The view both columns share: the day shown, the item hovered and the item selected. */
export interface PlanView {
  dayFilter: number | null;
  highlighted: ItemKey | null;
  selected: ItemKey | null;
  onHover: (k: ItemKey | null) => void;
  onSelect: (k: ItemKey) => void;
}

/** One plan: `heading`, its map, `between` (the judging screen's diagnostics), its timeline. */
export function PlanColumn(props: {
  side: "left" | "right";
  label: string;
  heading: ReactNode;
  itinerary: Itinerary;
  view: PlanView;
  tiles: Tiles | null;
  center: [number, number];
  onMap: (side: "left" | "right") => (m: import("leaflet").Map) => void;
  fitTo?: Itinerary[];
  between?: ReactNode;
  /** A pair's page scrolls each timeline in a region of its own (the page holds more below). */
  timelineRegion?: boolean;
}) {
  const { side, label, itinerary, view, tiles, center, onMap, fitTo, between, timelineRegion } = props;
  const t = useTranslations("Plan");
  const timeline = (
    <Timeline
      itinerary={itinerary}
      side={side}
      dayFilter={view.dayFilter}
      highlighted={view.highlighted}
      selected={view.selected}
      onHover={view.onHover}
      onSelect={view.onSelect}
    />
  );
  return (
    <article className={`plan plan-${side}`} aria-label={t("plan", { plan: label })}>
      {props.heading}
      <PlanMap
        itinerary={itinerary}
        side={side}
        dayFilter={view.dayFilter}
        highlighted={view.highlighted}
        onHover={view.onHover}
        onSelect={view.onSelect}
        tiles={tiles}
        center={center}
        onMap={onMap(side)}
        fitTo={fitTo}
        planLabel={label}
      />
      {between}
      {timelineRegion ? (
        <div className="pair-timeline" tabIndex={0} role="region" aria-label={t("planDays", { plan: label })}>
          {timeline}
        </div>
      ) : (
        timeline
      )}
    </article>
  );
}
