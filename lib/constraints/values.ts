/**
 * Python values for the DSL. None → null, bool → boolean, int → number (exact) or bigint (beyond 2^53),
 * float → PyFloat (boxed, so 2.0 stays a float), str → string, list → JS array, tuple → PyTuple,
 * set → PySet, dict → PyDict (both keyed by a hash that makes 1 == 1.0 == True, as Python does).
 * By concern in lib/constraints/values/: the types, operators, comparisons, items (iteration, indexing) and text.
 */
export * from "./values/types";
export { binop, inplace, isInt, intOf, isNumber, norm, unary } from "./values/operators";
export * from "./values/compare";
export * from "./values/items";
export * from "./values/repr";
