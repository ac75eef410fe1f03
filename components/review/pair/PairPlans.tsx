"use client";
/**
 * The pair's two plans side by side as the judging screen draws them (its PlanMap and Timeline, the same day filter
 * and linked maps), in the pair's own terms: plan A on the left, plan B on the right, each with its planner. Experts
 * saw either on either side (each judgment says which); a plan over the page's size cap is named, not drawn.
 */
import dynamic from "next/dynamic";
import { useState } from "react";
import { PLAN_CHARS_CAP, type PairDetail, type PairPlan } from "@/lib/review/browser";
import type { Tiles } from "../../judge/PlanMap";
import type { ItemKey } from "../../judge/style";
import { Timeline } from "../../judge/Timeline";
import { useMapSync } from "../../judge/useMapSync";
import { count } from "../../format";

const PlanMap = dynamic(() => import("../../judge/PlanMap"), {
  ssr: false,
  loading: () => <div className="plan-map loading">Loading map…</div>,
});

const SIDES = [
  ["A", "left"],
  ["B", "right"],
] as const;

const megabytes = (chars: number) => `${(chars / 1_000_000).toFixed(1)} MB`;

export function PairPlans({ d, tiles }: { d: PairDetail; tiles: Tiles | null }) {
  const [dayFilter, setDayFilter] = useState<number | null>(null);
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [selected, setSelected] = useState<ItemKey | null>(null);
  const { sync, setSync, onMap } = useMapSync();
  const shown = [d.plans.A.itinerary, d.plans.B.itinerary].filter((x) => x !== null);
  const maxDays = Math.max(0, ...shown.map((it) => it.days.length));
  const center: [number, number] = [d.query.destination.lat, d.query.destination.lon];
  const plan = (p: PairPlan, x: "A" | "B", side: "left" | "right") => (
    <article key={x} className={`plan plan-${side}`} aria-label={`Plan ${x}`}>
      <h3 className="plan-title">
        <span className={`side-badge side-${side}`}>{x}</span> Plan {x}
        <span className="muted small">
          {" "}
          · planner <strong className="planner">{p.planner}</strong>
          {p.itinerary && ` · ${p.itinerary.days.length} days`} · <code>{p.sourceId}</code>
        </span>
      </h3>
      {p.itinerary ? (
        <>
          <PlanMap
            itinerary={p.itinerary}
            side={side}
            dayFilter={dayFilter}
            highlighted={hover ?? selected}
            onHover={setHover}
            onSelect={setSelected}
            tiles={tiles}
            center={center}
            onMap={onMap(side)}
            fitTo={sync && shown.length === 2 ? shown : undefined}
          />
          <div className="pair-timeline" tabIndex={0} role="region" aria-label={`Plan ${x}'s days`}>
            <Timeline
              itinerary={p.itinerary}
              side={side}
              dayFilter={dayFilter}
              highlighted={hover ?? selected}
              selected={selected}
              onHover={setHover}
              onSelect={setSelected}
            />
          </div>
        </>
      ) : (
        <p className="notice" data-testid={`plan-${x}-too-large`}>
          This plan&apos;s itinerary is {megabytes(p.chars)} ({count(p.chars)} characters), more than the{" "}
          {megabytes(PLAN_CHARS_CAP)} this page draws. The judgments and exports name it by its id, <code>{p.id}</code>.
        </p>
      )}
    </article>
  );
  return (
    <section className="card pair-plans" aria-labelledby="pair-plans-title">
      <div className="section-head">
        <h2 id="pair-plans-title">The two plans</h2>
        <div className="judge-tools">
          {maxDays > 1 && (
            <div className="day-select" role="group" aria-label="Days shown">
              <button type="button" className={dayFilter === null ? "on" : ""} onClick={() => setDayFilter(null)}>
                All days
              </button>
              {Array.from({ length: maxDays }, (_, i) => (
                <button type="button" key={i} className={dayFilter === i ? "on" : ""} onClick={() => setDayFilter(i)}>
                  Day {i + 1}
                </button>
              ))}
            </div>
          )}
          <label className="checkbox small">
            <input type="checkbox" checked={sync} onChange={(e) => setSync(e.target.checked)} /> Keep both maps on the
            same view
          </label>
        </div>
      </div>
      <p className="muted small">
        In the pair&apos;s own terms: plan A here on the left. Each expert saw them in the order their judgment says.
      </p>
      <div className="plans">{SIDES.map(([x, side]) => plan(d.plans[x], x, side))}</div>
    </section>
  );
}
