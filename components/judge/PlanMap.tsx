"use client";
/**
 * One plan on a Leaflet map: a colour per day, numbered stops in visiting order, lines between
 * consecutive stops, hotels (square) and transport (diamond) told apart. Works without tiles.
 */
import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import { MapContainer, Marker, Polyline, ScaleControl, TileLayer, Tooltip, useMap } from "react-leaflet";
import type { Itinerary } from "@/lib/datasets/browser";
import { dayColor, itemKey, type ItemKey } from "./style";

export interface Tiles {
  url: string;
  attribution: string;
}

interface Stop {
  key: ItemKey;
  lat: number;
  lon: number;
  n: number;
  day: number;
  kind: string;
  name: string;
}

function stopsOf(it: Itinerary, side: "left" | "right", dayFilter: number | null): Stop[][] {
  return it.days.map((d, di) => {
    if (dayFilter !== null && di !== dayFilter) return [];
    let n = 0;
    return d.items.flatMap((item, ii) =>
      item.lat !== null && item.lon !== null
        ? [
            {
              key: itemKey(side, di, ii),
              lat: item.lat,
              lon: item.lon,
              n: ++n,
              day: di,
              kind: item.kind,
              name: item.name,
            },
          ]
        : [],
    );
  });
}

function icon(stop: Stop, highlighted: boolean) {
  const shape = stop.kind === "hotel" ? "mk-hotel" : stop.kind === "transport" ? "mk-transport" : "mk-stop";
  const label = stop.kind === "hotel" ? "H" : stop.kind === "transport" ? "T" : String(stop.n);
  return L.divIcon({
    className: "",
    html: `<div class="mk ${shape}${highlighted ? " mk-hl" : ""}" style="--c:${dayColor(stop.day)}"><span>${label}</span></div>`,
    iconSize: [26, 26],
    iconAnchor: [13, 13],
  });
}

/** Fits the map to the shown stops whenever they change. */
function FitBounds({ points, fallback }: { points: [number, number][]; fallback: [number, number] }) {
  const map = useMap();
  const key = points.map((p) => p.join(",")).join(";");
  useEffect(() => {
    if (points.length === 0) map.setView(fallback, 12, { animate: false });
    else if (points.length === 1) map.setView(points[0], 14, { animate: false });
    else map.fitBounds(L.latLngBounds(points), { padding: [24, 24], animate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the set of points changes
  }, [key]);
  return null;
}

/**
 * The map as one image to screen readers, named by `label` (which plan, and that its timeline lists the stops): the
 * markers inside are not read one by one; the zoom buttons, scale and tiles' attribution stay outside it.
 */
function TextAlternative({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const pane = map.getPane("mapPane");
    pane?.setAttribute("role", "img");
    pane?.setAttribute("aria-label", label);
    // The library's credit as text, not a link: two Tab stops fewer between the tools and the verdict.
    map.attributionControl?.setPrefix("Leaflet");
  }, [map, label]);
  return null;
}

function Register({ onMap }: { onMap: (m: L.Map) => void }) {
  const map = useMap();
  useEffect(() => onMap(map), [map, onMap]);
  return null;
}

export default function PlanMap(props: {
  itinerary: Itinerary;
  side: "left" | "right";
  dayFilter: number | null;
  highlighted: ItemKey | null;
  onHover: (k: ItemKey | null) => void;
  onSelect: (k: ItemKey) => void;
  tiles: Tiles | null;
  center: [number, number];
  onMap: (m: L.Map) => void;
  /** When the maps are kept in step, both fit the stops of both plans. */
  fitTo?: Itinerary[];
  /** The plan's name for screen readers ("A", "B"; none where one plan is shown). */
  planLabel?: string;
}) {
  const { itinerary, side, dayFilter, highlighted, onHover, onSelect, tiles, center, onMap, fitTo } = props;
  const t = useTranslations("Plan");
  const days = useMemo(() => stopsOf(itinerary, side, dayFilter), [itinerary, side, dayFilter]);
  const shown = days.flat().length;
  const label =
    `Map of ${props.planLabel ? `plan ${props.planLabel}` : "the plan"}: ${shown} place${shown === 1 ? "" : "s"}` +
    `${dayFilter === null ? "" : ` of day ${dayFilter + 1}`}; the timeline lists them with their times.`;
  const points = useMemo(
    () =>
      (fitTo ?? [itinerary]).flatMap((it) =>
        stopsOf(it, side, dayFilter)
          .flat()
          .map((s) => [s.lat, s.lon] as [number, number]),
      ),
    [fitTo, itinerary, side, dayFilter],
  );
  return (
    <MapContainer
      className="plan-map"
      center={center}
      zoom={12}
      scrollWheelZoom={false}
      keyboard={false}
      attributionControl={!!tiles}
      preferCanvas={false}
    >
      {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
      <ScaleControl position="bottomleft" />
      <FitBounds points={points} fallback={center} />
      <Register onMap={onMap} />
      <TextAlternative label={label} />
      {days.map((stops, di) =>
        stops.length > 1 ? (
          <Polyline
            key={`l${di}`}
            positions={stops.map((s) => [s.lat, s.lon])}
            pathOptions={{ color: dayColor(di), weight: 3, opacity: 0.8, dashArray: di % 2 ? "6 4" : undefined }}
          />
        ) : null,
      )}
      {days.flat().map((s) => (
        <Marker
          key={s.key}
          position={[s.lat, s.lon]}
          icon={icon(s, highlighted === s.key)}
          // Out of the tab order (Leaflet makes every marker a Tab stop): the timeline lists the same stops.
          keyboard={false}
          zIndexOffset={highlighted === s.key ? 1000 : 0}
          eventHandlers={{
            mouseover: () => onHover(s.key),
            mouseout: () => onHover(null),
            click: () => onSelect(s.key),
          }}
        >
          <Tooltip direction="top" offset={[0, -12]}>
            {t("day", { n: s.day + 1 })} ·{" "}
            {s.kind === "hotel" || s.kind === "transport" ? t(`kinds.${s.kind}`) : t("stop", { n: s.n })}: {s.name}
          </Tooltip>
        </Marker>
      ))}
    </MapContainer>
  );
}
