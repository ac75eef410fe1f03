"use client";
/**
 * A place of the dataset's table, searched by name and type, nearest to the neighbouring items first. Only the
 * places `allowed` passes are offered (a kind that fits the item). Attractions the plan visits already come last,
 * marked (a second visit fails the duplicate check). Keyboard: type, ↑/↓, Enter picks, Esc closes. The field is a
 * combobox over the listbox of places (the active one its aria-activedescendant), as screen readers expect.
 */
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Place } from "@/lib/corrections/browser";
import { haversineKm } from "@/lib/kernel/browser";

const SHOWN = 8;
/** A place's types, one by one (ChinaTravel's come as "{公园;小众秘境}"). */
const typesOf = (p: Place) =>
  p.tags
    .flatMap((t) => t.replace(/[{}[\]]/g, "").split(/[;,，；]/))
    .map((t) => t.trim())
    .filter(Boolean);

export function PlaceSearch(props: {
  places: Place[];
  allowed: (p: Place) => boolean;
  /** The neighbouring items' coordinates: the nearest places come first. */
  near: { lat: number; lon: number }[];
  /** The attractions the plan visits now (place ids). */
  visited?: ReadonlySet<string>;
  title: string;
  action: string;
  onPick: (p: Place) => void;
  onClose: () => void;
}) {
  const { places, allowed, near, visited, title, action, onPick, onClose } = props;
  const tr = useTranslations("Correct.search");
  const [q, setQ] = useState("");
  const [type, setType] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  useEffect(() => input.current?.focus(), []);

  // A place's kind in the page's language, beside its types (the type filter offers both).
  const kindOf = useCallback(
    (p: Place) => (tr.has(`kinds.${p.kind}`) ? tr(`kinds.${p.kind}`) : p.kind.toLowerCase()),
    [tr],
  );
  const candidates = useMemo(() => places.filter(allowed), [places, allowed]);
  const types = useMemo(
    () => [...new Set(candidates.flatMap((p) => [kindOf(p), ...typesOf(p)]))].sort(),
    [candidates, kindOf],
  );
  const results = useMemo(() => {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const distance = (p: Place) =>
      p.lat === null || p.lon === null || near.length === 0
        ? Infinity
        : Math.min(...near.map((n) => haversineKm(n.lat, n.lon, p.lat!, p.lon!)));
    return candidates
      .filter((p) => words.every((w) => p.name.toLowerCase().includes(w)))
      .filter((p) => !type || typesOf(p).includes(type) || kindOf(p) === type)
      .map((p) => ({ p, km: distance(p), again: p.kind === "ATTRACTION" && !!visited?.has(p.sourceId) }))
      .sort((a, b) => Number(a.again) - Number(b.again) || a.km - b.km || a.p.name.localeCompare(b.p.name));
  }, [candidates, q, type, near, visited, kindOf]);
  const shown = results.slice(0, SHOWN);
  const at = Math.min(active, Math.max(0, shown.length - 1));

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive(Math.max(0, Math.min(shown.length - 1, at + (e.key === "ArrowDown" ? 1 : -1))));
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (shown[at]) onPick(shown[at].p);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <div className="place-search" onKeyDown={onKey}>
      <div className="place-search-head">
        <strong>{title}</strong>
        <button type="button" className="btn-link small" onClick={onClose}>
          {tr("cancel")} <kbd>Esc</kbd>
        </button>
      </div>
      <div className="place-search-fields">
        <input
          ref={input}
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown.length > 0 ? `${listId}-${at}` : undefined}
          aria-label={tr("byName")}
          placeholder={tr("name")}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setActive(0);
          }}
        />
        <select aria-label={tr("type")} value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">{tr("anyType")}</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {/* The options are the clickable rows themselves: a button inside an option is a control in a control. */}
      {shown.length > 0 ? (
        <ul className="place-results" role="listbox" id={listId} aria-label={tr("places")}>
          {shown.map(({ p, km, again }, i) => (
            <li
              key={p.sourceId}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === at}
              aria-label={`${action} ${p.name}`}
              className={i === at ? "on" : ""}
              onMouseEnter={() => setActive(i)}
              onClick={() => onPick(p)}
            >
              <span className="place-name">{p.name}</span>
              <span className="muted small">
                {[kindOf(p), ...typesOf(p).slice(0, 2)].join(" · ")}
                {Number.isFinite(km) && ` · ${km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`}`}
                {again && tr("inPlan")}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="place-results muted small">{tr("none")}</p>
      )}
      {results.length > SHOWN && (
        <p className="muted small">
          {tr("more", { count: String(results.length - SHOWN), places: String(candidates.length) })}
        </p>
      )}
    </div>
  );
}
