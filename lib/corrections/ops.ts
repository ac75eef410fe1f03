/**
 * The operations an expert applies to a canonical itinerary, as plain serialisable objects (zod-validated).
 * Addresses: `day` is the 1-based position of a day in the plan (the day as shown), `item` the 0-based index of
 * an item within its day (as gold defects name them). Places are named by their id in the dataset's place table.
 */
import { z } from "zod";
import { DEFECT_KINDS, type DefectKind } from "../quality/gold/browser";
import { itemSchema, MEAL_TYPES, PERIODS } from "../datasets/browser";

export const REASON_KINDS = [...DEFECT_KINDS, "preference", "route", "other"] as const;
export type ReasonKind = DefectKind | "preference" | "route" | "other";

export const reasonSchema = z
  .object({ kind: z.enum(REASON_KINDS), text: z.string().max(2000).optional() })
  .refine((r) => r.kind !== "other" || !!r.text?.trim(), {
    message: 'a reason of kind "other" needs a text',
    path: ["text"],
  });
export type Reason = z.infer<typeof reasonSchema>;

/** A time an expert may set: 00:00–23:59, or 24:00 as the end of a day. */
const time = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "expected a time as HH:MM (00:00–24:00)");
const day = z.number().int().positive();
const index = z.number().int().nonnegative();
const poiId = z.string().min(1);

/** In-city transfer modes: ChinaTravel's (the only published format whose plans carry transfers). */
export const TRANSFER_MODES = ["walk", "metro", "taxi"] as const;

export const opSchema = z.discriminatedUnion("type", [
  /** Take an item out and put it at `toItem` of day `toDay` (an index in that day once the item is out). */
  z.object({ type: z.literal("move"), day, item: index, toDay: day, toItem: index, reason: reasonSchema }),
  z.object({ type: z.literal("retime"), day, item: index, start: time, end: time, reason: reasonSchema }),
  /** The item visits another place of the table (same kind of place: a meal a restaurant, a hotel a hotel). */
  z.object({ type: z.literal("replace"), day, item: index, poiId, reason: reasonSchema }),
  /** A new item at index `at`: a place of the table, with times (or only a period); a meal may say which meal. */
  z
    .object({
      type: z.literal("insert"),
      day,
      at: index,
      poiId,
      start: time.nullable().default(null),
      end: time.nullable().default(null),
      period: z.enum(PERIODS).nullable().default(null),
      mealType: z.enum(MEAL_TYPES).nullable().default(null),
      reason: reasonSchema,
    })
    // Times, or a period alone (TripScore's places have no times).
    .refine((o) => (o.start === null) === (o.end === null) && (o.start !== null || o.period !== null), {
      message: "an inserted item needs a start and an end, or a period",
      path: ["start"],
    }),
  z.object({ type: z.literal("delete"), day, item: index, reason: reasonSchema }),
  /** The mode of leg `leg` of the transfer that reaches the item (Item.legs). */
  z.object({
    type: z.literal("transfer"),
    day,
    item: index,
    leg: index,
    mode: z.enum(TRANSFER_MODES),
    reason: reasonSchema,
  }),
  /**
   * The hotel of the night after day `day` (the day's last hotel item, as TripScore counts nights). Only that
   * item changes: a breakfast or check-out at the old hotel the next morning is the expert's next edit.
   */
  z.object({ type: z.literal("hotel"), day, poiId, reason: reasonSchema }),
  /**
   * Puts an item back exactly as it was: what `invert` gives for edits no other operation undoes exactly
   * (a replaced or deleted item may have had no place in the table). `insert` false replaces the item at
   * `item`, true inserts it there. Not an expert's edit: it restores data the plan already had.
   */
  z.object({
    type: z.literal("restore"),
    day,
    item: index,
    value: itemSchema,
    insert: z.boolean(),
    reason: reasonSchema,
  }),
]);

export type Op = z.infer<typeof opSchema>;
export type OpInput = z.input<typeof opSchema>;
export type OpType = Op["type"];
