/**
 * Builds believable demo itineraries from a city's reference data: a careful planner, and
 * flawed variants a judge should catch (backtracking across town, a hotel change every night,
 * a museum on its closing day, an overpacked schedule).
 */
import { weekdayOf, haversineKm, shuffle } from "../../kernel";
import {
  clockOf,
  emptyItem,
  minutesOf,
  type Day,
  type Item,
  type Itinerary,
  type TransportLeg,
} from "../itinerary/model";
import type { DemoCity, DemoPoi } from "./cities";

export type Budget = "economy" | "comfortable" | "high-end";
export type Pace = "relaxed" | "moderate" | "intense";
export type Flaw = "none" | "backtrack" | "hotelhop" | "closed" | "overpacked";

export interface TripRequest {
  days: number;
  startDate: string; // YYYY-MM-DD
  people: number;
  origin: string;
  budget: Budget;
  pace: Pace;
  interests: string[];
}

const STARS: Record<Budget, number[]> = { economy: [1, 2], comfortable: [3, 4], "high-end": [5] };
const PER_DAY: Record<Pace, number> = { relaxed: 2, moderate: 3, intense: 4 };
const OUT_OF_TOWN_KM = 12;

/** Weekday of a trip day; demo dates are always valid ISO dates. */
export function weekday(startDate: string, dayIndex: number): number {
  return weekdayOf(startDate, dayIndex) ?? 0;
}

const dist = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineKm(a.lat, a.lon, b.lat, b.lon);

/** In-city leg: walk when short, metro for medium hops, taxi for long ones. */
export function legBetween(
  from: DemoPoi,
  to: DemoPoi,
  startMin: number,
  people: number,
): { leg: TransportLeg; minutes: number } {
  const km = Math.round(dist(from, to) * 1.3 * 100) / 100; // street distance ≈ 1.3 × straight line
  let mode: string, minutes: number, cost: number;
  if (km < 1.2) [mode, minutes, cost] = ["walk", (km / 4.5) * 60, 0];
  else if (km < 9) [mode, minutes, cost] = ["metro", 8 + (km / 25) * 60, 2 * people];
  else [mode, minutes, cost] = ["taxi", 5 + (km / 30) * 60, Math.round((3 + km * 2) * Math.ceil(people / 4))];
  minutes = Math.max(3, Math.round(minutes / 5) * 5);
  return {
    leg: {
      mode,
      from: from.name,
      to: to.name,
      startTime: clockOf(startMin),
      endTime: clockOf(startMin + minutes),
      distanceKm: km,
      cost,
    },
    minutes,
  };
}

function poiItem(kind: Item["kind"], poi: DemoPoi, city: string): Item {
  return { ...emptyItem(kind, poi.name), poiId: poi.id, lat: poi.lat, lon: poi.lon, city };
}

function isOpen(poi: DemoPoi, wd: number): boolean {
  return !poi.closed.includes(wd);
}

