/** The dataset's place table as corrections see it: a lookup by id, and which item kind a place can be. */
import type { NormalizedPoi, Item, ItemKind } from "../datasets/browser";

/** A row of the place table (a NormalizedPoi fits); also the POI facts the features and rule checks read. */
export type Place = Pick<
  NormalizedPoi,
  "sourceId" | "name" | "kind" | "destination" | "lat" | "lon" | "price" | "stars" | "tags" | "openingHours"
> & { recommendedMinutes: number | null };

/** The table: null for an id it does not hold. Corrections use only places it holds (TripCraft grounds every place). */
export type PlaceLookup = (poiId: string) => Place | null;

/** The item kind a visit to this place is; null for places one passes through (stations, airports). */
export function itemKindOf(place: Place): Exclude<ItemKind, "transport"> | null {
  switch (place.kind) {
    case "HOTEL":
      return "hotel";
    case "RESTAURANT":
      return "meal";
    case "ATTRACTION":
    case "OTHER":
      return "attraction";
    default:
      return null;
  }
}

/** Whether an item of this kind may visit the place instead (an event is held at a place to visit). */
export function fits(item: Item, place: Place): boolean {
  const k = itemKindOf(place);
  return k !== null && (k === item.kind || (item.kind === "event" && k === "attraction"));
}
