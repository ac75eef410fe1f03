/**
 * Round trips on real plans of each format: import → serialise without edits gives the raw record back byte for
 * byte; after edits, the serialised record re-imported by the project's importer is the edited itinerary, and
 * what the edits did not touch is the raw record's own.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyAll, type OpInput, type Result } from "../../corrections";
import { serialise } from "./serialise";
import type { Itinerary } from "../itinerary/model";
import { chinaTravel, tripCraft, tripScore, type RealPlan } from "../../testing/real-plans";

const why = { kind: "route" } as const;
const ok = <T>(r: Result<T>): T => {
  if (!r.ok) assert.fail(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
type Raw = Record<string, unknown>;

/** What a format's importer fills on its own (TripCraft has no prices or costs), as it fills it. */
const carried = (p: RealPlan, it: Itinerary): Itinerary =>
  p.format !== "TRIPCRAFT"
    ? it
    : { ...it, days: it.days.map((d) => ({ ...d, items: d.items.map((i) => ({ ...i, price: null, cost: null })) })) };

async function roundTrip(p: RealPlan, ops: OpInput[]) {
  const { record, itinerary } = ok(serialise(p.format, p.raw, p.itinerary, ops, p.places));
  assert.deepEqual(itinerary, ok(applyAll(p.itinerary, ops, p.places)));
  assert.deepEqual(await p.reimport(record), carried(p, itinerary), `${p.format}: the re-import is the edited plan`);
  return record as Raw;
}

test("no edit: each format's raw record comes back byte for byte", async () => {
  for (const p of [await chinaTravel(), await chinaTravel("zh-day3"), await tripCraft(), await tripScore()]) {
    const { record } = ok(serialise(p.format, p.raw, p.itinerary, [], p.places));
    assert.equal(JSON.stringify(record), JSON.stringify(p.raw), p.format);
    assert.deepEqual(await p.reimport(record), p.itinerary);
  }
});

test("TripJudge's own format: the record is the corrected itinerary itself", async () => {
  const p = await tripScore();
  const ops: OpInput[] = [{ type: "delete", day: 1, item: 0, reason: why }];
  const r = ok(serialise("CANONICAL", null, p.itinerary, ops, p.places));
  assert.deepEqual(r.record, ok(applyAll(p.itinerary, ops, p.places)));
});

test("ChinaTravel: edits re-import as the edited plan; untouched days and activities are the raw ones", async () => {
  const p = await chinaTravel();
  const raw = p.raw as { itinerary: { activities: Raw[] }[] };
  const record = (await roundTrip(p, [
    {
      type: "replace",
      day: 1,
      item: 1,
      poiId: p.id("Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor"),
      reason: why,
    },
    { type: "transfer", day: 1, item: 2, leg: 1, mode: "taxi", reason: why },
    { type: "hotel", day: 1, poiId: p.id("Yachao Capsule Apartment"), reason: why },
    { type: "retime", day: 2, item: 1, start: "09:40", end: "11:00", reason: why },
    { type: "move", day: 4, item: 1, toDay: 5, toItem: 1, reason: why },
    { type: "insert", day: 5, at: 2, poiId: p.id("Chongqing Happy Valley"), start: "11:00", end: "16:00", reason: why },
    {
      type: "insert",
      day: 5,
      at: 3,
      poiId: p.id("Hongxia Restaurant"),
      start: "17:00",
      end: "18:00",
      mealType: "dinner",
      reason: why,
    },
    { type: "delete", day: 6, item: 1, reason: why },
  ])) as typeof raw;
  assert.equal(record.itinerary[2], raw.itinerary[2], "day 3 untouched: the raw day object itself");
  const d1 = record.itinerary[0].activities;
  assert.equal(d1[0], raw.itinerary[0].activities[0], "the flight untouched");
  // The replaced place is where its last leg arrives now; its other legs are the raw ones.
  const replacedLegs = raw.itinerary[0].activities[1].transports as Raw[];
  assert.deepEqual(d1[1], {
    ...raw.itinerary[0].activities[1],
    position: "Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor",
    price: null,
    cost: null,
    transports: replacedLegs.map((l, i) =>
      i === replacedLegs.length - 1 ? { ...l, end: "Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor" } : l,
    ),
  });
  // Only the changed leg's mode: its tickets, price and distance stay.
  const legs = d1[2].transports as Raw[];
  assert.deepEqual(legs[1], { ...(raw.itinerary[0].activities[2].transports as Raw[])[1], mode: "taxi" });
  assert.deepEqual(legs[0], (raw.itinerary[0].activities[2].transports as Raw[])[0]);
  assert.deepEqual(record.itinerary[4].activities[1], raw.itinerary[3].activities[1], "moved as it was");
  assert.deepEqual(record.itinerary[4].activities[2], {
    type: "attraction",
    position: "Chongqing Happy Valley",
    start_time: "11:00",
    end_time: "16:00",
    transports: [],
  });
  // Undoing a delete puts the raw activity back where it was.
  const back = ok(
    serialise(
      p.format,
      p.raw,
      p.itinerary,
      [
        { type: "delete", day: 6, item: 1, reason: why },
        { type: "restore", day: 6, item: 1, insert: true, value: p.itinerary.days[5].items[1], reason: why },
      ],
      p.places,
    ),
  );
  assert.equal(JSON.stringify(back.record), JSON.stringify(p.raw));
});

