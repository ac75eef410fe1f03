/**
 * ChinaTravel's concept functions (paper, tables 10–13) over ChinaTravel-shaped plans, as its June 2026
 * evaluator defines them (`chinatravel/symbol_verification/concept_func.py`; see ./upstream.ts for the
 * version): the same defaults, the same failures (a missing key is Python's KeyError), the same sentinels
 * ("empty", "invalid input"). The sandbox lookups use the dataset's POI table instead of ChinaTravel's CSV
 * files: attraction type, cuisine and hotel feature are the POI's `type`, `poi_recommend_time` its
 * recommended minutes, and `poi_distance` the geodesic (WGS-84 ellipsoid, Karney's algorithm — geopy's
 * `geodesic`, which ChinaTravel's `Transportation.goto` uses) between the two POIs' coordinates.
 */
import geographiclib from "geographiclib-geodesic";
import { PyError } from "./errors";
import { cityKey } from "../datasets/browser";
import { INTERCITY_CITY_SCAN, normalizeConceptValue, type ConceptKind } from "./upstream";
import { PyDict, PyFloat, PyFunc, binop, contains, getItem, iterate, typeName, type Kwargs, type Py } from "./values";

export interface DslPoi {
  name: string;
  city: string;
  kind: string;
  /** Attraction type, restaurant cuisine, hotel feature: what the type lookups return (null: the cell is empty). */
  type: string | null;
  recommendedMinutes: number | null;
  lat: number | null;
  lon: number | null;
}

/** A POI table by city and name. A city is any of its spellings: ChinaTravel's cities in Chinese or English. */
export interface PoiIndex {
  find(city: string, name: string, kind?: ConceptKind): DslPoi | undefined;
  /** Whether the table knows the city at all (ChinaTravel's lookups raise KeyError for a city they lack). */
  hasCity(city: string): boolean;
}

const kindOf = (k: string): ConceptKind | null =>
  k === "attraction"
    ? "attraction"
    : k === "restaurant"
      ? "restaurant"
      : k === "hotel" || k === "accommodation"
        ? "accommodation"
        : null;

export function poiIndex(pois: readonly DslPoi[]): PoiIndex {
  const byCity = new Map<string, Map<string, DslPoi[]>>();
  for (const p of pois) {
    const key = cityKey(p.city);
    let names = byCity.get(key);
    if (!names) byCity.set(key, (names = new Map()));
    const list = names.get(p.name);
    if (list) list.push(p);
    else names.set(p.name, [p]);
  }
  return {
    find(city, name, kind) {
      const all = byCity.get(cityKey(city))?.get(name);
      if (!all) return undefined;
      if (!kind) return all[0];
      for (const p of all) if (kindOf(p.kind) === kind) return p;
      return undefined;
    },
    hasCity: (city) => byCity.has(cityKey(city)),
  };
}

const attr = (v: Py, name: string) =>
  new PyError("AttributeError", `'${typeName(v)}' object has no attribute '${name}'`);
