/**
 * A corrected plan as TripCraft day records: each visit an entry of `point_of_interest_list` ("<place>, visit
 * from HH:MM to HH:MM, nearest transit: <stop>, <d>m away"), meals, hotel and event named again in their fields
 * ("<place>, <city>"), intercity transport in `transportation`. The importer orders a day by its times.
 */
import { parsePoiList, type PoiVisit } from "../importers";
import type { Item } from "../itinerary/model";
import { sameData, NotCarried, type Corrected } from "../../corrections";

type RawDay = Record<string, unknown> & {
  current_city: string;
  transportation: string;
  point_of_interest_list: string;
};

const MEALS = ["breakfast", "lunch", "dinner"] as const;

/** What a day's fields say, read from its items as the importer would write them back. */
function fieldsOf(items: readonly Item[]) {
  const out: Record<string, string[]> = {
    accommodation: items
      .filter((i) => i.kind === "hotel")
      .slice(-1)
      .map((i) => i.name),
    event: items.filter((i) => i.kind === "event").map((i) => i.name),
    attraction: items.filter((i) => i.kind === "attraction").map((i) => i.name),
  };
  for (const m of MEALS) out[m] = items.filter((i) => i.kind === "meal" && i.mealType === m).map((i) => i.name);
  return out;
}

const entryText = (v: PoiVisit) =>
  `${v.name}, ${v.stay ? "stay" : "visit"} from ${v.start} to ${v.end}` +
  (v.transitStop !== null && v.transitMeters !== null
    ? `, nearest transit: ${v.transitStop}, ${v.transitMeters}m away`
    : "");

/** The importer's order of a day: by start time, ties as listed (transport first), a first-day arrival first. */
function importerOrder(items: readonly Item[], arrivalDay: boolean): Item[] {
  const listed = [...items.filter((i) => i.kind === "transport"), ...items.filter((i) => i.kind !== "transport")];
  const arrival = arrivalDay && listed[0]?.kind === "transport" ? [listed.shift()!] : [];
  const sorted = listed
    .map((item, i) => ({ item, i }))
    .sort((x, y) => (x.item.startTime ?? "99").localeCompare(y.item.startTime ?? "99") || x.i - y.i);
  return [...arrival, ...sorted.map((x) => x.item)];
}

export function tripCraftRecord(raw: unknown, c: Corrected): unknown {
  const r = raw as Record<string, unknown> & { plan: RawDay[] };
  // Each source item's entry in its day's list (transport has none).
  const visitOf = c.source.days.map((d, di) => {
    const { visits } = parsePoiList(r.plan[di].point_of_interest_list);
    const used = new Set<number>();
    return d.items.map((item) => {
      const k = visits.findIndex(
        (v, i) => !used.has(i) && v.name === item.name && v.start === item.startTime && v.end === item.endTime,
      );
      if (item.kind === "transport" || k < 0) return null;
      used.add(k);
      return visits[k];
    });
  });
  return {
    ...r,
    plan: c.corrected.days.map((d, di) => {
      const day = r.plan[di];
      if (c.untouched(di)) return day;
      const city = day.current_city.replace(/^from .+? to /i, "").trim();
      const order = importerOrder(d.items, di === 0 && /^from /i.test(day.current_city));
      const misplaced = d.items.findIndex((item, i) => order[i] !== item);
      if (misplaced >= 0)
        throw new NotCarried(
          `TripCraft orders a day by its times: ${d.items[misplaced].name} on day ${di + 1} needs times that put it there`,
        );
      const now = fieldsOf(d.items),
        was = fieldsOf(c.source.days[di].items);
      for (const m of [...MEALS, "accommodation"])
        if (now[m].length > 1)
          throw new NotCarried(`a TripCraft day has one ${m}: day ${di + 1} has ${now[m].join(", ")}`);
      const out: RawDay = { ...day };
      // A field is written again only when what the items say about it changed.
      for (const [field, names] of Object.entries(now))
        if (!sameData(names, was[field]))
          out[field] = names.length ? names.map((n) => `${n}, ${city}`).join("; ") : "-";
      const transport = d.items.map((item, ii) => ({ item, ii })).filter((x) => x.item.kind === "transport");
      if (transport.length > 1) throw new NotCarried(`a TripCraft day has one transportation: day ${di + 1} has more`);
      const hotel = now.accommodation[0]?.toLowerCase();
      const entries: string[] = [];
      d.items.forEach((item, ii) => {
        const o = c.origins[di][ii],
          src = c.from(di, ii);
        if (item.kind === "transport") {
          if (!o || !src || !sameData(item, src))
            throw new NotCarried(`TripCraft cannot carry this change of ${item.name}`);
          out.transportation = r.plan[o.day].transportation;
          return;
        }
        if (item.kind === "meal" && !item.mealType)
          throw new NotCarried(
            `TripCraft knows a meal by its day's breakfast, lunch or dinner: say which ${item.name} is`,
          );
        if (!item.startTime || !item.endTime)
          throw new NotCarried(`TripCraft visits have times: ${item.name} has none`);
        const v = o ? visitOf[o.day][o.item] : null;
        // A hotel entry is a stay unless the accommodation field still names it (as the importer reads kinds).
        const stay = item.kind === "hotel" && (!v || v.stay || item.name.toLowerCase() !== hotel);
        const keep = v && v.name === item.name;
        entries.push(
          entryText({
            name: item.name,
            stay,
            start: item.startTime,
            end: item.endTime,
            transitStop: keep ? v.transitStop : null,
            transitMeters: keep ? v.transitMeters : null,
          }),
        );
      });
      if (!transport.length) out.transportation = "-";
      out.point_of_interest_list = entries.length ? `${entries.join("; ")}.` : "-";
      return out;
    }),
  };
}