function chooseAttractions(city: DemoCity, req: TripRequest, flaw: Flaw, rng: () => number): DemoPoi[][] {
  const centre = { lat: city.lat, lon: city.lon };
  const perDay = flaw === "overpacked" ? 6 : flaw === "backtrack" ? Math.max(3, PER_DAY[req.pace]) : PER_DAY[req.pace];
  const interest = (p: DemoPoi) => p.tags.filter((t) => req.interests.includes(t)).length + rng() * 0.5;
  const all = city.pois.filter((p) => p.kind === "ATTRACTION").sort((a, b) => interest(b) - interest(a));
  const pool = flaw === "backtrack" ? all : all.filter((p) => dist(p, centre) < OUT_OF_TOWN_KM);
  const dayTrips = all.filter((p) => !pool.includes(p));
  const days: DemoPoi[][] = Array.from({ length: req.days }, () => []);
  const used = new Set<string>();
  const take = (p: DemoPoi, d: number) => {
    days[d].push(p);
    used.add(p.id);
  };

  if (flaw === "backtrack") {
    // A far-away site squeezed into a city day: the long detour a local would never plan.
    const far = pool.reduce((b, p) => (dist(p, centre) > dist(b, centre) ? p : b));
    take(far, Math.floor(req.days / 2));
  }
  if (flaw === "closed") {
    // A museum on its closing day: the classic mistake a local expert spots at once.
    for (let d = 0; d < req.days && used.size === 0; d++) {
      const closedToday = pool.find((p) => p.closed.includes(weekday(req.startDate, d)));
      if (closedToday) take(closedToday, d);
    }
  }
  for (let d = 0; d < req.days; d++) {
    const wd = weekday(req.startDate, d);
    const quota = d === req.days - 1 ? Math.max(2, perDay - 1) : perDay;
    const open = () => pool.filter((p) => !used.has(p.id) && (isOpen(p, wd) || flaw === "backtrack"));
    if (days[d].length === 0) {
      const seed = open()[0];
      if (!seed) {
        // The town is seen: a careful planner makes it a day trip out of town.
        const trip = dayTrips.find((p) => !used.has(p.id) && isOpen(p, wd));
        if (trip) take(trip, d);
        continue;
      }
      take(seed, d);
    }
    while (days[d].length < quota) {
      const rest = open();
      if (!rest.length) break;
      // Careful planners add the nearest open site; the backtracking one picks at random.
      const next =
        flaw === "backtrack"
          ? rest[Math.floor(rng() * rest.length)]
          : rest.reduce((best, p) => (dist(p, days[d][0]) < dist(best, days[d][0]) ? p : best));
      take(next, d);
    }
  }
  return days;
}

function orderDay(stops: DemoPoi[], start: DemoPoi, flaw: Flaw): DemoPoi[] {
  const out: DemoPoi[] = [];
  const rest = [...stops];
  let here = start;
  while (rest.length) {
    // Nearest-neighbour tour; the backtracking planner instead jumps to the farthest stop.
    const pickIdx = rest.reduce((bi, p, i) => {
      const better = flaw === "backtrack" ? dist(here, p) > dist(here, rest[bi]) : dist(here, p) < dist(here, rest[bi]);
      return better ? i : bi;
    }, 0);
    here = rest.splice(pickIdx, 1)[0];
    out.push(here);
  }
  return out;
}

function nearestRestaurant(city: DemoCity, at: DemoPoi, atMin: number, avoid: Set<string>): DemoPoi {
  const ok = city.pois.filter(
    (p) => p.kind === "RESTAURANT" && minutesOf(p.open) <= atMin && minutesOf(p.close) >= atMin + 60,
  );
  const fresh = ok.filter((p) => !avoid.has(p.id));
  const pool = fresh.length ? fresh : ok.length ? ok : city.pois.filter((p) => p.kind === "RESTAURANT");
  return pool.reduce((best, p) => (dist(p, at) < dist(best, at) ? p : best));
}

/** Whether a flaw would show in this trip (a one-night stay cannot change hotels, etc.). */
export function flawApplies(city: DemoCity, req: TripRequest, flaw: Flaw): boolean {
  if (flaw === "hotelhop") return req.days >= 3;
  if (flaw === "closed") {
    const centre = { lat: city.lat, lon: city.lon };
    return city.pois.some(
      (p) =>
        p.kind === "ATTRACTION" &&
        dist(p, centre) < OUT_OF_TOWN_KM &&
        Array.from({ length: req.days }, (_, d) => weekday(req.startDate, d)).some((wd) => p.closed.includes(wd)),
    );
  }
  return true;
}

