/** Operations and their inverses on real plans of each format, the refusals, the history and the edit list. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Itinerary } from "../datasets";
import { apply, edit, editList, redo, startHistory, undo, opsOf, type OpInput, type Result } from ".";
import { invert } from "./apply";
import { chinaTravel, tripCraft, tripScore, type RealPlan } from "../testing/real-plans";

const why = { kind: "route" } as const;
const ok = <T>(r: Result<T>): T => {
  if (!r.ok) assert.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const refused = (r: Result<unknown>, code: string, message?: RegExp) => {
  assert.equal(r.ok, false, "expected a refusal");
  if (!r.ok) {
    assert.equal(r.error.code, code, r.error.message);
    if (message) assert.match(r.error.message, message);
  }
};

/** Every operation applies without touching its input and is undone exactly by its inverse. */
function roundTrips(p: RealPlan, ops: OpInput[]) {
  const frozen = structuredClone(p.itinerary);
  for (const op of ops) {
    const after = ok(apply(p.itinerary, op, p.places));
    assert.notDeepEqual(after, p.itinerary, `${op.type} changed nothing`);
    const back = ok(invert(p.itinerary, op, p.places));
    assert.deepEqual(ok(apply(after, back, p.places)), p.itinerary, `${op.type}: the inverse restores the plan`);
    // The inverse's inverse redoes the operation.
    assert.deepEqual(ok(apply(p.itinerary, ok(invert(after, back, p.places)), p.places)), after);
  }
  assert.deepEqual(p.itinerary, frozen, "apply and invert never mutate");
}

test("ChinaTravel (six real days in Chongqing): every kind of operation and its inverse", async () => {
  const p = await chinaTravel();
  roundTrips(p, [
    { type: "move", day: 3, item: 5, toDay: 3, toItem: 6, reason: why },
    { type: "move", day: 4, item: 1, toDay: 5, toItem: 1, reason: { kind: "preference", text: "a quieter day 4" } },
    { type: "retime", day: 2, item: 1, start: "09:40", end: "11:00", reason: { kind: "opening_hours" } },
    {
      type: "replace",
      day: 1,
      item: 1,
      poiId: p.id("Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor"),
      reason: why,
    },
    { type: "insert", day: 5, at: 1, poiId: p.id("Chongqing Happy Valley"), start: "10:00", end: "16:00", reason: why },
    { type: "delete", day: 6, item: 1, reason: { kind: "duplicate_attraction" } },
    { type: "transfer", day: 1, item: 1, leg: 1, mode: "taxi", reason: { kind: "transfer_time" } },
    { type: "hotel", day: 1, poiId: p.id("Yachao Capsule Apartment"), reason: { kind: "budget" } },
  ]);
  const after = ok(
    apply(p.itinerary, { type: "transfer", day: 1, item: 1, leg: 1, mode: "taxi", reason: why }, p.places),
  );
  assert.deepEqual(
    after.days[0].items[1].legs.map((l) => l.mode),
    ["walk", "taxi", "walk"],
  );
  // Untouched days are shared, not copied.
  assert.equal(after.days[1], p.itinerary.days[1]);
  const hotel = ok(
    apply(p.itinerary, { type: "hotel", day: 1, poiId: p.id("Yachao Capsule Apartment"), reason: why }, p.places),
  );
  assert.deepEqual(
    [hotel.days[0].items[6].name, hotel.days[0].items[6].startTime, hotel.days[1].items[7].name],
    ["Yachao Capsule Apartment", "22:13", "Melia Chongqing"],
  );
});

test("TripCraft (the published sample) and TripScore (appendix K.5): operations and inverses", async () => {
  const c = await tripCraft();
  roundTrips(c, [
    { type: "move", day: 1, item: 3, toDay: 3, toItem: 2, reason: { kind: "opening_hours" } },
    { type: "retime", day: 1, item: 3, start: "11:00", end: "12:30", reason: { kind: "opening_hours" } },
    { type: "replace", day: 1, item: 2, poiId: "b16", reason: { kind: "preference", text: "crab cakes" } },
    { type: "insert", day: 3, at: 3, poiId: "b14", start: "11:00", end: "13:00", reason: why },
    { type: "insert", day: 3, at: 3, poiId: "b16", start: "12:00", end: "13:00", mealType: "lunch", reason: why },
    { type: "delete", day: 2, item: 4, reason: why },
    { type: "hotel", day: 2, poiId: "b15", reason: { kind: "accommodation" } },
    // An overnight stay may end the next morning, as TripCraft's stays do.
    { type: "retime", day: 1, item: 6, start: "22:30", end: "08:00", reason: why },
  ]);
  const s = await tripScore();
  roundTrips(s, [
    { type: "move", day: 3, item: 0, toDay: 2, toItem: 1, reason: why },
    // TripScore's places have no times: the inverse restores the item (times back to none).
    { type: "retime", day: 1, item: 1, start: "13:00", end: "16:00", reason: why },
    { type: "replace", day: 1, item: 1, poiId: "0005", reason: why },
    { type: "insert", day: 2, at: 1, poiId: "0007", period: "Afternoon", reason: why },
    { type: "delete", day: 1, item: 0, reason: why },
    { type: "hotel", day: 1, poiId: "0006", reason: { kind: "budget" } },
  ]);
});

