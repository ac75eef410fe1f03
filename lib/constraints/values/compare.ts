/** Equality, ordering, membership and comparison operators. */
import { big, intOf, isNumber, toFloat } from "./operators";
import { PyDict, PyFloat, PySet, PyTuple, PyView, typeError, typeName, work, type Py } from "./types";
// ---- comparison ------------------------------------------------------------------------------

export function eq(a0: Py, b0: Py): boolean {
  if (typeof a0 === "string") {
    if (typeof b0 === "string" && a0.length === b0.length) work(a0.length);
    return a0 === b0;
  }
  if (typeof a0 === "number" && typeof b0 === "number") return a0 === b0;
  const a =
    a0 instanceof PyView && a0.kind !== "values" && (b0 instanceof PySet || b0 instanceof PyView) ? a0.asSet()! : a0;
  const b = b0 instanceof PyView && b0.kind !== "values" && a instanceof PySet ? b0.asSet()! : b0;
  if (a === b) return !(a instanceof PyFloat && Number.isNaN(a.v));
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" || typeof b === "bigint") {
      if (a instanceof PyFloat || b instanceof PyFloat) return toFloat(a) === toFloat(b);
      return big(intOf(a as number)) === big(intOf(b as number));
    }
    return toFloat(a) === toFloat(b);
  }
  if (typeof a === "string" || typeof b === "string") return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && (work(a.length), a.every((x, i) => eq(x, b[i])));
  if (a instanceof PyTuple && b instanceof PyTuple)
    return a.items.length === b.items.length && (work(a.items.length), a.items.every((x, i) => eq(x, b.items[i])));
  if (a instanceof PySet && b instanceof PySet)
    return a.size === b.size && (work(a.size), [...a.map.keys()].every((k) => b.map.has(k)));
  if (a instanceof PyDict && b instanceof PyDict) {
    if (a.size !== b.size) return false;
    for (const [h, [, v]] of a.map) {
      const o = b.map.get(h);
      if (!o || !eq(v, o[1])) return false;
    }
    return true;
  }
  return false;
}

function seqCompare(x: Py[], y: Py[]): number {
  const n = Math.min(x.length, y.length);
  work(n);
  for (let i = 0; i < n; i++) {
    if (eq(x[i], y[i])) continue;
    return lt(x[i], y[i]) ? -1 : 1;
  }
  return x.length - y.length;
}

function order(op: string, a0: Py, b0: Py): boolean {
  if (typeof a0 === "string" && typeof b0 === "string") {
    work(Math.min(a0.length, b0.length));
    // "HH:MM" times compare as strings, as in Python.
    return op === "<" ? a0 < b0 : op === "<=" ? a0 <= b0 : op === ">" ? a0 > b0 : a0 >= b0;
  }
  const a = a0 instanceof PyView && (b0 instanceof PySet || b0 instanceof PyView) ? (a0.asSet() ?? a0) : a0;
  const b = b0 instanceof PyView && a instanceof PySet ? (b0.asSet() ?? b0) : b0;
  if (isNumber(a) && isNumber(b)) {
    if ((typeof a === "bigint" || typeof b === "bigint") && !(a instanceof PyFloat) && !(b instanceof PyFloat)) {
      const x = big(intOf(a as number)),
        y = big(intOf(b as number));
      return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
    }
    const x = toFloat(a),
      y = toFloat(b);
    return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
  }
  if (typeof a === "string" && typeof b === "string") {
    const c = a < b ? -1 : a > b ? 1 : 0;
    return op === "<" ? c < 0 : op === "<=" ? c <= 0 : op === ">" ? c > 0 : c >= 0;
  }
  if ((Array.isArray(a) && Array.isArray(b)) || (a instanceof PyTuple && b instanceof PyTuple)) {
    const c = seqCompare(Array.isArray(a) ? a : (a as PyTuple).items, Array.isArray(b) ? b : (b as PyTuple).items);
    return op === "<" ? c < 0 : op === "<=" ? c <= 0 : op === ">" ? c > 0 : c >= 0;
  }
  if (a instanceof PySet && b instanceof PySet) {
    const sub = (x: PySet, y: PySet) => x.size <= y.size && [...x.map.keys()].every((k) => y.map.has(k));
    switch (op) {
      case "<=":
        return sub(a, b);
      case "<":
        return a.size < b.size && sub(a, b);
      case ">=":
        return sub(b, a);
      case ">":
        return b.size < a.size && sub(b, a);
    }
  }
  throw typeError(`'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}
export const lt = (a: Py, b: Py) => order("<", a, b);

export function contains(container: Py, x: Py): boolean {
  if (typeof container === "string") {
    if (typeof x !== "string") throw typeError(`'in <string>' requires string as left operand, not ${typeName(x)}`);
    work(container.length);
    return container.includes(x);
  }
  if (Array.isArray(container) || container instanceof PyTuple) {
    const items = Array.isArray(container) ? container : container.items;
    work(items.length);
    for (let i = 0; i < items.length; i++) if (eq(x, items[i])) return true;
    return false;
  }
  // A set looked up in a set is tried as a frozenset (Python does this); ours hold no frozensets.
  if (container instanceof PySet) return x instanceof PySet ? false : container.has(x);
  if (container instanceof PyDict) return container.has(x);
  if (container instanceof PyView)
    return container.kind === "keys" ? container.d.has(x) : container.items().some((y) => eq(x, y));
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

export function compare(op: string, a: Py, b: Py): boolean {
  switch (op) {
    case "==":
      return eq(a, b);
    case "!=":
      return !eq(a, b);
    case "in":
      return contains(b, a);
    case "not in":
      return !contains(b, a);
    case "is":
      return a === b || (a === null && b === null);
    case "is not":
      return !(a === b);
    default:
      return order(op, a, b);
  }
}