export function planTrip(city: DemoCity, req: TripRequest, flaw: Flaw, rng: () => number): Itinerary {
  const hotels = city.pois.filter((p) => p.kind === "HOTEL");
  const suitable = hotels.filter((h) => STARS[req.budget].includes(h.stars ?? 0));
  const centre = { lat: city.lat, lon: city.lon };
  const mainHotel = (suitable.length ? suitable : hotels).reduce((b, h) => (dist(h, centre) < dist(b, centre) ? h : b));
  const hopOrder = shuffle(rng, hotels);
  const hotelFor = (d: number) => (flaw === "hotelhop" ? hopOrder[d % hopOrder.length] : mainHotel);
  const station = city.pois.find((p) => p.kind === "STATION")!;
  const attractionsByDay = chooseAttractions(city, req, flaw, rng);
  const rooms = Math.ceil(req.people / 2);
  const eaten = new Set<string>();
  const days: Day[] = [];

  for (let d = 0; d < req.days; d++) {
    const items: Item[] = [];
    let here: DemoPoi = d === 0 ? station : hotelFor(d - 1);
    let t = flaw === "overpacked" ? 8 * 60 : 9 * 60;
    const moveTo = (poi: DemoPoi, item: Item, stayMin: number, openAt?: number) => {
      const { leg, minutes } = legBetween(here, poi, t, req.people);
      if (leg.distanceKm && leg.distanceKm > 0.05) item.legs.push(leg);
      t += minutes;
      if (openAt !== undefined && t < openAt && flaw !== "closed") t = openAt;
      item.startTime = clockOf(t);
      t += stayMin;
      item.endTime = clockOf(t);
      here = poi;
      items.push(item);
    };
    if (d === 0) {
      const train = emptyItem("transport", `Train ${req.origin} → ${city.name}`);
      const dep = 7 * 60 + 10;
      Object.assign(train, {
        lat: station.lat,
        lon: station.lon,
        city: city.name,
        poiId: station.id,
        startTime: clockOf(dep),
        endTime: clockOf(dep + 140),
        cost: 65 * req.people,
        price: 65,
        tickets: req.people,
        transport: {
          mode: "train",
          number: `T${100 + Math.floor(rng() * 800)}`,
          from: req.origin,
          to: station.name,
          distanceKm: null,
        },
      });
      items.push(train);
      t = dep + 150;
    }
    const stops = orderDay(attractionsByDay[d] ?? [], here, flaw);
    let lunched = false;
    for (const [i, poi] of stops.entries()) {
      if (!lunched && (t >= 12 * 60 || (i > 0 && t >= 11 * 60 + 30))) {
        const r = nearestRestaurant(city, here, t, eaten);
        eaten.add(r.id);
        moveTo(
          r,
          { ...poiItem("meal", r, city.name), mealType: "lunch", price: r.price, cost: r.price * req.people },
          60,
          minutesOf(r.open),
        );
        lunched = true;
      }
      const stay =
        Math.round(((poi.minutes ?? 60) * (req.pace === "relaxed" ? 1.2 : flaw === "overpacked" ? 0.6 : 1)) / 5) * 5;
      moveTo(
        poi,
        {
          ...poiItem("attraction", poi, city.name),
          price: poi.price,
          cost: poi.price * req.people,
          tickets: req.people,
        },
        stay,
        minutesOf(poi.open),
      );
    }
    if (!lunched && t >= 11 * 60 && t <= 15 * 60) {
      const r = nearestRestaurant(city, here, t, eaten);
      eaten.add(r.id);
      moveTo(
        r,
        { ...poiItem("meal", r, city.name), mealType: "lunch", price: r.price, cost: r.price * req.people },
        60,
        minutesOf(r.open),
      );
    }
    const last = d === req.days - 1;
    if (!last || t < 17 * 60) {
      const dinnerAt = Math.max(t, 18 * 60 + 30);
      t = dinnerAt;
      const r = nearestRestaurant(city, here, dinnerAt, eaten);
      eaten.add(r.id);
      moveTo(
        r,
        { ...poiItem("meal", r, city.name), mealType: "dinner", price: r.price, cost: r.price * req.people },
        90,
      );
    }
    if (last) {
      const back = emptyItem("transport", `Train ${city.name} → ${req.origin}`);
      moveTo(
        station,
        Object.assign(back, {
          poiId: station.id,
          lat: station.lat,
          lon: station.lon,
          city: city.name,
          cost: 65 * req.people,
          price: 65,
          tickets: req.people,
          transport: {
            mode: "train",
            number: `T${100 + Math.floor(rng() * 800)}`,
            from: station.name,
            to: req.origin,
            distanceKm: null,
          },
        }),
        140,
      );
    } else {
      const h = hotelFor(d);
      moveTo(h, { ...poiItem("hotel", h, city.name), price: h.price, cost: h.price * rooms, tickets: rooms }, 0);
      items[items.length - 1].endTime = null;
    }
    days.push({ day: d + 1, title: null, items });
  }
  return {
    title: `${req.days} days in ${city.name}`,
    startCity: req.origin,
    targetCity: city.name,
    people: req.people,
    days,
    judgedScores: null,
  };
}