test("refusals: places outside the table, non-hotels as hotels, indexes, times, reasons", async () => {
  const p = await chinaTravel();
  const it: Itinerary = p.itinerary;
  const run = (op: unknown) => apply(it, op as OpInput, p.places);
  refused(
    run({ type: "replace", day: 1, item: 1, poiId: "Hongya Cave", reason: why }),
    "place_not_in_table",
    /Hongya Cave/,
  );
  refused(
    run({ type: "insert", day: 1, at: 0, poiId: "nope", start: "10:00", end: "11:00", reason: why }),
    "place_not_in_table",
  );
  refused(
    run({ type: "hotel", day: 1, poiId: p.id("Chongqing Zoo"), reason: why }),
    "not_an_accommodation",
    /not an accommodation/,
  );
  refused(
    run({ type: "replace", day: 1, item: 6, poiId: p.id("Hongxia Restaurant"), reason: why }),
    "not_an_accommodation",
  );
  refused(run({ type: "replace", day: 1, item: 1, poiId: p.id("Chongqing Zoo"), reason: why }), "place_kind_mismatch");
  refused(run({ type: "replace", day: 1, item: 0, poiId: p.id("Chongqing Zoo"), reason: why }), "not_replaceable");
  refused(run({ type: "delete", day: 7, item: 0, reason: why }), "day_out_of_range", /6 day/);
  refused(run({ type: "delete", day: 0, item: 0, reason: why }), "invalid_op");
  refused(run({ type: "delete", day: 5, item: 2, reason: why }), "item_out_of_range");
  refused(run({ type: "move", day: 5, item: 0, toDay: 4, toItem: 9, reason: why }), "item_out_of_range");
  refused(run({ type: "retime", day: 2, item: 1, start: "25:00", end: "26:00", reason: why }), "invalid_op", /^start:/);
  refused(run({ type: "retime", day: 2, item: 1, start: "9:40", end: "11:00", reason: why }), "invalid_op");
  refused(run({ type: "retime", day: 2, item: 1, start: "11:00", end: "10:00", reason: why }), "end_not_after_start");
  refused(run({ type: "retime", day: 2, item: 1, start: "11:00", end: "11:00", reason: why }), "end_not_after_start");
  refused(run({ type: "retime", day: 1, item: 6, start: "24:00", end: "08:00", reason: why }), "end_not_after_start");
  refused(
    run({ type: "insert", day: 5, at: 1, poiId: p.id("Xiuhu Park"), reason: why }),
    "invalid_op",
    /start and an end/,
  );
  refused(run({ type: "delete", day: 1, item: 1, reason: { kind: "other" } }), "reason_text_required");
  refused(run({ type: "delete", day: 1, item: 1, reason: { kind: "other", text: "  " } }), "reason_text_required");
  refused(run({ type: "delete", day: 1, item: 1, reason: { kind: "whim" } }), "invalid_op");
  refused(run({ type: "delete", day: 1, item: 1 }), "invalid_op");
  refused(run({ type: "teleport", day: 1, item: 1, reason: why }), "invalid_op");
  refused(run({ type: "transfer", day: 1, item: 0, leg: 0, mode: "taxi", reason: why }), "no_leg");
  refused(run({ type: "transfer", day: 1, item: 1, leg: 0, mode: "rocket", reason: why }), "invalid_op");
  refused(run({ type: "hotel", day: 6, poiId: p.id("Melia Chongqing"), reason: why }), "no_night");
  assert.equal(run({ type: "delete", day: 1, item: 1, reason: { kind: "other", text: "closed for works" } }).ok, true);
  const s = await tripScore();
  refused(apply(s.itinerary, { type: "hotel", day: 2, poiId: "0006", reason: why }, s.places), "no_hotel_that_night");
  // TripCraft's plans have no transfer legs to change.
  const c = await tripCraft();
  refused(
    apply(c.itinerary, { type: "transfer", day: 1, item: 2, leg: 0, mode: "walk", reason: why }, c.places),
    "no_leg",
  );
});

