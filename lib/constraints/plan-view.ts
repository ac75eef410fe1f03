/**
 * A canonical itinerary seen as a ChinaTravel plan, so that constraints written for ChinaTravel run on plans
 * imported from any format: days → itinerary[].activities[], intercity transport → train/airplane
 * activities, hotels → accommodation, meals → breakfast/lunch/dinner, in-city legs → transports[].
 */
import type { Itinerary, Item } from "../datasets/browser";

const AIR = /air|fly|flight|plane/i;

function mealType(i: Item): string {
  if (i.mealType) return i.mealType;
  const h = i.startTime
    ? Number(i.startTime.slice(0, 2))
    : i.period === "Morning"
      ? 8
      : i.period === "Evening"
        ? 19
        : 12;
  return h < 10 ? "breakfast" : h < 16 ? "lunch" : "dinner";
}

function activity(i: Item, people: number): Record<string, unknown> {
  const transports = i.legs.map((l) => ({
    start: l.from ?? "",
    end: l.to ?? "",
    mode: l.mode,
    start_time: l.startTime,
    end_time: l.endTime,
    price: l.cost ?? 0,
    cost: l.cost ?? 0,
    distance: l.distanceKm ?? 0,
    ...(l.mode === "metro" || l.mode === "bus" ? { tickets: people } : {}),
    ...(l.mode === "taxi" ? { cars: Math.ceil(people / 4) } : {}),
  }));
  const base = {
    start_time: i.startTime,
    end_time: i.endTime,
    price: i.price ?? i.cost ?? 0,
    cost: i.cost ?? 0,
    transports,
  };
  switch (i.kind) {
    case "transport":
      return {
        ...base,
        start: i.transport?.from ?? "",
        end: i.transport?.to ?? "",
        type: AIR.test(i.transport?.mode ?? "") ? "airplane" : "train",
        tickets: i.tickets ?? people,
        ...(i.transport?.number ? { ID: i.transport.number } : {}),
      };
    case "hotel":
      return { ...base, position: i.name, type: "accommodation", rooms: Math.ceil(people / 2), room_type: 2 };
    case "meal":
      return { ...base, position: i.name, type: mealType(i) };
    case "event":
    case "attraction":
    default:
      return { ...base, position: i.name, type: "attraction", tickets: i.tickets ?? people };
  }
}

export function chinaTravelView(
  it: Itinerary,
  fallback: { startCity?: string | null; targetCity?: string | null; people?: number | null } = {},
): Record<string, unknown> {
  const people = it.people ?? fallback.people ?? 1;
  return {
    people_number: people,
    start_city: it.startCity ?? fallback.startCity ?? "",
    target_city: it.targetCity ?? fallback.targetCity ?? "",
    itinerary: it.days.map((d) => ({ day: d.day, activities: d.items.map((i) => activity(i, people)) })),
  };
}
