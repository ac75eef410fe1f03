/** A plan's style covariates for style control: how long it is, how far it travels, what it costs. */
import { haversineKm } from "../../kernel";
import type { Itinerary } from "../../datasets";
import type { PlanStyle } from "./battles";

/**
 * items: every item of every day; items_per_day; km: the in-city legs' stated distances and intercity
 * transport, or the great-circle hop from the previous located item when a hop states none; cost: each
 * item's cost (or price × tickets) plus its legs' costs.
 */
export function planStyle(it: Itinerary): PlanStyle {
  let items = 0,
    km = 0,
    cost = 0;
  let prev: { lat: number; lon: number } | null = null;
  for (const day of it.days) {
    for (const item of day.items) {
      items++;
      let stated = 0,
        hasStated = false;
      for (const leg of item.legs) {
        if (leg.distanceKm !== null) {
          stated += leg.distanceKm;
          hasStated = true;
        }
        if (leg.cost !== null) cost += leg.cost;
      }
      if (item.transport?.distanceKm != null) {
        stated += item.transport.distanceKm;
        hasStated = true;
      }
      const here = item.lat !== null && item.lon !== null ? { lat: item.lat, lon: item.lon } : null;
      if (hasStated) km += stated;
      else if (prev && here) km += haversineKm(prev.lat, prev.lon, here.lat, here.lon);
      if (here) prev = here;
      if (item.cost !== null) cost += item.cost;
      else if (item.price !== null) cost += item.price * (item.tickets ?? 1);
    }
  }
  return { items, items_per_day: items / it.days.length, km, cost };
}
