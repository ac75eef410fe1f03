/**
 * Expert plan corrections: the domain core the database, the correction screen and the exports build on.
 *
 * An expert corrects a plan with operations on its canonical itinerary (ops.ts), each a plain serialisable
 * object with a reason ({kind: a gold defect kind | "preference" | "route" | "other", text}; "other" needs a
 * text). Addresses: `day` 1-based (the day as shown), `item` 0-based within the day. Places are ids in the
 * dataset's place table, passed in as a lookup (places.ts); a place outside it is refused.
 *
 *   apply(it, op, places)        → { ok, value: new itinerary } | { ok: false, error: { code, message } }
 *   startHistory / edit / undo / redo / opsOf   undo and redo as a pure state {past, future, current}, each edit
 *       kept with its inverse (apply.ts's invert: apply(apply(x, op), invert(x, op)) equals x)
 *   editList(source, ops, places) → rows {op, day, item, name, from, to, reason} for export
 *   liveChecker(source, ctx).check(corrected) / liveCheck(source, corrected, ctx)
 *       → { ok, regressions, fixed, unchanged, scores, reward }: gates, commonsense violations, gold rule
 *         checks and final DSL constraints before → after; any regression means the correction is not saved
 *   (serialising a corrected plan back to its format is the datasets concept's: lib/datasets/formats/serialise.ts)
 *
 * Nothing here mutates its input or touches a database; everything is JSON in and JSON out.
 */
export * from "./ops";
export * from "./places";
export {
  apply,
  applyAll,
  parseOp,
  sameData,
  type CorrectionError,
  type CorrectionErrorCode,
  type Result,
} from "./apply";
export * from "./history";
export * from "./edits";
export * from "./check";
export * from "./verification";
export * from "./ordering";
export * from "./apply";
export * from "./carry";
