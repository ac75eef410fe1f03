/** Attribute calls on the built-in types (`s.add(x)`, `d.get(k, 0)`, `t.split(':')` …), with Python's errors. */
import { PyError } from "./errors";
import {
  PyDict,
  PyFloat,
  PyFunc,
  PySet,
  PyTuple,
  PyView,
  checkSize,
  eq,
  hashKey,
  intOf,
  isInt,
  iterate,
  lt,
  repr,
  str,
  typeName,
  work,
  type Kwargs,
  type Py,
} from "./values";

const typeError = (m: string) => new PyError("TypeError", m);

function arity(name: string, args: Py[], min: number, max: number) {
  if (args.length < min || args.length > max) {
    const what =
      min === max ? `exactly ${min === 0 ? "no" : min} argument${min === 1 ? "" : "s"}` : `at most ${max} arguments`;
    throw typeError(`${name}() takes ${min === 0 && max === 0 ? "no arguments" : what} (${args.length} given)`);
  }
}
const noKw = (name: string, kw: Kwargs) => {
  if (kw && Object.keys(kw).length) throw typeError(`${name}() takes no keyword arguments`);
};
const needStr = (v: Py, what: string): string => {
  if (typeof v !== "string") throw typeError(`${what} must be str, not ${typeName(v)}`);
  return v;
};

function pyIndexOf(items: Py[], x: Py, name: string): number {
  const i = items.findIndex((y) => eq(x, y));
  if (i < 0)
    throw new PyError("ValueError", name === "list" ? `${repr(x)} is not in list` : "tuple.index(x): x not in tuple");
  return i;
}

function split(s: string, sep: Py, maxsplit: number): string[] {
  if (sep === null) {
    const parts = s
      .trim()
      .split(/\s+/)
      .filter((p) => p !== "");
    if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
    // Re-split keeping the remainder intact.
    const out: string[] = [];
    let rest = s.replace(/^\s+/, "");
    for (let i = 0; i < maxsplit; i++) {
      const m = /\s+/.exec(rest);
      if (!m) break;
      out.push(rest.slice(0, m.index));
      rest = rest.slice(m.index + m[0].length);
    }
    if (rest) out.push(rest);
    return out;
  }
  const d = needStr(sep, "sep");
  if (d === "") throw new PyError("ValueError", "empty separator");
  const parts = s.split(d);
  if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
  return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(d)];
}

const strip = (s: string, chars: Py, left: boolean, right: boolean) => {
  if (chars === null || chars === undefined)
    return s.replace(left ? /^\s+/ : /$^/, "").replace(right ? /\s+$/ : /$^/, "");
  const set = new Set(Array.from(needStr(chars, "strip arg")));
  const cs = Array.from(s);
  let a = 0,
    b = cs.length;
  if (left) while (a < b && set.has(cs[a])) a++;
  if (right) while (b > a && set.has(cs[b - 1])) b--;
  return cs.slice(a, b).join("");
};

