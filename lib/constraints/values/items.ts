/** Iteration, indexing and slicing. */
import { PyError } from "../errors";
import { intOf, isInt } from "./operators";
import { repr } from "./repr";
import { PyDict, PySet, PyTuple, PyView, checkSize, hashKey, typeError, typeName, work, type Py } from "./types";
// ---- iteration, indexing ---------------------------------------------------------------------

export function iterate(v: Py): Py[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") {
    work(v.length);
    return Array.from(v);
  }
  if (v instanceof PyTuple) return v.items;
  if (v instanceof PySet) return [...v.values()];
  if (v instanceof PyDict) return [...v.map.values()].map((e) => e[0]);
  if (v instanceof PyView) return v.items();
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

function index(i: Py, len: number, what: string): number {
  if (!isInt(i)) throw typeError(`${what} indices must be integers or slices, not ${typeName(i)}`);
  let k = Number(intOf(i));
  if (k < 0) k += len;
  if (k < 0 || k >= len) throw new PyError("IndexError", `${what === "str" ? "string" : what} index out of range`);
  return k;
}

function sliceBounds(lo: Py, hi: Py, step: Py, len: number): [number, number, number] {
  const num = (v: Py) => {
    if (v === null) return null;
    if (!isInt(v)) throw typeError("slice indices must be integers or None or have an __index__ method");
    return Number(intOf(v));
  };
  const s = num(step) ?? 1;
  if (s === 0) throw new PyError("ValueError", "slice step cannot be zero");
  const clamp = (v: number | null, dflt: number) => {
    if (v === null) return dflt;
    if (v < 0) v += len;
    return s > 0 ? Math.min(Math.max(v, 0), len) : Math.min(Math.max(v, -1), len - 1);
  };
  return [clamp(num(lo), s > 0 ? 0 : len - 1), clamp(num(hi), s > 0 ? len : -1), s];
}
export class PySlice {
  constructor(
    public lo: Py,
    public hi: Py,
    public step: Py,
  ) {}
}
function sliceItems<T>(items: T[], sl: PySlice): T[] {
  const [a, b, s] = sliceBounds(sl.lo, sl.hi, sl.step, items.length);
  work(Math.abs(b - a) / Math.abs(s));
  const out: T[] = [];
  if (s > 0) for (let i = a; i < b; i += s) out.push(items[i]);
  else for (let i = a; i > b; i += s) out.push(items[i]);
  return out;
}

export function getItem(v: Py, key: Py | PySlice): Py {
  if (key instanceof PySlice) {
    if (Array.isArray(v)) return sliceItems(v, key);
    if (v instanceof PyTuple) return new PyTuple(sliceItems(v.items, key));
    if (typeof v === "string") {
      work(v.length);
      return sliceItems(Array.from(v), key).join("");
    }
    throw typeError(`'${typeName(v)}' object is not subscriptable`);
  }
  if (Array.isArray(v)) return v[index(key, v.length, "list")];
  if (v instanceof PyTuple) return v.items[index(key, v.items.length, "tuple")];
  if (typeof v === "string") {
    const cps = /[\ud800-\udfff]/.test(v) ? Array.from(v) : null;
    return cps ? cps[index(key, cps.length, "str")] : v[index(key, v.length, "str")];
  }
  if (v instanceof PyDict) {
    const r = v.get(key);
    if (r === undefined) throw new PyError("KeyError", repr(key));
    return r;
  }
  if (v instanceof PySet) throw typeError("'set' object is not subscriptable");
  throw typeError(`'${typeName(v)}' object is not subscriptable`);
}

export function setItem(v: Py, key: Py | PySlice, value: Py) {
  if (Array.isArray(v)) {
    if (key instanceof PySlice) {
      const [a, b, s] = sliceBounds(key.lo, key.hi, key.step, v.length);
      if (s !== 1) throw new PyError("ValueError", "extended slice assignment is not supported in constraints");
      work(v.length);
      v.splice(a, Math.max(0, b - a), ...iterate(value));
      checkSize(v.length);
      return;
    }
    v[index(key, v.length, "list")] = value;
    return;
  }
  if (v instanceof PyDict) {
    if (key instanceof PySlice) throw typeError("unhashable type: 'slice'");
    v.set(key, value);
    return;
  }
  throw typeError(`'${typeName(v)}' object does not support item assignment`);
}

export function delItem(v: Py, key: Py | PySlice) {
  if (Array.isArray(v) && !(key instanceof PySlice)) {
    v.splice(index(key, v.length, "list"), 1);
    return;
  }
  if (v instanceof PyDict && !(key instanceof PySlice)) {
    if (!v.map.delete(hashKey(key))) throw new PyError("KeyError", repr(key));
    return;
  }
  throw typeError(`'${typeName(v)}' object doesn't support item deletion`);
}
