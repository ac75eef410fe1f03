/**
 * `apply` (an operation → a new itinerary, or why not) and `invert` (the operation that undoes one). Neither
 * mutates: an edited itinerary shares the days and items it did not touch with the one it came from.
 */
import { minutesOf, type Item, type Itinerary } from "../datasets/browser";
import { opSchema, type Op, type OpInput } from "./ops";
import { fits, itemKindOf, type Place, type PlaceLookup } from "./places";

export type CorrectionErrorCode =
  | "invalid_op"
  | "reason_text_required"
  | "day_out_of_range"
  | "item_out_of_range"
  | "place_not_in_table"
  | "not_an_accommodation"
  | "place_kind_mismatch"
  | "not_replaceable"
  | "end_not_after_start"
  | "no_leg"
  | "no_night"
  | "no_hotel_that_night"
  /** The dataset's format cannot carry the edit (serialise). */
  | "not_carried";

export interface CorrectionError {
  code: CorrectionErrorCode;
  message: string;
  /** Where in the operation (zod's path, dotted) for an invalid one. */
  path?: string;
}
export type Result<T> = { ok: true; value: T } | { ok: false; error: CorrectionError };

class Refused extends Error {
  constructor(readonly error: CorrectionError) {
    super(error.message);
  }
}
const refuse = (code: CorrectionErrorCode, message: string): never => {
  throw new Refused({ code, message });
};

/** Validates an operation's shape (reasons included). */
export function parseOp(input: unknown): Result<Op> {
  const r = opSchema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const path = issue.path.join(".");
  const text = path === "reason.text" || path.endsWith(".reason.text");
  return {
    ok: false,
    error: {
      code: text ? "reason_text_required" : "invalid_op",
      message: `${path || "operation"}: ${issue.message}`,
      path,
    },
  };
}

function dayAt(it: Itinerary, day: number) {
  if (day > it.days.length)
    refuse("day_out_of_range", `day ${day} does not exist: the plan has ${it.days.length} day(s)`);
  return it.days[day - 1];
}

function itemAt(it: Itinerary, day: number, item: number): Item {
  const d = dayAt(it, day);
  if (item >= d.items.length)
    refuse("item_out_of_range", `day ${day} has no item ${item}: it has ${d.items.length} (indexes from 0)`);
  return d.items[item];
}

function placeOf(places: PlaceLookup, poiId: string): Place {
  return (
    places(poiId) ??
    refuse("place_not_in_table", `place "${poiId}" is not in the dataset's place table: only its places may be used`)
  );
}

/** Times an expert sets: the end after the start, except for stays and transport that run past midnight. */
function checkTimes(kind: Item["kind"], start: string, end: string) {
  if (start === "24:00") refuse("end_not_after_start", "nothing starts at 24:00: the day is over");
  const overnight = kind === "hotel" || kind === "transport";
  if (minutesOf(end) <= minutesOf(start) && !(overnight && minutesOf(end) < minutesOf(start)))
    refuse("end_not_after_start", `the end (${end}) must come after the start (${start}) within the day`);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The item visiting another place: its times, legs and tickets stay, but the legs that reach it arrive at the new
 * place ("Getting here" named the old one); price from the table, cost scaled to it.
 */
function moved(item: Item, place: Place): Item {
  if (item.kind === "transport") refuse("not_replaceable", `${item.name} is transport: only visits change place`);
  if (!fits(item, place))
    refuse(
      item.kind === "hotel" ? "not_an_accommodation" : "place_kind_mismatch",
      item.kind === "hotel"
        ? `${place.name} is not an accommodation (it is a ${place.kind.toLowerCase()})`
        : `${place.name} (a ${place.kind.toLowerCase()}) cannot be a ${item.kind}`,
    );
  const price = place.price ?? null;
  // The plan's own multiplier (people, tickets) carried over to the new price.
  const cost = price !== null && item.cost !== null && item.price ? round2((item.cost / item.price) * price) : null;
  // The last leg ends at the item, whatever name it gave it; another leg only where it named the old place.
  const legs = item.legs.map((l, i) =>
    l.to !== null && (i === item.legs.length - 1 || l.to === item.name) ? { ...l, to: place.name } : l,
  );
  return { ...item, name: place.name, poiId: place.sourceId, lat: place.lat, lon: place.lon, price, cost, legs };
}

function withDay(it: Itinerary, day: number, items: Item[]): Itinerary {
  const days = it.days.slice();
  days[day - 1] = { ...days[day - 1], items };
  return { ...it, days };
}

function run(it: Itinerary, op: Op, places: PlaceLookup): Itinerary {
  switch (op.type) {
    case "move": {
      const item = itemAt(it, op.day, op.item);
      const from = it.days[op.day - 1].items.slice();
      from.splice(op.item, 1);
      const out = withDay(it, op.day, from);
      const target = dayAt(out, op.toDay).items.slice();
      if (op.toItem > target.length)
        refuse("item_out_of_range", `day ${op.toDay} has room for indexes 0–${target.length}, not ${op.toItem}`);
      target.splice(op.toItem, 0, item);
      return withDay(out, op.toDay, target);
    }
    case "retime": {
      const item = itemAt(it, op.day, op.item);
      checkTimes(item.kind, op.start, op.end);
      const items = it.days[op.day - 1].items.slice();
      items[op.item] = { ...item, startTime: op.start, endTime: op.end };
      return withDay(it, op.day, items);
    }
    case "replace": {
      const item = itemAt(it, op.day, op.item);
      const items = it.days[op.day - 1].items.slice();
      items[op.item] = moved(item, placeOf(places, op.poiId));
      return withDay(it, op.day, items);
    }
    case "hotel": {
      if (op.day >= it.days.length)
        refuse("no_night", `day ${op.day} is the plan's last day: no night after it (or no such day)`);
      const items = it.days[op.day - 1].items.slice();
      const at = items.findLastIndex((i) => i.kind === "hotel");
      if (at < 0) refuse("no_hotel_that_night", `day ${op.day} has no hotel for its night: insert one`);
      items[at] = moved(items[at], placeOf(places, op.poiId));
      return withDay(it, op.day, items);
    }
    case "insert": {
      const place = placeOf(places, op.poiId);
      const kind = itemKindOf(place);
      if (!kind) return refuse("place_kind_mismatch", `${place.name} is a ${place.kind.toLowerCase()}: not a visit`);
      if (op.start && op.end) checkTimes(kind, op.start, op.end);
      const items = dayAt(it, op.day).items.slice();
      if (op.at > items.length)
        refuse("item_out_of_range", `day ${op.day} has room for indexes 0–${items.length}, not ${op.at}`);
      items.splice(op.at, 0, {
        kind,
        name: place.name,
        poiId: place.sourceId,
        lat: place.lat,
        lon: place.lon,
        city: place.destination,
        startTime: op.start,
        endTime: op.end,
        period: op.period,
        cost: null,
        price: place.price ?? null,
        tickets: null,
        mealType: kind === "meal" ? op.mealType : null,
        transport: null,
        legs: [],
      });
      return withDay(it, op.day, items);
    }
    case "delete": {
      itemAt(it, op.day, op.item);
      const items = it.days[op.day - 1].items.slice();
      items.splice(op.item, 1);
      return withDay(it, op.day, items);
    }
    case "transfer": {
      const item = itemAt(it, op.day, op.item);
      if (op.leg >= item.legs.length)
        refuse("no_leg", `${item.name} is reached by ${item.legs.length} transfer leg(s): no leg ${op.leg} (from 0)`);
      const legs = item.legs.slice();
      legs[op.leg] = { ...legs[op.leg], mode: op.mode };
      const items = it.days[op.day - 1].items.slice();
      items[op.item] = { ...item, legs };
      return withDay(it, op.day, items);
    }
    case "restore": {
      const items = dayAt(it, op.day).items.slice();
      if (op.insert ? op.item > items.length : op.item >= items.length)
        refuse("item_out_of_range", `day ${op.day} has no index ${op.item} to restore an item at`);
      items.splice(op.item, op.insert ? 0 : 1, op.value);
      return withDay(it, op.day, items);
    }
  }
}

/** The itinerary after the operation (validated first), or why the operation is refused. Never mutates `it`. */
export function apply(it: Itinerary, input: OpInput | Op, places: PlaceLookup): Result<Itinerary> {
  const parsed = parseOp(input);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, value: run(it, parsed.value, places) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.error };
    throw e;
  }
}

