/**
 * Writes a synthetic ChinaTravel-format bundle: N plans (5 days, ~25 items each) over a POI table,
 * for the import benchmark and the tests that need a large import (command line: bench/generate-bundle.ts).
 */
import { mkdirSync, writeFileSync, createWriteStream } from "node:fs";
import path from "node:path";
import { seededRandom } from "../kernel";

export function generateBundle(out: string, plans = 10_000, seed = 7) {
  const rng = seededRandom(seed);
  mkdirSync(out, { recursive: true });
  const city = "Benchville";
  const kinds = [...Array(400)].map((_, i) => ({
    id: `p${i}`,
    name: `Place ${i}`,
    kind: i < 250 ? "attraction" : i < 370 ? "restaurant" : "accommodation",
    lat: 30 + rng() * 0.2,
    lon: 120 + rng() * 0.2,
  }));
  writeFileSync(
    path.join(out, "manifest.json"),
    JSON.stringify({
      format: "chinatravel",
      name: `bench ${plans}`,
      destinations: [{ name: city, country: "Nowhere", lat: 30.1, lon: 120.1 }],
    }),
  );
  writeFileSync(
    path.join(out, "pois.jsonl"),
    kinds
      .map((p) =>
        JSON.stringify({
          ...p,
          city,
          type: p.kind === "restaurant" ? "noodles" : "museum",
          opentime: "06:00",
          endtime: "23:00",
          price: 10,
          stars: p.kind === "accommodation" ? 3 : null,
        }),
      )
      .join("\n"),
  );
  const queries = Math.ceil(plans / 4);
  writeFileSync(
    path.join(out, "queries.jsonl"),
    [...Array(queries)]
      .map((_, q) =>
        JSON.stringify({
          uid: `q${q}`,
          nature_language: `Request ${q}: five days in ${city}`,
          start_city: "Elsewhere",
          target_city: city,
          days: 5,
          people_number: 2,
          hard_logic_py: ["result=(day_count(plan)==5)"],
        }),
      )
      .join("\n"),
  );
  const pick = (kind: string) => {
    const pool = kinds.filter((k) => k.kind === kind);
    return pool[Math.floor(rng() * pool.length)];
  };
  const t = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  const stream = createWriteStream(path.join(out, "plans.jsonl"));
  for (let i = 0; i < plans; i++) {
    const hotel = pick("accommodation");
    const itinerary = [...Array(5)].map((_, d) => {
      const activities: object[] = [];
      let m = 7 * 60;
      if (d === 0)
        activities.push({
          type: "train",
          start: "Elsewhere Station",
          end: "Benchville Station",
          start_time: "06:00",
          end_time: "07:00",
          price: 50,
          cost: 100,
          tickets: 2,
          TrainID: "G1",
          transports: [],
        });
      const seq = ["attraction", "lunch", "attraction", "dinner"];
      for (const type of seq) {
        const poi = pick(type === "attraction" ? "attraction" : "restaurant");
        const leg = {
          start: "prev",
          end: poi.name,
          mode: "metro",
          start_time: t(m),
          end_time: t(m + 15),
          price: 3,
          cost: 6,
          distance: 4.2,
          tickets: 2,
        };
        m += 15;
        activities.push({
          type,
          position: poi.name,
          start_time: t(m),
          end_time: t(m + 80),
          price: 20,
          cost: 40,
          tickets: 2,
          transports: [leg, { ...leg, mode: "walk", cost: 0, price: 0, distance: 0.3 }],
        });
        m += 90;
      }
      if (d < 4)
        activities.push({
          type: "accommodation",
          position: hotel.name,
          start_time: t(m + 20),
          end_time: "24:00",
          price: 300,
          cost: 300,
          rooms: 1,
          room_type: 2,
          transports: [],
        });
      else
        activities.push({
          type: "train",
          start: "Benchville Station",
          end: "Elsewhere Station",
          start_time: t(m + 30),
          end_time: t(Math.min(m + 90, 23 * 60 + 59)),
          price: 50,
          cost: 100,
          tickets: 2,
          TrainID: "G2",
          transports: [],
        });
      return { day: d + 1, activities };
    });
    stream.write(
      JSON.stringify({
        id: `plan${i}`,
        uid: `q${Math.floor(i / 4)}`,
        model: `m${i % 4}`,
        plan: { people_number: 2, start_city: "Elsewhere", target_city: city, itinerary },
      }) + "\n",
    );
  }
  return new Promise<void>((resolve) => stream.end(resolve));
}
