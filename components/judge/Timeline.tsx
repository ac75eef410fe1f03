"use client";
/** One plan's days as a timeline: time or period, kind, name, duration, cost, travel legs, day totals. */
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { minutesOf, type Day, type Item, type Itinerary } from "@/lib/datasets/browser";
import { useFormat } from "../format";
import { KindIcon } from "./KindIcon";
import { dayColor, itemKey, type ItemKey } from "./style";

function duration(item: Item): number | null {
  if (!item.startTime || !item.endTime) return null;
  const d = minutesOf(item.endTime) - minutesOf(item.startTime);
  return d >= 0 ? d : d + 24 * 60;
}

function dayTotals(day: Day) {
  let cost = 0;
  let km = 0;
  let activity = 0;
  for (const i of day.items) {
    cost += i.cost ?? 0;
    for (const l of i.legs) {
      cost += l.cost ?? 0;
      km += l.distanceKm ?? 0;
    }
    if (i.kind !== "hotel" && i.kind !== "transport") activity += duration(i) ?? 0;
  }
  return { cost, km, activity };
}

export function Timeline(props: {
  itinerary: Itinerary;
  side: "left" | "right";
  dayFilter: number | null;
  highlighted: ItemKey | null;
  selected: ItemKey | null;
  onHover: (k: ItemKey | null) => void;
  onSelect: (k: ItemKey) => void;
}) {
  const { itinerary, side, dayFilter, highlighted, selected, onHover, onSelect } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const t = useTranslations("Plan");
  const f = useFormat();
  const fmtMinutes = f.minutes;
  const fmtCost = f.amount;
  const km = (v: number) => t("km", { km: v.toFixed(1) });
  useEffect(() => {
    if (selected?.startsWith(side))
      listRef.current?.querySelector(`[data-key="${selected}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected, side]);
  return (
    <div className="timeline" ref={listRef}>
      {itinerary.days.map((day, di) => {
        if (dayFilter !== null && di !== dayFilter) return null;
        const totals = dayTotals(day);
        let n = 0;
        return (
          <section key={di} className="tl-day" style={{ "--c": dayColor(di) } as React.CSSProperties}>
            <h3>
              <span className="tl-daydot" aria-hidden /> {t("day", { n: day.day })}
              {day.title && <span className="muted"> · {day.title}</span>}
            </h3>
            <ol>
              {day.items.map((item, ii) => {
                const key = itemKey(side, di, ii);
                const located = item.lat !== null && item.lon !== null;
                const number = located ? ++n : null;
                const d = duration(item);
                return (
                  <li key={ii} data-key={key}>
                    {item.legs.length > 0 && (
                      <div className="tl-leg">
                        {item.legs.map((l, li) => (
                          <span key={li}>
                            ↓ {l.mode}
                            {l.distanceKm !== null && ` ${km(l.distanceKm)}`}
                            {l.startTime &&
                              l.endTime &&
                              ` · ${fmtMinutes(Math.max(0, minutesOf(l.endTime) - minutesOf(l.startTime)))}`}
                            {l.cost ? ` · ${fmtCost(l.cost)}` : ""}
                          </span>
                        ))}
                      </div>
                    )}
                    <button
                      type="button"
                      className={`tl-item${highlighted === key ? " hl" : ""}${selected === key ? " sel" : ""}`}
                      onMouseEnter={() => onHover(key)}
                      onMouseLeave={() => onHover(null)}
                      onFocus={() => onHover(key)}
                      onBlur={() => onHover(null)}
                      onClick={() => onSelect(key)}
                      tabIndex={-1}
                    >
                      <span className="tl-time">
                        {item.startTime
                          ? `${item.startTime}${item.endTime ? `–${item.endTime}` : ""}`
                          : (item.period ?? "—")}
                      </span>
                      <span className="tl-kind">
                        <KindIcon kind={item.kind} />
                      </span>
                      <span className="tl-name">
                        {number !== null && item.kind !== "hotel" && item.kind !== "transport" && (
                          <span className="tl-num">{number}</span>
                        )}
                        {item.name}
                        {item.mealType && <span className="muted"> ({item.mealType})</span>}
                        {item.transport && (
                          <span className="muted">
                            {" "}
                            {[item.transport.from, item.transport.to].filter(Boolean).join(" → ")}
                          </span>
                        )}
                        {!located && item.kind !== "transport" && (
                          <span className="tl-unknown">{t("locationUnknown")}</span>
                        )}
                      </span>
                      <span className="tl-meta">
                        {d !== null && <span>{fmtMinutes(d)}</span>}
                        {item.cost !== null && item.cost > 0 && <span>{fmtCost(item.cost)}</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <p className="tl-totals">
              {t("dayTotal")}{" "}
              {[
                totals.activity > 0 && t("activities", { time: fmtMinutes(Math.round(totals.activity)) }),
                totals.km > 0 && t("travelled", { km: totals.km.toFixed(1) }),
                t("cost", { amount: fmtCost(Math.round(totals.cost * 100) / 100) }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </section>
        );
      })}
    </div>
  );
}
