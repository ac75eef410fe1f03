"use client";
/**
 * The pair's two plans side by side as the judging screen draws them (its PlanMap and Timeline, the same day filter
 * and linked maps), in the pair's own terms: plan A on the left, plan B on the right, each with its planner. Experts
 * saw either on either side (each judgment says which); a plan over the page's size cap is named, not drawn.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PLAN_CHARS_CAP, type PairDetail, type PairPlan } from "@/lib/review/browser";
import type { Tiles } from "../../judge/PlanMap";
import type { ItemKey } from "../../judge/style";
import { PlanColumn, PlanTools } from "../../judge/PlanViews";
import { useMapSync } from "../../judge/useMapSync";
import { useFormat } from "../../format";

const SIDES = [
  ["A", "left"],
  ["B", "right"],
] as const;

const megabytes = (chars: number) => `${(chars / 1_000_000).toFixed(1)} MB`;

export function PairPlans({ d, tiles }: { d: PairDetail; tiles: Tiles | null }) {
  const t = useTranslations("Pairs.plans");
  const f = useFormat();
  const [dayFilter, setDayFilter] = useState<number | null>(null);
  const [hover, setHover] = useState<ItemKey | null>(null);
  const [selected, setSelected] = useState<ItemKey | null>(null);
  const { sync, setSync, onMap } = useMapSync();
  const shown = [d.plans.A.itinerary, d.plans.B.itinerary].filter((x) => x !== null);
  const maxDays = Math.max(0, ...shown.map((it) => it.days.length));
  const center: [number, number] = [d.query.destination.lat, d.query.destination.lon];
  const view = { dayFilter, highlighted: hover ?? selected, selected, onHover: setHover, onSelect: setSelected };
  const plan = (p: PairPlan, x: "A" | "B", side: "left" | "right") => {
    const heading = (
      <h3 className="plan-title">
        <span className={`side-badge side-${side}`}>{x}</span> {t("plan", { plan: x })}
        <span className="muted small">
          {" "}
          {t.rich("planner", { planner: p.planner, strong: (c) => <strong className="planner">{c}</strong> })}
          {p.itinerary && t("days", { count: p.itinerary.days.length })} · <code>{p.sourceId}</code>
        </span>
      </h3>
    );
    if (!p.itinerary)
      return (
        <article key={x} className={`plan plan-${side}`} aria-label={t("plan", { plan: x })}>
          {heading}
          <p className="notice" data-testid={`plan-${x}-too-large`}>
            {t.rich("tooLarge", {
              size: megabytes(p.chars),
              chars: f.count(p.chars),
              cap: megabytes(PLAN_CHARS_CAP),
              id: p.id,
              code: (c) => <code>{c}</code>,
            })}
          </p>
        </article>
      );
    return (
      <PlanColumn
        key={x}
        side={side}
        label={x}
        heading={heading}
        itinerary={p.itinerary}
        view={view}
        tiles={tiles}
        center={center}
        onMap={onMap}
        fitTo={sync && shown.length === 2 ? shown : undefined}
        timelineRegion
      />
    );
  };
  return (
    <section className="card pair-plans" aria-labelledby="pair-plans-title">
      <div className="section-head">
        <h2 id="pair-plans-title">{t("title")}</h2>
        <div className="judge-tools">
          <PlanTools
            maxDays={maxDays}
            day={dayFilter}
            onDay={setDayFilter}
            sync={sync}
            onSync={setSync}
            hideUnder={1}
          />
        </div>
      </div>
      <p className="muted small">{t("order")}</p>
      <div className="plans">{SIDES.map(([x, side]) => plan(d.plans[x], x, side))}</div>
    </section>
  );
}
