/**
 * Corrections' speed per edit on a real plan: ChinaTravel's six days in Chongqing (en-day6, 38 activities), and
 * the same plan stretched to seven days (its day 4 twice: ChinaTravel publishes no seven-day plan). One edit is
 * `apply` of an operation plus the live check of the result (gates, sub-scores, reward, violations, rule checks
 * and 12 of ChinaTravel's real final constraints), the source's side computed once as the screen does; also
 * the one-off `liveCheck` (both sides) and `serialise` of the edits so far. Usage: npm run bench:corrections [-- EDITS]
 */
import { readFileSync } from "node:fs";
import { apply, liveCheck, liveChecker, type OpInput, type PlaceLookup } from "../lib/corrections";
import { serialise, type Itinerary } from "../lib/datasets";
import { chinaTravel } from "../lib/testing/real-plans";
import { seededRandom } from "../lib/kernel";

const EDITS = Number(process.argv[2] ?? 2000);
const codes = (
  JSON.parse(readFileSync("lib/constraints/fixtures/chinatravel-real/constraints.json", "utf8")) as { code: string }[]
)
  .slice(0, 12)
  .map((c) => c.code);
const p = await chinaTravel("en-day6");
const why = { kind: "route" } as const;

const seven: Itinerary = {
  ...p.itinerary,
  days: [...p.itinerary.days.slice(0, 5), p.itinerary.days[3], p.itinerary.days[5]].map((d, i) => ({
    ...d,
    day: i + 1,
  })),
};
const attractions = p.pois.filter((x) => x.kind === "ATTRACTION").map((x) => x.sourceId);

/** A random valid edit: a retime, a move, a replaced visit or a changed transfer, somewhere in the plan. */
function randomOp(it: Itinerary, rnd: () => number): OpInput {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const day = 1 + Math.floor(rnd() * it.days.length);
  const items = it.days[day - 1].items;
  const item = Math.floor(rnd() * items.length);
  const x = items[item];
  const k = rnd();
  if (k < 0.3 && x.kind === "attraction") return { type: "replace", day, item, poiId: pick(attractions), reason: why };
  if (k < 0.5 && x.legs.length)
    return { type: "transfer", day, item, leg: 0, mode: pick(["walk", "metro", "taxi"] as const), reason: why };
  if (k < 0.75 && items.length > 1)
    return { type: "move", day, item, toDay: day, toItem: Math.floor(rnd() * items.length), reason: why };
  const start = 8 * 60 + Math.floor(rnd() * 12 * 60);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return { type: "retime", day, item, start: hhmm(start), end: hhmm(start + 30 + Math.floor(rnd() * 90)), reason: why };
}

const q = (xs: number[], f: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(f * xs.length))];
function run(name: string, source: Itinerary, days: number, places: PlaceLookup) {
  const ctx = {
    request: { ...p.request, days },
    places,
    dsl: { codes, pois: p.dslPois, destination: "Chongqing", people: 3 },
  };
  const rnd = seededRandom(7);
  const t0 = performance.now();
  const checker = liveChecker(source, ctx);
  const setup = performance.now() - t0;
  const perEdit: number[] = [];
  let first = 0;
  const oneOff: number[] = [];
  const ser: number[] = [];
  const ops: OpInput[] = [];
  let cur = source;
  for (let i = 0; i < EDITS; i++) {
    const op = randomOp(cur, rnd);
    const s = performance.now();
    const next = apply(cur, op, places);
    if (!next.ok) continue;
    checker.check(next.value);
    if (i === 0) first = performance.now() - s;
    // The first 50 edits warm the JIT (reported apart as the first edit's time).
    else if (i >= 50) perEdit.push(performance.now() - s);
    if (i % 10 === 0) {
      const s2 = performance.now();
      liveCheck(source, next.value, ctx);
      oneOff.push(performance.now() - s2);
    }
    ops.push(op);
    cur = next.value;
    if (i % 50 === 0 && days === 6) {
      const s3 = performance.now();
      serialise("CHINATRAVEL", p.raw, source, ops, places);
      ser.push(performance.now() - s3);
    }
    // Every 40 edits the expert starts over from the source, so the plan stays a plausible one.
    if (ops.length === 40) [cur, ops.length] = [source, 0];
  }
  const ms = (x: number) => +x.toFixed(2);
  return {
    plan: name,
    items: source.days.reduce((n, d) => n + d.items.length, 0),
    edits: perEdit.length,
    checker_setup_ms: ms(setup),
    first_edit_ms: ms(first),
    edit_p50_ms: ms(q(perEdit, 0.5)),
    edit_p95_ms: ms(q(perEdit, 0.95)),
    edit_max_ms: ms(Math.max(...perEdit)),
    one_off_livecheck_p50_ms: ms(q(oneOff, 0.5)),
    one_off_livecheck_p95_ms: ms(q(oneOff, 0.95)),
    ...(ser.length ? { serialise_p50_ms: ms(q(ser, 0.5)), serialise_p95_ms: ms(q(ser, 0.95)) } : {}),
  };
}

console.log(
  JSON.stringify(
    {
      node: process.version,
      constraints: codes.length,
      results: [
        run("en-day6 (6 days, real)", p.itinerary, 6, p.places),
        run("en-day6 stretched to 7 days", seven, 7, p.places),
      ],
    },
    null,
    2,
  ),
);