type Method = (self: never, args: Py[], kw: Kwargs) => Py;
const STR: Record<string, Method> = {
  split: (s: string, a, kw) => {
    const sep = kw?.sep ?? a[0] ?? null;
    const max = kw?.maxsplit ?? a[1] ?? -1;
    return split(s, sep, Number(intOf(max as number)));
  },
  startswith: (s: string, a) => {
    arity("startswith", a, 1, 1);
    const p = a[0];
    return p instanceof PyTuple
      ? p.items.some((x) => s.startsWith(needStr(x, "tuple item")))
      : s.startsWith(needStr(p, "startswith arg"));
  },
  endswith: (s: string, a) => {
    arity("endswith", a, 1, 1);
    const p = a[0];
    return p instanceof PyTuple
      ? p.items.some((x) => s.endsWith(needStr(x, "tuple item")))
      : s.endsWith(needStr(p, "endswith arg"));
  },
  lower: (s: string, a) => {
    arity("lower", a, 0, 0);
    return s.toLowerCase();
  },
  upper: (s: string, a) => {
    arity("upper", a, 0, 0);
    return s.toUpperCase();
  },
  strip: (s: string, a) => strip(s, a[0] ?? null, true, true),
  lstrip: (s: string, a) => strip(s, a[0] ?? null, true, false),
  rstrip: (s: string, a) => strip(s, a[0] ?? null, false, true),
  replace: (s: string, a) => {
    arity("replace", a, 2, 3);
    return s.split(needStr(a[0], "replace arg 1")).join(needStr(a[1], "replace arg 2"));
  },
  join: (s: string, a) => {
    arity("join", a, 1, 1);
    const items = iterate(a[0]);
    items.forEach((x, i) => {
      if (typeof x !== "string") throw typeError(`sequence item ${i}: expected str instance, ${typeName(x)} found`);
    });
    return items.join(s);
  },
  find: (s: string, a) => {
    arity("find", a, 1, 1);
    return s.indexOf(needStr(a[0], "find arg"));
  },
  index: (s: string, a) => {
    arity("index", a, 1, 1);
    const i = s.indexOf(needStr(a[0], "index arg"));
    if (i < 0) throw new PyError("ValueError", "substring not found");
    return i;
  },
  count: (s: string, a) => {
    arity("count", a, 1, 1);
    const t = needStr(a[0], "count arg");
    return t === "" ? Array.from(s).length + 1 : s.split(t).length - 1;
  },
  isdigit: (s: string) => s.length > 0 && /^\p{Nd}+$/u.test(s),
  isnumeric: (s: string) => s.length > 0 && /^\p{N}+$/u.test(s),
  isalpha: (s: string) => s.length > 0 && /^\p{L}+$/u.test(s),
  isspace: (s: string) => s.length > 0 && /^\s+$/.test(s),
  title: (s: string) => s.replace(/\p{L}+/gu, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase()),
  capitalize: (s: string) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s),
  zfill: (s: string, a) => {
    const w = Number(intOf(a[0] as number));
    const sign = /^[+-]/.test(s) ? s[0] : "";
    const body = sign ? s.slice(1) : s;
    return sign + body.padStart(w - sign.length, "0");
  },
  format: (s: string, a) => {
    let i = 0;
    return s.replace(/\{(\d*)\}/g, (_m, n: string) => {
      const v = a[n === "" ? i++ : Number(n)];
      if (v === undefined) throw new PyError("IndexError", "Replacement index out of range for positional args tuple");
      return str(v);
    });
  },
};
const LIST: Record<string, Method> = {
  append: (l: Py[], a) => {
    arity("list.append", a, 1, 1);
    l.push(a[0]);
    checkSize(l.length);
    return null;
  },
  extend: (l: Py[], a) => {
    arity("list.extend", a, 1, 1);
    const xs = iterate(a[0]);
    checkSize(l.length + xs.length);
    for (const x of [...xs]) l.push(x);
    return null;
  },
  insert: (l: Py[], a) => {
    arity("insert", a, 2, 2);
    let i = Number(intOf(a[0] as number));
    if (i < 0) i = Math.max(0, l.length + i);
    l.splice(Math.min(i, l.length), 0, a[1]);
    return null;
  },
  pop: (l: Py[], a) => {
    if (!l.length) throw new PyError("IndexError", "pop from empty list");
    let i = a.length ? Number(intOf(a[0] as number)) : l.length - 1;
    if (i < 0) i += l.length;
    if (i < 0 || i >= l.length) throw new PyError("IndexError", "pop index out of range");
    return l.splice(i, 1)[0];
  },
  remove: (l: Py[], a) => {
    arity("list.remove", a, 1, 1);
    const i = l.findIndex((y) => eq(a[0], y));
    if (i < 0) throw new PyError("ValueError", "list.remove(x): x not in list");
    l.splice(i, 1);
    return null;
  },
  index: (l: Py[], a) => pyIndexOf(l, a[0], "list"),
  count: (l: Py[], a) => l.filter((y) => eq(a[0], y)).length,
  copy: (l: Py[]) => [...l],
  clear: (l: Py[]) => {
    l.length = 0;
    return null;
  },
  reverse: (l: Py[]) => {
    l.reverse();
    return null;
  },
  sort: (l: Py[], a, kw) => {
    if (a.length) throw typeError("sort() takes no positional arguments");
    if (kw && Object.keys(kw).some((k) => k !== "reverse"))
      throw typeError("sort() with key= is not supported in constraints");
    const sorted = [...l].sort((x, y) => (lt(x, y) ? -1 : lt(y, x) ? 1 : 0));
    if (kw?.reverse) sorted.reverse();
    l.splice(0, l.length, ...sorted);
    return null;
  },
};
const TUPLE: Record<string, Method> = {
  index: (t: PyTuple, a) => pyIndexOf(t.items, a[0], "tuple"),
  count: (t: PyTuple, a) => t.items.filter((y) => eq(a[0], y)).length,
};
const asSet = (v: Py) => (v instanceof PySet ? v : new PySet(iterate(v)));
const SET: Record<string, Method> = {
  add: (s: PySet, a) => {
    arity("set.add", a, 1, 1);
    s.add(a[0]);
    return null;
  },
  discard: (s: PySet, a) => {
    arity("set.discard", a, 1, 1);
    s.map.delete(hashKey(a[0]));
    return null;
  },
  remove: (s: PySet, a) => {
    arity("set.remove", a, 1, 1);
    if (!s.map.delete(hashKey(a[0]))) throw new PyError("KeyError", repr(a[0]));
    return null;
  },
  pop: (s: PySet) => {
    const first = s.map.entries().next();
    if (first.done) throw new PyError("KeyError", "'pop from an empty set'");
    s.map.delete(first.value[0]);
    return first.value[1];
  },
  update: (s: PySet, a) => {
    for (const it of a) for (const x of iterate(it)) s.add(x);
    return null;
  },
  union: (s: PySet, a) => {
    const out = new PySet(s.values());
    for (const it of a) for (const x of iterate(it)) out.add(x);
    return out;
  },
  intersection: (s: PySet, a) => {
    let out = new PySet(s.values());
    for (const it of a) {
      const o = asSet(it);
      out = new PySet([...out.values()].filter((x) => o.has(x)));
    }
    return out;
  },
  difference: (s: PySet, a) => {
    let out = new PySet(s.values());
    for (const it of a) {
      const o = asSet(it);
      out = new PySet([...out.values()].filter((x) => !o.has(x)));
    }
    return out;
  },
  symmetric_difference: (s: PySet, a) => {
    const o = asSet(a[0]);
    return new PySet([...[...s.values()].filter((x) => !o.has(x)), ...[...o.values()].filter((x) => !s.has(x))]);
  },
  intersection_update: (s: PySet, a) => {
    const o = asSet(a[0]);
    for (const [k] of [...s.map]) if (!o.map.has(k)) s.map.delete(k);
    return null;
  },
  difference_update: (s: PySet, a) => {
    const o = asSet(a[0]);
    for (const k of o.map.keys()) s.map.delete(k);
    return null;
  },
  issubset: (s: PySet, a) => {
    const o = asSet(a[0]);
    return [...s.map.keys()].every((k) => o.map.has(k));
  },
  issuperset: (s: PySet, a) => {
    const o = asSet(a[0]);
    return [...o.map.keys()].every((k) => s.map.has(k));
  },
  isdisjoint: (s: PySet, a) => {
    const o = asSet(a[0]);
    return [...s.map.keys()].every((k) => !o.map.has(k));
  },
  copy: (s: PySet) => new PySet(s.values()),
  clear: (s: PySet) => {
    s.map.clear();
    return null;
  },
};
const DICT: Record<string, Method> = {
  get: (d: PyDict, a) => {
    arity("get", a, 1, 2);
    const v = d.get(a[0]);
    return v === undefined ? (a.length > 1 ? a[1] : null) : v;
  },
  keys: (d: PyDict) => new PyView(d, "keys"),
  values: (d: PyDict) => new PyView(d, "values"),
  items: (d: PyDict) => new PyView(d, "items"),
  setdefault: (d: PyDict, a) => {
    const v = d.get(a[0]);
    if (v !== undefined) return v;
    const dflt = a.length > 1 ? a[1] : null;
    d.set(a[0], dflt);
    return dflt;
  },
  update: (d: PyDict, a, kw) => {
    if (a[0] instanceof PyDict) for (const [k, v] of a[0].map.values()) d.set(k, v);
    else if (a[0] !== undefined)
      for (const pair of iterate(a[0])) {
        const kv = iterate(pair);
        d.set(kv[0], kv[1]);
      }
    if (kw) for (const [k, v] of Object.entries(kw)) d.set(k, v);
    return null;
  },
  pop: (d: PyDict, a) => {
    const v = d.get(a[0]);
    if (v === undefined) {
      if (a.length > 1) return a[1];
      throw new PyError("KeyError", repr(a[0]));
    }
    d.map.delete(hashKey(a[0]));
    return v;
  },
  copy: (d: PyDict) => {
    const o = new PyDict();
    for (const [k, v] of d.map.values()) o.set(k, v);
    return o;
  },
  clear: (d: PyDict) => {
    d.map.clear();
    return null;
  },
};