test("history: undo and redo walk the operations both ways; a new edit drops the redo list", async () => {
  const p = await chinaTravel("en-day4");
  const a: OpInput = { type: "delete", day: 2, item: 1, reason: why };
  const b: OpInput = { type: "retime", day: 1, item: 1, start: "12:30", end: "13:30", reason: why };
  let h = ok(edit(startHistory(p.itinerary), a, p.places));
  const afterA = h.current;
  h = ok(edit(h, b, p.places));
  h = ok(undo(ok(undo(h, p.places)), p.places));
  assert.deepEqual(h.current, p.itinerary);
  assert.equal(h.future.length, 2);
  h = ok(redo(h, p.places));
  assert.deepEqual(h.current, afterA);
  h = ok(edit(h, b, p.places));
  assert.deepEqual([h.past.length, h.future.length], [2, 0]);
  assert.deepEqual(
    opsOf(h).map((o) => o.type),
    ["delete", "retime"],
  );
  assert.equal(ok(undo(startHistory(p.itinerary), p.places)).current, p.itinerary, "nothing to undo");
  refused(edit(h, { type: "delete", day: 9, item: 0, reason: why }, p.places), "day_out_of_range");
});

test("the edit list names what each operation changed", async () => {
  const p = await chinaTravel();
  const rows = ok(
    editList(
      p.itinerary,
      [
        {
          type: "replace",
          day: 1,
          item: 1,
          poiId: p.id("Hongxia Restaurant"),
          reason: { kind: "preference", text: "Sichuan" },
        },
        { type: "retime", day: 2, item: 1, start: "09:40", end: "11:00", reason: why },
        { type: "move", day: 4, item: 1, toDay: 5, toItem: 1, reason: why },
        { type: "transfer", day: 1, item: 2, leg: 1, mode: "taxi", reason: why },
        { type: "hotel", day: 1, poiId: p.id("Yachao Capsule Apartment"), reason: why },
        { type: "insert", day: 5, at: 2, poiId: p.id("Xiuhu Park"), start: "15:00", end: "16:00", reason: why },
        { type: "delete", day: 6, item: 1, reason: why },
      ],
      p.places,
    ),
  );
  assert.deepEqual(
    rows.map((r) => [r.op, r.day, r.item, r.from, r.to]),
    [
      ["replace", 1, 1, "Gracia Garden Restaurant", "Hongxia Restaurant"],
      ["retime", 2, 1, "09:34–11:04", "09:40–11:00"],
      ["move", 4, 1, "day 4, item 2", "day 5, item 2"],
      ["transfer", 1, 2, "metro", "taxi"],
      ["hotel", 1, 6, "Melia Chongqing", "Yachao Capsule Apartment"],
      ["insert", 5, 2, null, "Xiuhu Park 15:00–16:00"],
      ["delete", 6, 1, "Chongqing Library 14:00–15:30", null],
    ],
  );
  assert.deepEqual(rows[0].reason, { kind: "preference", text: "Sichuan" });
  assert.equal(rows[2].name, "Chongqing Urban Planning Exhibition Hall");
  refused(editList(p.itinerary, [{ type: "delete", day: 1, item: 99, reason: why }], p.places), "item_out_of_range");
});

test("a replaced place is where its legs arrive: 'Getting here' names the new place, and undo names the old one again", async () => {
  const p = await chinaTravel();
  const [day, item] = p.itinerary.days
    .flatMap((d, di) => d.items.map((it, ii) => [di, ii, it] as const))
    .find(([, , it]) => it.kind === "attraction" && it.legs.length > 0 && it.legs.at(-1)!.to === it.name)!;
  const old = p.itinerary.days[day].items[item];
  const op: OpInput = { type: "replace", day: day + 1, item, poiId: p.id("Chongqing Zoo"), reason: why };
  const after = ok(apply(p.itinerary, op, p.places));
  const now = after.days[day].items[item];
  assert.equal(now.name, "Chongqing Zoo");
  assert.equal(now.legs.at(-1)!.to, "Chongqing Zoo");
  assert.ok(!now.legs.some((l) => l.to === old.name), "no leg arrives at the old place");
  assert.deepEqual(
    now.legs.map((l) => [l.mode, l.from, l.startTime, l.endTime, l.distanceKm]),
    old.legs.map((l) => [l.mode, l.from, l.startTime, l.endTime, l.distanceKm]),
    "the legs' modes, times and distances stay",
  );
  assert.deepEqual(ok(apply(after, ok(invert(p.itinerary, op, p.places)), p.places)), p.itinerary);
});