const keyError = (k: Py) => new PyError("KeyError", typeof k === "string" ? `'${k}'` : String(k));
function dget(a: Py, key: string, dflt: Py): Py {
  if (!(a instanceof PyDict)) throw attr(a, "get");
  const v = a.get(key);
  return v === undefined ? dflt : v;
}
const item = (v: Py, key: Py) => getItem(v, key);
const len = (v: Py) => iterate(v).length;
const add = (a: Py, b: Py) => binop("+", a, b);
function split(t: Py): string[] {
  if (typeof t !== "string") throw attr(t, "split");
  return t.split(":");
}
function int(s: string | undefined): number {
  if (s === undefined) throw new PyError("IndexError", "list index out of range");
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(s))
    throw new PyError("ValueError", `invalid literal for int() with base 10: '${s}'`);
  return parseInt(s.replace(/_/g, ""), 10);
}
/** `h, m = map(int, t.split(":"))` (activity_time): exactly two parts. */
function hourMinute(t: Py): [number, number] {
  const parts = split(t);
  if (parts.length !== 2)
    throw new PyError(
      "ValueError",
      parts.length > 2
        ? "too many values to unpack (expected 2)"
        : `not enough values to unpack (expected 2, got ${parts.length})`,
    );
  return [int(parts[0]), int(parts[1])];
}
/** `int(t.split(":")[0]), int(t.split(":")[1])` (innercity_transport_time, the sandbox's add_time): extra parts ignored. */
const firstTwo = (t: Py): [number, number] => {
  const parts = split(t);
  return [int(parts[0]), int(parts[1])];
};
function sumOver(transports: Py, key: string, mode: Py, strict: boolean): Py {
  let total: Py = 0;
  for (const t of iterate(transports)) {
    // As ChinaTravel writes it: a mode filter compares the leg's "type" (legs carry "mode", so a filter matches nothing).
    if (mode === null || dget(t, "type", null) === mode) total = add(total, strict ? item(t, key) : dget(t, key, 0));
  }
  return total;
}
/** geopy's `geodesic(a, b).kilometers`: WGS-84, Karney's inverse solution. */
function geodesicKm(a: DslPoi, b: DslPoi): number {
  for (const p of [a, b])
    if (Math.abs(p.lat!) > 90) throw new PyError("ValueError", `Latitude must be in the [-90; 90] range.`);
  return geographiclib.Geodesic.WGS84.Inverse(a.lat!, a.lon!, b.lat!, b.lon!).s12! / 1000;
}
/** Python's round(x, 2) on a float: from the exact binary value (toFixed does that), exact ties to even. */
function round2(x: number): number {
  const n = x * 200;
  if (Number.isInteger(n) && n % 2 !== 0 && n / 200 === x) {
    const k = Math.floor(n / 2);
    return (k % 2 === 0 ? k : k + 1) / 100;
  }
  return Number(x.toFixed(2));
}

/** A Python callable: positional parameters with defaults (undefined = required), keywords by name. */
type Fn = (...args: Py[]) => Py;
interface Def {
  params: string[];
  defaults: Py[];
  fn: Fn;
}
const def = (params: string[], fn: Fn, defaults: Py[] = []): Def => ({ params, defaults, fn });

function bind(name: string, d: Def, args: Py[], kw: Kwargs): Py[] {
  const n = d.params.length,
    required = n - d.defaults.length;
  if (args.length > n)
    throw new PyError(
      "TypeError",
      `${name}() takes ${n} positional argument${n > 1 ? "s" : ""} but ${args.length} were given`,
    );
  const out: (Py | undefined)[] = [...args];
  for (const [k, v] of Object.entries(kw ?? {})) {
    const i = d.params.indexOf(k);
    if (i < 0) throw new PyError("TypeError", `${name}() got an unexpected keyword argument '${k}'`);
    if (i < args.length) throw new PyError("TypeError", `${name}() got multiple values for argument '${k}'`);
    out[i] = v;
  }
  const missing = d.params.slice(0, required).filter((_, i) => out[i] === undefined);
  if (missing.length)
    throw new PyError(
      "TypeError",
      `${name}() missing ${missing.length} required positional argument${missing.length > 1 ? "s" : ""}: ${missing.map((m) => `'${m}'`).join(missing.length > 2 ? ", " : " and ")}`,
    );
  for (let i = required; i < n; i++) if (out[i] === undefined) out[i] = d.defaults[i - required];
  return out as Py[];
}