/** Applies operations in order; stops at the first refused one (its index in `at`). */
export function applyAll(
  it: Itinerary,
  ops: readonly (OpInput | Op)[],
  places: PlaceLookup,
): Result<Itinerary> & { at?: number } {
  let cur = it;
  for (const [i, op] of ops.entries()) {
    const r = apply(cur, op, places);
    if (!r.ok) return { ...r, at: i };
    cur = r.value;
  }
  return { ok: true, value: cur };
}

/** Deep equality of JSON data (itineraries are JSON). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The operation that undoes `op` on `before`: apply(apply(before, op), invert(before, op)) deep-equals before.
 * The natural inverse where one exists (a move back, the old times, the old mode, a delete for an insert), else a
 * `restore` of the item as it was. The inverse carries the operation's reason.
 */
export function invert(before: Itinerary, input: OpInput | Op, places: PlaceLookup): Result<Op> {
  const parsed = parseOp(input);
  if (!parsed.ok) return parsed;
  const op = parsed.value;
  const after = apply(before, op, places);
  if (!after.ok) return after;
  const reason = op.reason;
  const restore = (day: number, item: number, insert = false): Op => ({
    type: "restore",
    day,
    item,
    value: before.days[day - 1].items[item],
    insert,
    reason,
  });
  let natural: Op;
  switch (op.type) {
    case "move":
      return {
        ok: true,
        value: { type: "move", day: op.toDay, item: op.toItem, toDay: op.day, toItem: op.item, reason },
      };
    case "insert":
      return { ok: true, value: { type: "delete", day: op.day, item: op.at, reason } };
    case "delete":
      return { ok: true, value: restore(op.day, op.item, true) };
    case "restore":
      return {
        ok: true,
        value: op.insert ? { type: "delete", day: op.day, item: op.item, reason } : restore(op.day, op.item),
      };
    case "hotel":
      return {
        ok: true,
        value: restore(
          op.day,
          before.days[op.day - 1].items.findLastIndex((i) => i.kind === "hotel"),
        ),
      };
    case "replace":
      return { ok: true, value: restore(op.day, op.item) };
    case "retime": {
      const old = before.days[op.day - 1].items[op.item];
      if (!old.startTime || !old.endTime) return { ok: true, value: restore(op.day, op.item) };
      natural = { ...op, start: old.startTime, end: old.endTime };
      break;
    }
    case "transfer":
      natural = { ...op, mode: before.days[op.day - 1].items[op.item].legs[op.leg].mode as typeof op.mode };
      break;
  }
  // The old times or mode may be ones an expert could not set (a mode outside ChinaTravel's): restore then.
  const back = apply(after.value, natural, places);
  return { ok: true, value: back.ok && sameData(back.value, before) ? natural : restore(op.day, op.item) };
}
