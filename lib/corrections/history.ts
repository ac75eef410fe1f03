/**
 * Undo and redo over an itinerary, as a pure state: each step keeps the operation and its inverse, so undo is
 * applying the inverse and redo applying the operation again.
 */
import type { Itinerary } from "../datasets/browser";
import { apply, invert, type Result } from "./apply";
import { opSchema, type Op, type OpInput } from "./ops";
import type { PlaceLookup } from "./places";

export interface Step {
  op: Op;
  inverse: Op;
}
export interface History {
  /** Applied steps, oldest first. */
  past: Step[];
  /** Undone steps, the next to redo first. */
  future: Step[];
  current: Itinerary;
}

export const startHistory = (current: Itinerary): History => ({ past: [], future: [], current });

/** A new edit: applied, remembered with its inverse; the redo list is dropped. */
export function edit(h: History, op: OpInput | Op, places: PlaceLookup): Result<History> {
  const inv = invert(h.current, op, places);
  if (!inv.ok) return inv;
  const next = apply(h.current, op, places);
  if (!next.ok) return next;
  // `invert` validated the operation; parsed again, it is kept with its defaults (period, mealType) filled in.
  const step = { op: opSchema.parse(op), inverse: inv.value };
  return { ok: true, value: { past: [...h.past, step], future: [], current: next.value } };
}

export function undo(h: History, places: PlaceLookup): Result<History> {
  const step = h.past.at(-1);
  if (!step) return { ok: true, value: h };
  const r = apply(h.current, step.inverse, places);
  if (!r.ok) return r;
  return { ok: true, value: { past: h.past.slice(0, -1), future: [step, ...h.future], current: r.value } };
}

export function redo(h: History, places: PlaceLookup): Result<History> {
  const step = h.future[0];
  if (!step) return { ok: true, value: h };
  const r = apply(h.current, step.op, places);
  if (!r.ok) return r;
  return { ok: true, value: { past: [...h.past, step], future: h.future.slice(1), current: r.value } };
}

/** The operations in effect: what an expert saves, and what the edit list and the serialisers read. */
export const opsOf = (h: History): Op[] => h.past.map((s) => s.op);
