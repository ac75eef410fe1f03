/**
 * A corrected plan back in its dataset's published format, starting from the source plan's raw record (the Plan
 * row's `raw`): a day the corrections left alone is the raw day object itself, an item left alone its raw entry,
 * and a changed entry gets only the fields whose canonical value changed. Which raw entry a corrected item came
 * from follows the operations (`origins`), not a guess from names.
 *
 * Each format carries part of the canonical model; an edit it cannot carry is refused with a sentence (TripScore
 * places have periods and no times, ChinaTravel has times and no periods, TripCraft orders a day by its times).
 * Fields a format never carries come back as its importer fills them (TripCraft: no prices or costs).
 */
import type { DATASET_FORMATS } from "../normalized";
import type { Item, Itinerary } from "../itinerary/model";
import {
  apply,
  applyAll,
  parseOp,
  sameData,
  type CorrectionError,
  type Result,
  type Op,
  type OpInput,
  type PlaceLookup,
  NotCarried,
  type Corrected,
  type Origin,
} from "../../corrections";
import { chinaTravelRecord } from "./serialise-chinatravel";
import { tripCraftRecord } from "./serialise-tripcraft";
import { tripScoreRecord } from "./serialise-tripscore";

export type { Origin };

/** The source position of every item of the corrected plan, by replaying the operations (up to a refused one). */
export function origins(source: Itinerary, ops: readonly Op[], places: PlaceLookup): Origin[][] {
  const map: Origin[][] = source.days.map((d, day) => d.items.map((_, item) => ({ day, item })));
  const removed: { value: Item; origin: Origin }[] = [];
  let cur = source;
  for (const op of ops) {
    const next = apply(cur, op, places);
    if (!next.ok) break;
    if (op.type === "move") map[op.toDay - 1].splice(op.toItem, 0, ...map[op.day - 1].splice(op.item, 1));
    else if (op.type === "insert") map[op.day - 1].splice(op.at, 0, null);
    else if (op.type === "delete") {
      removed.push({ value: cur.days[op.day - 1].items[op.item], origin: map[op.day - 1][op.item] });
      map[op.day - 1].splice(op.item, 1);
    } else if (op.type === "restore" && op.insert) {
      // An undone delete puts its item back where it came from.
      const back = removed.findLastIndex((r) => sameData(r.value, op.value));
      map[op.day - 1].splice(op.item, 0, back >= 0 ? removed.splice(back, 1)[0].origin : null);
    }
    cur = next.value;
  }
  return map;
}

/** The corrected plan in its format: `record` is the new raw record (for CANONICAL, the itinerary itself). */
export function serialise(
  format: (typeof DATASET_FORMATS)[number],
  raw: unknown,
  source: Itinerary,
  ops: readonly (OpInput | Op)[],
  places: PlaceLookup,
): Result<{ record: unknown; itinerary: Itinerary }> {
  const parsed: Op[] = [];
  for (const o of ops) {
    const p = parseOp(o);
    if (!p.ok) return p;
    parsed.push(p.value);
  }
  const applied = applyAll(source, parsed, places);
  if (!applied.ok) return applied;
  const corrected = applied.value;
  const map = origins(source, parsed, places);
  const c: Corrected = {
    source,
    corrected,
    origins: map,
    from: (day, item) => {
      const o = map[day][item];
      return o ? source.days[o.day].items[o.item] : null;
    },
    untouched: (day) =>
      map[day].length === source.days[day].items.length &&
      map[day].every((o, i) => o?.day === day && o.item === i) &&
      sameData(corrected.days[day], source.days[day]),
  };
  try {
    const record =
      format === "CHINATRAVEL"
        ? chinaTravelRecord(raw, c)
        : format === "TRIPSCORE"
          ? tripScoreRecord(raw, c)
          : format === "TRIPCRAFT"
            ? tripCraftRecord(raw, c)
            : corrected;
    return { ok: true, value: { record, itinerary: corrected } };
  } catch (e) {
    if (!(e instanceof NotCarried)) throw e;
    const error: CorrectionError = { code: "not_carried", message: e.message };
    return { ok: false, error };
  }
}
