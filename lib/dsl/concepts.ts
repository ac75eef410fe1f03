/**
 * ChinaTravel's concept functions (paper, tables 10–13) over ChinaTravel-shaped plans, with the same
 * defaults and the same failures (a missing key is Python's KeyError). The sandbox lookups use the
 * dataset's POI table: types come from the POI's tags, recommended time from its recommended minutes,
 * and poi_distance is the great-circle (haversine) distance in km between the two POIs' coordinates
 * (ChinaTravel's sandbox returns a walking-route distance; straight-line is what a POI table can give).
 */
import { PyError } from "./errors";
import { PyDict, PyFloat, PyFunc, binop, contains, getItem, iterate, typeName, type Py } from "./values";

export interface DslPoi {
  name: string;
  city: string;
  kind: string;
  /** Attraction type, restaurant cuisine, hotel feature: what the type lookups return (first tag). */
  type: string | null;
  recommendedMinutes: number | null;
  lat: number | null;
  lon: number | null;
}

export interface PoiIndex {
  find(city: string, name: string, kind?: string): DslPoi | undefined;
}

export function poiIndex(pois: readonly DslPoi[]): PoiIndex {
  const byCity = new Map<string, Map<string, DslPoi[]>>();
  for (const p of pois) {
    let names = byCity.get(p.city);
    if (!names) byCity.set(p.city, (names = new Map()));
    const list = names.get(p.name);
    if (list) list.push(p);
    else names.set(p.name, [p]);
  }
  return {
    find(city, name, kind) {
      const all = byCity.get(city)?.get(name);
      if (!all) return undefined;
      if (!kind) return all[0];
      for (const p of all) if (p.kind === kind) return p;
      return undefined;
    },
  };
}

/** ChinaTravel's city list (intercity_transport_origin / _destination scan it). */
export const CHINATRAVEL_CITIES = ["上海", "北京", "深圳", "广州", "重庆", "苏州", "成都", "杭州", "武汉", "南京"];