function table(v: Py): Record<string, Method> | null {
  if (typeof v === "string") return STR;
  if (Array.isArray(v)) return LIST;
  if (v instanceof PyTuple) return TUPLE;
  if (v instanceof PySet) return SET;
  if (v instanceof PyDict) return DICT;
  return null;
}

/** `obj.name` — only methods exist on the built-in types; anything else is Python's AttributeError. */
export function getAttr(obj: Py, name: string): Py {
  const t = table(obj);
  const m = t && Object.prototype.hasOwnProperty.call(t, name) ? t[name] : null;
  if (!m) {
    if (isInt(obj) || obj instanceof PyFloat) {
      if (name === "real") return obj;
    }
    throw new PyError("AttributeError", `'${typeName(obj)}' object has no attribute '${name}'`);
  }
  return new PyFunc(`${typeName(obj)}.${name}`, (args, kw) => {
    if (kw && name !== "sort" && name !== "split" && name !== "update") noKw(name, kw);
    return (m as (s: Py, a: Py[], k: Kwargs) => Py)(obj, args, kw);
  });
}

/** Calls `obj.name(args)` without making a bound-method object (the common path). */
/** Methods that touch one item whatever the receiver's size; every other method is charged by size. */
const CONSTANT_TIME = new Set([
  "append",
  "pop",
  "get",
  "add",
  "discard",
  "setdefault",
  "popitem",
  "keys",
  "values",
  "items",
  "__len__",
]);

export function callMethod(obj: Py, name: string, args: Py[], kw: Kwargs): Py {
  if (!CONSTANT_TIME.has(name)) {
    let units =
      typeof obj === "string"
        ? obj.length
        : Array.isArray(obj)
          ? obj.length
          : obj instanceof PySet || obj instanceof PyDict
            ? obj.size
            : obj instanceof PyTuple
              ? obj.items.length
              : 0;
    for (const a of args) units += typeof a === "string" ? a.length : Array.isArray(a) ? a.length : 0;
    work(units);
  }
  const t = table(obj);
  const m = t && Object.prototype.hasOwnProperty.call(t, name) ? t[name] : null;
  if (!m) return callValue(getAttr(obj, name), args, kw);
  if (kw && name !== "sort" && name !== "split" && name !== "update") noKw(name, kw);
  return (m as (s: Py, a: Py[], k: Kwargs) => Py)(obj, args, kw);
}

export function callValue(f: Py, args: Py[], kw: Kwargs): Py {
  if (f instanceof PyFunc) return f.call(args, kw);
  throw typeError(`'${typeName(f)}' object is not callable`);
}
