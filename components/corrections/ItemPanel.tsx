"use client";
/**
 * The selected item and its operations: move (within its day, to another day), times, replace its place,
 * insert a place after it, delete, a transfer leg's mode, the hotel of the night. Each calls the lib through
 * `run`; what the lib refuses is shown by the screen.
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { TRANSFER_MODES, type OpInput, fits, itemKindOf, type Place } from "@/lib/corrections/browser";
import { clockOf, minutesOf, type Item, type Itinerary } from "@/lib/datasets/browser";
import { KindIcon } from "../judge/KindIcon";
import type { Selection } from "./CorrectionScreen";
import { PlaceSearch } from "./PlaceSearch";

export type Mode = null | "retime" | "replace" | "insert" | "hotel";

const near = (items: (Item | undefined)[]) =>
  items.flatMap((i) => (i && i.lat !== null && i.lon !== null ? [{ lat: i.lat, lon: i.lon }] : []));

const mealAt = (start: string | null): Item["mealType"] => {
  if (!start) return null;
  const m = minutesOf(start);
  return m < 10 * 60 + 30 ? "breakfast" : m < 15 * 60 ? "lunch" : "dinner";
};

export function ItemPanel(props: {
  plan: Itinerary;
  sel: Selection | null;
  mode: Mode;
  setMode: (m: Mode) => void;
  places: Place[];
  run: (op: OpInput, then?: Selection | null) => boolean;
  moveWithin: (delta: 1 | -1) => void;
  moveToDay: (day: number) => void;
  remove: () => void;
}) {
  const { plan, sel, mode, setMode, places, run, moveWithin, moveToDay, remove } = props;
  const t = useTranslations("Correct.item");
  const tp = useTranslations("Plan");
  const item = sel ? plan.days[sel.day]?.items[sel.item] : undefined;
  const dayItems = sel ? plan.days[sel.day].items : [];
  const visited = useMemo(
    () =>
      new Set(plan.days.flatMap((d) => d.items.filter((i) => i.kind === "attraction" && i.poiId).map((i) => i.poiId!))),
    [plan],
  );

  const replaceable = useCallback((p: Place) => !!item && fits(item, p) && p.sourceId !== item.poiId, [item]);
  const insertable = useCallback((p: Place) => itemKindOf(p) !== null, []);
  const hotels = useCallback((p: Place) => p.kind === "HOTEL", []);

  if (!sel || !item)
    return (
      <section className="item-panel">
        <p className="muted small">{t("selectFirst")}</p>
      </section>
    );

  const close = () => setMode(null);
  const pickInsert = (p: Place) => {
    // After the selected item: from its end (or in its period), for the place's recommended time.
    const after = item.endTime && item.endTime !== "24:00" ? minutesOf(item.endTime) + 15 : null;
    const start = after !== null ? clockOf(Math.min(after, 23 * 60)) : null;
    const end = start ? clockOf(Math.min(minutesOf(start) + (p.recommendedMinutes ?? 60), 23 * 60 + 59)) : null;
    const kind = itemKindOf(p);
    const done = run(
      {
        type: "insert",
        day: sel.day + 1,
        at: sel.item + 1,
        poiId: p.sourceId,
        start,
        end,
        period: start ? null : (item.period ?? "Afternoon"),
        mealType: kind === "meal" ? mealAt(start) : null,
      } as OpInput,
      { day: sel.day, item: sel.item + 1 },
    );
    if (done) close();
  };

  return (
    <section className="item-panel" aria-label={t("region")}>
      <div className="item-head">
        <KindIcon kind={item.kind} />
        <div>
          <strong data-testid="selected-name">{item.name}</strong>
          <div className="muted small">
            {t("where", { day: sel.day + 1, n: sel.item + 1, count: dayItems.length })}
            {item.startTime ? `${item.startTime}–${item.endTime ?? "?"}` : (item.period ?? t("noTime"))}
          </div>
        </div>
      </div>
      <div className="item-ops">
        <button type="button" className="btn small" onClick={() => moveWithin(-1)} disabled={sel.item === 0}>
          {t("up")}
        </button>
        <button
          type="button"
          className="btn small"
          onClick={() => moveWithin(1)}
          disabled={sel.item === dayItems.length - 1}
        >
          {t("down")}
        </button>
        <select
          className="small-select"
          aria-label={t("moveTo")}
          value=""
          onChange={(e) => {
            // Back to the keyboard's shortcuts once a day is chosen.
            e.currentTarget.blur();
            if (e.target.value) moveToDay(Number(e.target.value));
          }}
        >
          <option value="">{t("moveToChoose")}</option>
          {plan.days.map((d, di) =>
            di === sel.day ? null : (
              <option key={di} value={di}>
                {tp("day", { n: di + 1 })}
              </option>
            ),
          )}
        </select>
        <button
          type="button"
          className={`btn small${mode === "retime" ? " on" : ""}`}
          onClick={() => setMode(mode === "retime" ? null : "retime")}
        >
          {t("times")} <kbd>t</kbd>
        </button>
        <button
          type="button"
          className={`btn small${mode === "replace" ? " on" : ""}`}
          onClick={() => setMode(mode === "replace" ? null : "replace")}
          disabled={item.kind === "transport"}
        >
          {t("replace")} <kbd>r</kbd>
        </button>
        <button
          type="button"
          className={`btn small${mode === "insert" ? " on" : ""}`}
          onClick={() => setMode(mode === "insert" ? null : "insert")}
        >
          {t("insert")} <kbd>i</kbd>
        </button>
        <button
          type="button"
          className={`btn small${mode === "hotel" ? " on" : ""}`}
          onClick={() => setMode(mode === "hotel" ? null : "hotel")}
        >
          {t("hotel")} <kbd>h</kbd>
        </button>
        <button type="button" className="btn small danger" onClick={remove}>
          {t("delete")} <kbd>x</kbd>
        </button>
      </div>
      {item.legs.length > 0 && (
        <div className="item-legs">
          <span className="muted small">{t("gettingHere")}</span>
          {item.legs.map((l, li) => (
            <label key={li} className="leg-mode small">
              {l.from ?? "?"} → {l.to ?? "?"}
              <select
                aria-label={t("legMode", { n: li + 1 })}
                value={l.mode}
                onChange={(e) =>
                  run({
                    type: "transfer",
                    day: sel.day + 1,
                    item: sel.item,
                    leg: li,
                    mode: e.target.value,
                  } as OpInput)
                }
              >
                {!(TRANSFER_MODES as readonly string[]).includes(l.mode) && <option value={l.mode}>{l.mode}</option>}
                {TRANSFER_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      {mode === "retime" && (
        <RetimeForm
          key={`${sel.day}:${sel.item}:${item.startTime}:${item.endTime}`}
          item={item}
          onApply={(start, end) =>
            run({ type: "retime", day: sel.day + 1, item: sel.item, start, end } as OpInput) && close()
          }
          onClose={close}
        />
      )}
      {mode === "replace" && (
        <PlaceSearch
          key="replace"
          places={places}
          allowed={replaceable}
          near={near([dayItems[sel.item - 1], dayItems[sel.item + 1], item])}
          visited={visited}
          title={t("replaceTitle", { name: item.name })}
          action={t("replaceAction")}
          onPick={(p) =>
            run({ type: "replace", day: sel.day + 1, item: sel.item, poiId: p.sourceId } as OpInput) && close()
          }
          onClose={close}
        />
      )}
      {mode === "insert" && (
        <PlaceSearch
          key="insert"
          places={places}
          allowed={insertable}
          near={near([item, dayItems[sel.item + 1]])}
          visited={visited}
          title={t("insertTitle", { name: item.name })}
          action={t("insertAction")}
          onPick={pickInsert}
          onClose={close}
        />
      )}
      {mode === "hotel" && (
        <PlaceSearch
          key="hotel"
          places={places}
          allowed={hotels}
          near={near(dayItems.slice(-3))}
          title={t("hotelTitle", { day: sel.day + 1 })}
          action={t("hotelAction")}
          onPick={(p) => run({ type: "hotel", day: sel.day + 1, poiId: p.sourceId } as OpInput) && close()}
          onClose={close}
        />
      )}
    </section>
  );
}

function RetimeForm({
  item,
  onApply,
  onClose,
}: {
  item: Item;
  onApply: (start: string, end: string) => void;
  onClose: () => void;
}) {
  const t = useTranslations("Correct.item");
  const [start, setStart] = useState(item.startTime ?? "");
  const [end, setEnd] = useState(item.endTime ?? "");
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
    first.current?.select();
  }, []);
  const shift = (m: number) => {
    if (!start || !end) return;
    const len = minutesOf(end) - minutesOf(start);
    const s = Math.max(0, Math.min(24 * 60 - Math.max(len, 0), minutesOf(start) + m));
    setStart(clockOf(s));
    setEnd(clockOf(s + len));
  };
  const duration = useMemo(() => {
    if (!/^\d\d:\d\d$/.test(start) || !/^\d\d:\d\d$/.test(end)) return null;
    const d = minutesOf(end) - minutesOf(start);
    return d > 0 ? t("minutes", { count: String(d) }) : null;
  }, [start, end, t]);
  return (
    <form
      className="retime"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(start.trim(), end.trim());
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <label>
        {t("startLabel")}
        <input
          ref={first}
          aria-label={t("start")}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          placeholder="HH:MM"
          size={5}
        />
      </label>
      <label>
        {t("endLabel")}
        <input
          aria-label={t("end")}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          placeholder="HH:MM"
          size={5}
        />
      </label>
      <button type="button" className="btn small" onClick={() => shift(-15)} title={t("earlier")}>
        −15
      </button>
      <button type="button" className="btn small" onClick={() => shift(15)} title={t("later")}>
        +15
      </button>
      <span className="muted small">{duration}</span>
      <button type="submit" className="btn small primary">
        {t("setTimes")}
      </button>
    </form>
  );
}