/** The concept functions, as Python callables bound to a POI table (the keys of ChinaTravel's `func_dict`). */
export function conceptFunctions(pois: PoiIndex): Map<string, PyFunc> {
  const city = (c: Py): string => {
    if (typeof c !== "string" || !pois.hasCity(c)) throw keyError(c);
    return c;
  };
  // restaurant_type / attraction_type / accommodation_type: select by name in the city, first row's label, normalized.
  const lookup =
    (kind: ConceptKind, notFound: string) =>
    (activity: Py, targetCity: Py): Py => {
      const c = city(targetCity);
      const name = item(activity, "position");
      const p = typeof name === "string" ? pois.find(c, name, kind) : undefined;
      if (!p) return notFound;
      return p.type === null ? new PyFloat(NaN) : normalizeConceptValue(kind, p.type);
    };
  const scan =
    (key: string) =>
    (a: Py): Py => {
      if (contains(a, key)) for (const c of INTERCITY_CITY_SCAN) if (contains(item(a, key), c)) return c;
      return "";
    };
  const fns: Record<string, Def> = {
    day_count: def(["plan"], (plan) => len(item(plan, "itinerary"))),
    people_count: def(["plan"], (plan) => item(plan, "people_number")),
    start_city: def(["plan"], (plan) => item(plan, "start_city")),
    target_city: def(["plan"], (plan) => item(plan, "target_city")),
    allactivities: def(["plan"], (plan) => {
      const out: Py[] = [];
      for (const day of iterate(item(plan, "itinerary")))
        for (const act of iterate(item(day, "activities"))) out.push(act);
      return out;
    }),
    allactivities_count: def(["plan"], (plan) => {
      let n = 0;
      for (const day of iterate(item(plan, "itinerary"))) n += len(item(day, "activities"));
      return n;
    }),
    dayactivities: def(["plan", "day"], (plan, day) => [
      ...iterate(item(item(item(plan, "itinerary"), binop("-", day, 1)), "activities")),
    ]),
    activity_position: def(["activity"], (a) => dget(a, "position", "")),
    activity_cost: def(["activity"], (a) => dget(a, "cost", 0)),
    activity_price: def(["activity"], (a) => dget(a, "price", 0)),
    activity_type: def(["activity"], (a) => dget(a, "type", "")),
    activity_tickets: def(["activity"], (a) => dget(a, "tickets", 0)),
    activity_transports: def(["activity"], (a) => dget(a, "transports", [])),
    activity_start_time: def(["activity"], (a) => dget(a, "start_time", null)),
    activity_end_time: def(["activity"], (a) => dget(a, "end_time", null)),
    activity_time: def(["activity"], (a) => {
      const st = dget(a, "start_time", null),
        ed = dget(a, "end_time", null);
      if (
        st !== null &&
        st !== "" &&
        st !== false &&
        st !== 0 &&
        ed !== null &&
        ed !== "" &&
        ed !== false &&
        ed !== 0
      ) {
        const [sh, sm] = hourMinute(st),
          [eh, em] = hourMinute(ed);
        return em - sm + (eh - sh) * 60;
      }
      return -1;
    }),
    poi_recommend_time: def(["city", "poi"], (c, poi) => {
      const p = typeof poi === "string" ? pois.find(city(c), poi, "attraction") : undefined;
      if (!p)
        throw new PyError(
          "IndexError",
          "single positional indexer is out-of-bounds",
          null,
          null,
          `no attraction named ${JSON.stringify(poi)} in ${JSON.stringify(c)} in this dataset`,
        );
      return p.recommendedMinutes === null ? new PyFloat(NaN) : p.recommendedMinutes;
    }),
    poi_distance: def(
      ["city", "poi1", "poi2", "start_time", "transport_type"],
      (c, a, b, startTime, mode) => {
        // Transportation.goto: an unknown mode returns a message string, and `[0]["distance"]` on it is a TypeError.
        if (mode !== "walk" && mode !== "metro" && mode !== "taxi")
          throw new PyError(
            "TypeError",
            "string indices must be integers, not 'str'",
            null,
            null,
            "poi_distance's transport_type is 'walk', 'metro' or 'taxi'",
          );
        const cityName = city(c);
        const find = (n: Py) => (typeof n === "string" ? pois.find(cityName, n) : undefined);
        const p = find(a),
          q = find(b);
        const missing = !p || p.lat === null || p.lon === null ? a : !q || q.lat === null || q.lon === null ? b : null;
        if (missing !== null)
          throw new PyError(
            "ValueError",
            `No such point in the city. Check the point name: ${String(missing)}.`,
            null,
            null,
            `no coordinates for ${JSON.stringify(missing)} in ${JSON.stringify(c)} in this dataset`,
          );
        if (mode === "metro")
          throw new PyError(
            "NotImplementedError",
            "metro distances need ChinaTravel's subway network",
            null,
            null,
            "TripJudge measures 'walk' (geodesic) and 'taxi' (geodesic rounded to 10 m) distances; a POI table has no subway network",
          );
        firstTwo(startTime); // goto computes an arrival time from it
        const km = geodesicKm(p!, q!);
        return new PyFloat(mode === "taxi" ? round2(km) : km);
      },
      ["00:00", "walk"],
    ),
    metro_tickets: def(["transports"], (t) => item(item(t, 1), "tickets")),
    taxi_cars: def(["transports"], (t) => {
      if (len(t) > 0) {
        const first = item(t, 0);
        if (contains(first, "cars")) return item(first, "cars");
      }
      return "invalid input";
    }),
    room_count: def(["activity"], (a) => dget(a, "rooms", 0)),
    room_type: def(["activity"], (a) => dget(a, "room_type", 0)),
    restaurant_type: def(["activity", "target_city"], lookup("restaurant", "empty")),
    attraction_type: def(["activity", "target_city"], lookup("attraction", "")),
    accommodation_type: def(["activity", "target_city"], lookup("accommodation", "")),
    innercity_transport_type: def(["transports"], (t) => {
      const n = len(t);
      if (n === 3) return item(item(t, 1), "mode");
      if (n === 1) return item(item(t, 0), "mode");
      return "empty";
    }),
    innercity_transport_cost: def(["transports", "node"], (t, mode) => sumOver(t, "cost", mode, false), [null]),
    innercity_transport_price: def(["transports"], (t) => sumOver(t, "price", null, true)),
    innercity_transport_start_time: def(["transports"], (t) => item(item(t, 0), "start_time")),
    innercity_transport_end_time: def(["transports"], (t) => item(item(t, len(t) - 1), "end_time")),
    innercity_transport_distance: def(["transports", "mode"], (t, mode) => sumOver(t, "distance", mode, false), [null]),
    intercity_transport_type: def(["activity"], (a) => dget(a, "type", "empty")),
    intercity_transport_origin: def(["activity"], scan("start")),
    intercity_transport_destination: def(["activity"], scan("end")),
    innercity_transport_time: def(
      ["transports", "mode"],
      (t) => {
        // The minutes of every leg, added up (the mode argument is accepted and not used, as upstream).
        let total = 0;
        for (const leg of iterate(t)) {
          const [eh, em] = firstTwo(item(leg, "end_time")),
            [sh, sm] = firstTwo(item(leg, "start_time"));
          total += (eh - sh) * 60 + (em - sm);
        }
        return total;
      },
      [null],
    ),
  };
  const out = new Map<string, PyFunc>();
  for (const [name, d] of Object.entries(fns)) {
    const n = d.params.length;
    // All positional arguments and no keywords (nearly every call): no binding work.
    const f = new PyFunc(
      name,
      (args, kw) => (args.length === n && !kw ? d.fn(...args) : d.fn(...bind(name, d, args, kw))),
      "function",
    );
    // One argument: called directly (default parameters fill the rest, as Python's do).
    if (n === 1) f.call1 = d.fn as (a: Py) => Py;
    else if (n - d.defaults.length === 1) f.call1 = (a: Py) => d.fn(a, ...d.defaults);
    out.set(name, f);
  }
  return out;
}

export const CONCEPT_NAMES = [...conceptFunctions(poiIndex([])).keys()];
