/** Plan files for the command line: a ChinaTravel plan as it is, or a canonical itinerary viewed in that shape. */
import { itinerarySchema } from "../itinerary/model";
import { parseJsonPy } from "./json";
import { chinaTravelView } from "./plan-view";
import { fromJs } from "./json";
import type { Py } from "./values";

export function planFromFile(text: string, name: string): Py {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${name}: not valid JSON (${(e as Error).message})`);
  }
  if (raw && typeof raw === "object" && "itinerary" in raw) return parseJsonPy(text);
  const canonical = itinerarySchema.safeParse(raw);
  if (canonical.success) return fromJs(chinaTravelView(canonical.data));
  throw new Error(`${name}: neither a ChinaTravel plan (with "itinerary") nor a canonical TripJudge itinerary (with "days")`);
}
