/** What the format serialisers share: the corrected plan with each item's origin, and the refusal of an edit a format cannot carry. */
import { sameData } from "./apply";
import type { Item, Itinerary } from "../datasets";

/** Where a corrected item came from: its 0-based day and item index in the source, or null for a new one. */
export type Origin = { day: number; item: number } | null;

/** What each serialiser gets: the plans, the origins, and a day's test of whether it changed at all. */
export interface Corrected {
  source: Itinerary;
  corrected: Itinerary;
  origins: Origin[][];
  /** The source item a corrected one came from, when it did. */
  from(day: number, item: number): Item | null;
  /** True when day `day` (0-based) has exactly its source items, unchanged and in order. */
  untouched(day: number): boolean;
}

/** An edit the format cannot carry: `serialise` answers with its message (code "not_carried"). */
export class NotCarried extends Error {}

type Raw = Record<string, unknown>;

/** Sets a raw field, leaving it out where it is absent and the value is null (the importers read both as null). */
export function put(out: Raw, key: string, value: unknown) {
  if (value === null && !(key in out)) return;
  out[key] = value;
}

/** Whether `field` of the corrected item differs from its source item (always, for a new item). */
export const changed = (item: Item, src: Item | null, field: keyof Item) => !src || !sameData(src[field], item[field]);
