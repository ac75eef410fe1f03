/** The edit list for export: one row per operation, with the values it changed before and after. */
import type { Item, Itinerary } from "../datasets/browser";
import { apply, parseOp, type Result } from "./apply";
import type { Op, OpInput, OpType, Reason } from "./ops";
import type { PlaceLookup } from "./places";

export interface EditRow {
  op: OpType;
  /** Where the operation acted, in the plan as it was then: 1-based day, 0-based item (null: the whole day). */
  day: number;
  item: number | null;
  /** The item's name before the operation (after it, for an insert). */
  name: string;
  /** The values the operation changed: place names, times ("09:00–11:00"), positions ("day 2, item 3"), modes. */
  from: string | null;
  to: string | null;
  reason: Reason;
}

const times = (i: Item) => `${i.startTime ?? "?"}–${i.endTime ?? "?"}`;
const visit = (i: Item) => `${i.name} ${times(i)}`;

function row(it: Itinerary, op: Op): EditRow {
  const at = (day: number, item: number) => it.days[day - 1].items[item];
  const base = { op: op.type, day: op.day, reason: op.reason };
  switch (op.type) {
    case "move": {
      const i = at(op.day, op.item);
      // The texts count items from 1, as the screen numbers them; `item` stays the operation's index (from 0).
      const from = `day ${op.day}, item ${op.item + 1}`;
      return { ...base, item: op.item, name: i.name, from, to: `day ${op.toDay}, item ${op.toItem + 1}` };
    }
    case "retime": {
      const i = at(op.day, op.item);
      return { ...base, item: op.item, name: i.name, from: times(i), to: `${op.start}–${op.end}` };
    }
    case "replace":
    case "hotel": {
      const index = op.type === "hotel" ? it.days[op.day - 1].items.findLastIndex((x) => x.kind === "hotel") : op.item;
      return { ...base, item: index, name: at(op.day, index).name, from: at(op.day, index).name, to: null };
    }
    case "insert":
      return { ...base, item: op.at, name: "", from: null, to: null };
    case "delete":
      return { ...base, item: op.item, name: at(op.day, op.item).name, from: visit(at(op.day, op.item)), to: null };
    case "transfer": {
      const i = at(op.day, op.item);
      return { ...base, item: op.item, name: i.name, from: i.legs[op.leg].mode, to: op.mode };
    }
    case "restore": {
      const i = op.insert ? null : at(op.day, op.item);
      return { ...base, item: op.item, name: i?.name ?? op.value.name, from: i && visit(i), to: visit(op.value) };
    }
  }
}

/** The rows of `ops` applied in order to `source`, or the first refused operation's error. */
export function editList(source: Itinerary, ops: readonly (OpInput | Op)[], places: PlaceLookup): Result<EditRow[]> {
  const rows: EditRow[] = [];
  let cur = source;
  for (const input of ops) {
    const parsed = parseOp(input);
    if (!parsed.ok) return parsed;
    const next = apply(cur, parsed.value, places);
    if (!next.ok) return next;
    const r = row(cur, parsed.value);
    // What the operation put in place, read from the plan after it.
    const op = parsed.value;
    if (op.type === "replace" || op.type === "hotel") r.to = next.value.days[op.day - 1].items[r.item!].name;
    if (op.type === "insert") {
      const added = next.value.days[op.day - 1].items[op.at];
      Object.assign(r, { name: added.name, to: visit(added) });
    }
    rows.push(r);
    cur = next.value;
  }
  return { ok: true, value: rows };
}
