/** A corrected plan as a ChinaTravel plan: `itinerary[].activities[]` with times, costs and `transports[]`. */
import type { Item, TransportLeg } from "../itinerary/model";
import { sameData, changed, NotCarried, put, type Corrected } from "../../corrections";

type Raw = Record<string, unknown>;

function typeOf(item: Item): string {
  if (item.kind === "hotel") return "accommodation";
  if (item.kind === "attraction") return "attraction";
  if (item.kind === "meal") {
    if (!item.mealType)
      throw new NotCarried(`ChinaTravel meals are breakfast, lunch or dinner: say which ${item.name} is`);
    return item.mealType;
  }
  throw new NotCarried(`ChinaTravel has no ${item.kind} activity for ${item.name}`);
}

function leg(l: TransportLeg, src: TransportLeg | undefined, raw: Raw | undefined): Raw {
  if (raw && src && sameData(l, src)) return raw;
  const out: Raw = { ...raw };
  const pairs: [keyof TransportLeg, string][] = [
    ["from", "start"],
    ["to", "end"],
    ["mode", "mode"],
    ["startTime", "start_time"],
    ["endTime", "end_time"],
    ["cost", "cost"],
    ["distanceKm", "distance"],
  ];
  for (const [k, field] of pairs) if (!src || src[k] !== l[k]) put(out, field, l[k]);
  return out;
}

function activity(item: Item, src: Item | null, raw: Raw | null): Raw {
  if (item.period !== null && (!src || src.period !== item.period))
    throw new NotCarried(
      `ChinaTravel activities have times, not periods: give ${item.name} times, not "${item.period}"`,
    );
  if (src && raw && sameData(item, src)) return raw;
  const out: Raw = raw ? { ...raw } : {};
  if (changed(item, src, "kind") || changed(item, src, "mealType")) out.type = typeOf(item);
  if (item.kind !== "transport" && changed(item, src, "name")) out.position = item.name;
  if (changed(item, src, "startTime")) put(out, "start_time", item.startTime);
  if (changed(item, src, "endTime")) put(out, "end_time", item.endTime);
  if (changed(item, src, "price")) put(out, "price", item.price);
  if (changed(item, src, "cost")) put(out, "cost", item.cost);
  if (changed(item, src, "tickets")) put(out, item.kind === "hotel" ? "rooms" : "tickets", item.tickets);
  if (changed(item, src, "legs") || !raw) {
    const rawLegs = (raw?.transports ?? []) as Raw[];
    out.transports = item.legs.map((l, k) => leg(l, src?.legs[k], rawLegs[k]));
  }
  return out;
}

export function chinaTravelRecord(raw: unknown, c: Corrected): unknown {
  const r = raw as Raw & { itinerary: (Raw & { activities: Raw[] })[] };
  return {
    ...r,
    itinerary: c.corrected.days.map((d, di) =>
      c.untouched(di)
        ? r.itinerary[di]
        : {
            ...r.itinerary[di],
            activities: d.items.map((item, ii) => {
              const o = c.origins[di][ii];
              return activity(item, c.from(di, ii), o ? r.itinerary[o.day].activities[o.item] : null);
            }),
          },
    ),
  };
}