test("TripCraft: a visit moved to Wednesday, a new lunch, another hotel: day records re-import as edited", async () => {
  const p = await tripCraft();
  const raw = p.raw as { plan: Raw[] };
  const record = (await roundTrip(p, [
    { type: "retime", day: 1, item: 3, start: "11:00", end: "13:00", reason: why },
    { type: "move", day: 1, item: 3, toDay: 3, toItem: 2, reason: why },
    { type: "replace", day: 2, item: 3, poiId: "b16", reason: why },
    { type: "hotel", day: 2, poiId: "b15", reason: why },
    { type: "insert", day: 3, at: 3, poiId: "b14", start: "13:15", end: "14:15", reason: why },
  ])) as typeof raw;
  const [d1, d2, d3] = record.plan;
  assert.equal(d1.attraction, "Peabody Library, Baltimore");
  assert.equal(d1.transportation, raw.plan[0].transportation);
  assert.equal(d1.lunch, raw.plan[0].lunch, "fields the edits did not change stay as they were");
  assert.equal(d2.lunch, "Faidley's Seafood, Baltimore");
  assert.equal(d2.accommodation, "Hotel Revival, Baltimore");
  assert.match(d2.point_of_interest_list as string, /Hotel Revival, stay from 22:15 to 08:00;?/);
  // An untouched entry keeps its transit note.
  assert.match(
    d3.point_of_interest_list as string,
    /CLAVEL, visit from 09:20 to 10:30, nearest transit: STATE CENTER METRO Main Entrance, 1472.41m away/,
  );
  assert.match(
    d3.point_of_interest_list as string,
    /Baltimore Museum of Art, visit from 11:00 to 13:00, nearest transit: PENN NORTH METRO North Entrance, 2638.55m away/,
  );
  assert.equal(d3.current_city, raw.plan[2].current_city);
  assert.equal((record as Raw).persona, (raw as Raw).persona);
});

test("TripScore: a place replaced, a night's hotel changed, a visit moved and a restaurant added, in its slots", async () => {
  const p = await tripScore();
  const raw = p.raw as { dayInfos: Raw[] };
  const record = (await roundTrip(p, [
    { type: "replace", day: 1, item: 1, poiId: "0005", reason: why },
    { type: "hotel", day: 1, poiId: "0006", reason: why },
    { type: "move", day: 3, item: 0, toDay: 2, toItem: 1, reason: why },
    { type: "insert", day: 2, at: 2, poiId: "0007", period: "Evening", reason: why },
  ])) as typeof raw;
  const day1 = record.dayInfos[0].scheduleDetail as Raw[];
  const raw1 = raw.dayInfos[0].scheduleDetail as Raw[];
  assert.equal(day1[0], raw1[0], "the train's slot untouched");
  assert.deepEqual(day1[1], { ...raw1[1], detailList: [{ type: "poi", id: "0005", name: "Summer Palace" }] });
  assert.equal(record.dayInfos[0].scheduleTitle, raw.dayInfos[0].scheduleTitle);
  assert.deepEqual(
    (record.dayInfos[1].scheduleDetail as Raw[]).map((s) => [s.period, (s.detailList as Raw[]).map((d) => d.name)]),
    [
      ["Morning", ["Universal Beijing Resort"]],
      ["Morning", ["temple of Heaven"]],
      ["Evening", ["Quanjude (Qianmen)"]],
    ],
  );
  assert.deepEqual(record.dayInfos[2].scheduleDetail, []);
  assert.equal((record as Raw).tips, (raw as Raw).tips);
});

test("edits a format cannot carry are refused with a reason", async () => {
  const s = await tripScore();
  const t = await tripCraft();
  const c = await chinaTravel();
  const refused = (p: RealPlan, ops: OpInput[], message: RegExp) => {
    const r = serialise(p.format, p.raw, p.itinerary, ops, p.places);
    assert.equal(r.ok, false);
    if (!r.ok) assert.deepEqual([r.error.code, message.test(r.error.message)], ["not_carried", true], r.error.message);
  };
  refused(s, [{ type: "retime", day: 1, item: 1, start: "13:00", end: "16:00", reason: why }], /period, not times/);
  refused(
    s,
    [{ type: "insert", day: 2, at: 1, poiId: "0005", start: "13:00", end: "16:00", reason: why }],
    /period, not times/,
  );
  refused(t, [{ type: "move", day: 2, item: 2, toDay: 2, toItem: 5, reason: why }], /orders a day by its times/);
  refused(
    t,
    [{ type: "insert", day: 3, at: 2, poiId: "b16", start: "12:00", end: "13:00", reason: why }],
    /breakfast, lunch or dinner/,
  );
  refused(
    c,
    [{ type: "insert", day: 5, at: 1, poiId: c.id("Hongxia Restaurant"), start: "12:00", end: "13:00", reason: why }],
    /say which/,
  );
  refused(
    c,
    [
      {
        type: "insert",
        day: 5,
        at: 1,
        poiId: c.id("Xiuhu Park"),
        start: "12:00",
        end: "13:00",
        period: "Afternoon",
        reason: why,
      },
    ],
    /not periods/,
  );
  // A refused operation is the operation's own error.
  const bad = serialise(c.format, c.raw, c.itinerary, [{ type: "delete", day: 9, item: 0, reason: why }], c.places);
  assert.equal(!bad.ok && bad.error.code, "day_out_of_range");
});
