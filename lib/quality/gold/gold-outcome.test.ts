/** Corrections of gold pairs' altered plans, on gold made from real plans: undone, fixed another way, or left. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFECT_KINDS, makeGold, type GoldPoiLookup } from "./";
import type { Itinerary } from "../../datasets";
import { seededRandom } from "../../kernel";
import { chinaTravel, tripCraft, type RealPlan } from "../../testing/real-plans";
import { applyAll, type OpInput } from "../../corrections";
import { goldOutcome, goldOutcomeTable } from "./gold-outcome";

const why = { kind: "other", text: "test" } as const;
const lookup =
  (p: RealPlan): GoldPoiLookup =>
  (id) =>
    p.places(id);

/** A gold of this kind from any of the real plans, with the plan it came from. */
async function goldOf(kind: (typeof DEFECT_KINDS)[number]) {
  for (const p of [await chinaTravel(), await chinaTravel("en-day5"), await tripCraft()])
    for (let seed = 1; seed < 6; seed++) {
      const g = makeGold(kind, p.itinerary, p.request, lookup(p), { rng: seededRandom(seed) });
      if (g) return { p, g };
    }
  return null;
}

/** Retimes every item of the defect's day back to the source's times: what an expert who undoes it does. */
function restoreTimes(source: Itinerary, altered: Itinerary, day: number): OpInput[] {
  const ops: OpInput[] = [];
  source.days[day - 1].items.forEach((it, i) => {
    const a = altered.days[day - 1].items[i];
    if (it.startTime && it.endTime && (a.startTime !== it.startTime || a.endTime !== it.endTime))
      ops.push({ type: "retime", day, item: i, start: it.startTime, end: it.endTime, reason: why });
  });
  return ops;
}

test("a correction that puts back the source's times undoes a time defect; one that leaves it is 'left'", async () => {
  let tried = 0;
  for (const kind of ["opening_hours", "transfer_time"] as const) {
    const found = await goldOf(kind);
    if (!found) continue;
    tried++;
    const { p, g } = found;
    const defect = { kind, day: g.defect.day };
    assert.ok(defect.day, "a time defect sits on a day");
    const ops = restoreTimes(p.itinerary, g.altered, defect.day!);
    assert.ok(ops.length, "the defect changed a time");
    const undone = applyAll(g.altered, ops.map((o) => ({ ...o })) as never, p.places);
    assert.ok(undone.ok);
    assert.equal(goldOutcome(defect, p.itinerary, undone.value, p.request, lookup(p)), "undone", kind);
    // Correcting another day only leaves the defect where it was.
    assert.equal(goldOutcome(defect, p.itinerary, g.altered, p.request, lookup(p)), "left", kind);
  }
  assert.ok(tried >= 1, "the real plans yield a time defect");
});

test("ending the earlier visit sooner than the source did fixes a transfer defect another way", async () => {
  const found = await goldOf("transfer_time");
  assert.ok(found, "a transfer-time gold from the real plans");
  const { p, g } = found;
  const day = g.defect.day!;
  // The source's times, each visit ending 5 minutes earlier: the check passes, the day is not the source's.
  const ops = restoreTimes(p.itinerary, g.altered, day).map((o) => {
    if (o.type !== "retime") return o;
    const [h, m] = o.end.split(":").map(Number);
    const end = h * 60 + m - 5;
    return { ...o, end: `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}` };
  });
  const r = applyAll(g.altered, ops as never, p.places);
  assert.ok(r.ok, !r.ok ? r.error.message : "");
  assert.equal(goldOutcome({ kind: "transfer_time", day }, p.itinerary, r.value, p.request, lookup(p)), "fixed");
});

test("the per-kind table counts each outcome and the share undone", () => {
  const t = goldOutcomeTable([
    { kind: "transfer_time", outcome: "undone" },
    { kind: "transfer_time", outcome: "fixed" },
    { kind: "meal_time", outcome: "left" },
    { kind: "transfer_time", outcome: "undone" },
  ]);
  assert.deepEqual(t, [
    { kind: "meal_time", corrections: 1, undone: 0, fixed: 0, left: 1, undoneShare: 0 },
    { kind: "transfer_time", corrections: 3, undone: 2, fixed: 1, left: 0, undoneShare: 2 / 3 },
  ]);
});