const attr = (v: Py, name: string) => new PyError("AttributeError", `'${typeName(v)}' object has no attribute '${name}'`);
function dget(a: Py, key: string, dflt: Py): Py {
  if (!(a instanceof PyDict)) throw attr(a, "get");
  const v = a.get(key);
  return v === undefined ? dflt : v;
}
const item = (v: Py, key: Py) => getItem(v, key);
function len(v: Py): number {
  return iterate(v).length;
}
function minutes(t: Py): [number, number] {
  if (typeof t !== "string") throw attr(t, "split");
  const parts = t.split(":");
  if (parts.length !== 2) throw new PyError("ValueError", `too many values to unpack (expected 2)`);
  const toInt = (s: string) => {
    if (!/^\s*[+-]?\d+\s*$/.test(s)) throw new PyError("ValueError", `invalid literal for int() with base 10: '${s}'`);
    return parseInt(s, 10);
  };
  return [toInt(parts[0]), toInt(parts[1])];
}
const add = (a: Py, b: Py) => binop("+", a, b);
function sumOver(transports: Py, key: string, mode: Py, strict: boolean): Py {
  let total: Py = 0;
  for (const t of iterate(transports)) {
    // As ChinaTravel writes it: a mode filter compares the leg's "type" (legs carry "mode", so a filter matches nothing).
    if (mode === null || dget(t, "type", null) === mode) {
      total = add(total, strict ? item(t, key) : dget(t, key, 0));
    }
  }
  return total;
}
function haversineKm(a: DslPoi, b: DslPoi): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat! - a.lat!) * rad, dLon = (b.lon! - a.lon!) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat! * rad) * Math.cos(b.lat! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

type Fn = (...args: Py[]) => Py;

/** The concept functions, as Python callables bound to a POI table. */
export function conceptFunctions(pois: PoiIndex, cities: readonly string[] = CHINATRAVEL_CITIES): Map<string, PyFunc> {
  const lookup = (kind: string, field: "type") => (activity: Py, city: Py): Py => {
    const name = item(activity, "position");
    const p = typeof name === "string" && typeof city === "string" ? pois.find(city, name, kind) : undefined;
    return p?.[field] ?? "";
  };
  const fns: Record<string, [number, number, Fn]> = {
    day_count: [1, 1, (plan) => len(item(plan, "itinerary"))],
    people_count: [1, 1, (plan) => item(plan, "people_number")],
    start_city: [1, 1, (plan) => item(plan, "start_city")],
    target_city: [1, 1, (plan) => item(plan, "target_city")],
    allactivities: [1, 1, (plan) => {
      const out: Py[] = [];
      for (const day of iterate(item(plan, "itinerary"))) for (const act of iterate(item(day, "activities"))) out.push(act);
      return out;
    }],
    allactivities_count: [1, 1, (plan) => {
      let n = 0;
      for (const day of iterate(item(plan, "itinerary"))) n += len(item(day, "activities"));
      return n;
    }],
    dayactivities: [2, 2, (plan, day) => [...iterate(item(item(item(plan, "itinerary"), binop("-", day, 1)), "activities"))]],
    activity_cost: [1, 1, (a) => dget(a, "cost", 0)],
    activity_position: [1, 1, (a) => dget(a, "position", "")],
    activity_price: [1, 1, (a) => dget(a, "price", 0)],
    activity_type: [1, 1, (a) => dget(a, "type", "")],
    activity_tickets: [1, 1, (a) => dget(a, "tickets", 0)],
    activity_transports: [1, 1, (a) => dget(a, "transports", [])],
    activity_start_time: [1, 1, (a) => dget(a, "start_time", null)],
    activity_end_time: [1, 1, (a) => dget(a, "end_time", null)],
    activity_time: [1, 1, (a) => {
      const st = dget(a, "start_time", null), ed = dget(a, "end_time", null);
      if (st !== null && st !== "" && ed !== null && ed !== "") {
        const [sh, sm] = minutes(st), [eh, em] = minutes(ed);
        return em - sm + (eh - sh) * 60;
      }
      return -1;
    }],
    poi_recommend_time: [2, 2, (city, poi) => {
      const p = typeof city === "string" && typeof poi === "string" ? pois.find(city, poi, "attraction") : undefined;
      if (!p) throw new PyError("IndexError", "single positional indexer is out-of-bounds", null, null, `no attraction named ${JSON.stringify(poi)} in ${JSON.stringify(city)} in this dataset`);
      if (p.recommendedMinutes === null) throw new PyError("TypeError", "unsupported operand type(s) for *: 'NoneType' and 'int'", null, null, `${JSON.stringify(poi)} has no recommended time in this dataset`);
      return p.recommendedMinutes;
    }],
    poi_distance: [3, 3, (city, a, b) => {
      const find = (n: Py) => (typeof city === "string" && typeof n === "string" ? pois.find(city, n) : undefined);
      const p = find(a), q = find(b);
      const missing = !p ? a : !q ? b : null;
      if (missing !== null || p!.lat === null || q!.lat === null) throw new PyError("IndexError", "list index out of range", null, null, `no coordinates for ${JSON.stringify(missing ?? (p!.lat === null ? a : b))} in ${JSON.stringify(city)} in this dataset`);
      return new PyFloat(haversineKm(p!, q!));
    }],
    innercity_transport_cost: [1, 2, (t, mode = null) => sumOver(t, "cost", mode, false)],
    innercity_transport_price: [1, 1, (t) => sumOver(t, "price", null, true)],
    innercity_transport_distance: [1, 2, (t, mode = null) => sumOver(t, "distance", mode, false)],
    innercity_transport_time: [1, 1, (t) => {
      // ChinaTravel: minutes from the first leg's start to the last leg's end (0 without legs).
      const legs = iterate(t);
      if (!legs.length) return 0;
      const [eh, em] = minutes(item(legs[legs.length - 1], "end_time"));
      const [sh, sm] = minutes(item(legs[0], "start_time"));
      return (eh - sh) * 60 + (em - sm);
    }],
    metro_tickets: [1, 1, (t) => item(item(t, 1), "tickets")],
    taxi_cars: [1, 1, (t) => item(item(t, 0), "cars")],
    room_count: [1, 1, (a) => dget(a, "rooms", 0)],
    room_type: [1, 1, (a) => dget(a, "room_type", 0)],
    restaurant_type: [2, 2, lookup("restaurant", "type")],
    attraction_type: [2, 2, lookup("attraction", "type")],
    accommodation_type: [2, 2, lookup("hotel", "type")],
    innercity_transport_type: [1, 1, (t) => {
      const n = len(t);
      if (n === 3) return item(item(t, 1), "mode");
      if (n === 1) return item(item(t, 0), "mode");
      return "";
    }],
    intercity_transport_type: [1, 1, (a) => dget(a, "type", "")],
    innercity_transport_start_time: [1, 1, (t) => item(item(t, 0), "start_time")],
    innercity_transport_end_time: [1, 1, (t) => item(item(t, -1), "end_time")],
    intercity_transport_origin: [1, 1, (a) => {
      if (contains(a, "start")) for (const c of cities) if (contains(item(a, "start"), c)) return c;
      return "";
    }],
    intercity_transport_destination: [1, 1, (a) => {
      if (contains(a, "end")) for (const c of cities) if (contains(item(a, "end"), c)) return c;
      return "";
    }],
  };
  const out = new Map<string, PyFunc>();
  for (const [name, [min, max, fn]] of Object.entries(fns)) {
    const f = new PyFunc(name, (args, kw) => {
      if (kw && Object.keys(kw).length) throw new PyError("TypeError", `${name}() got an unexpected keyword argument '${Object.keys(kw)[0]}'`);
      if (args.length < min || args.length > max) {
        throw new PyError("TypeError", args.length < min ? `${name}() missing ${min - args.length} required positional argument${min - args.length > 1 ? "s" : ""}` : `${name}() takes ${max} positional argument${max > 1 ? "s" : ""} but ${args.length} were given`);
      }
      return fn(...args);
    }, "function");
    // One argument: called directly (default parameters fill the rest, as Python's do).
    if (min <= 1 && max >= 1) f.call1 = fn as (a: Py) => Py;
    out.set(name, f);
  }
  return out;
}

export const CONCEPT_NAMES = [...conceptFunctions(poiIndex([])).keys()];
