/** The Python value types, their limits and work meter, type names, hashing and truthiness. */
import { LimitError, PyError } from "../errors";

export class PyFloat {
  constructor(public v: number) {}
}
export class PyTuple {
  constructor(public items: Py[]) {}
}
export class PySet {
  map = new Map<unknown, Py>();
  constructor(items?: Iterable<Py>) {
    if (items)
      for (const x of items) {
        const k = hashKey(x);
        if (!this.map.has(k)) this.map.set(k, x);
      }
  }
  has(x: Py) {
    return this.map.has(hashKey(x));
  }
  /** An equal element already present stays (as in Python: {3.0} | {3} is {3.0}). */
  add(x: Py) {
    const k = hashKey(x);
    if (!this.map.has(k)) {
      this.map.set(k, x);
      checkSize(this.map.size);
    }
  }
  get size() {
    return this.map.size;
  }
  values() {
    return this.map.values();
  }
}
export class PyDict {
  map = new Map<unknown, [Py, Py]>();
  get(k: Py): Py | undefined {
    const e = this.map.get(typeof k === "string" && k.charCodeAt(0) !== 0 ? k : hashKey(k));
    return e === undefined ? undefined : e[1];
  }
  set(k: Py, v: Py) {
    const h = hashKey(k);
    const e = this.map.get(h);
    if (e) e[1] = v;
    else {
      this.map.set(h, [k, v]);
      checkSize(this.map.size);
    }
  }
  has(k: Py) {
    return this.map.has(hashKey(k));
  }
  get size() {
    return this.map.size;
  }
}
/** dict.keys() / values() / items(): live views; keys and items behave as sets in operators. */
export class PyView {
  constructor(
    public d: PyDict,
    public kind: "keys" | "values" | "items",
  ) {}
  items(): Py[] {
    const es = [...this.d.map.values()];
    return this.kind === "keys"
      ? es.map((e) => e[0])
      : this.kind === "values"
        ? es.map((e) => e[1])
        : es.map((e) => new PyTuple([e[0], e[1]]));
  }
  asSet(): PySet | null {
    return this.kind === "values" ? null : new PySet(this.items());
  }
}
export type Kwargs = Record<string, Py> | null;
export class PyFunc {
  /** A direct one-argument entry (no argument array), for the concept functions most snippets call. */
  call1: ((a: Py) => Py) | null = null;
  constructor(
    public name: string,
    public call: (args: Py[], kw: Kwargs) => Py,
    public kind = "builtin_function_or_method",
  ) {}
}
export type Py =
  null | boolean | number | bigint | string | PyFloat | Py[] | PyTuple | PySet | PyDict | PyFunc | PyView;

/**
 * Work beyond one step — items compared or copied, characters scanned — charged to the evaluation's step
 * budget (compile.ts installs the meter), so that one step cannot hide unbounded work: `[x]*999999 ==
 * [y]*999999`, `y in [x]*999999`, slicing a long list in a loop. Small amounts are free.
 */
export const meter: { charge: (units: number) => void } = { charge: () => {} };
export function work(units: number) {
  if (units > 64) meter.charge(units);
}

/** Size limits: no honest annotation comes near them; a runaway one stops here. */
export const LIMITS = { maxCollection: 1_000_000, maxString: 10_000_000, maxIntBits: 100_000 };
export function checkSize(n: number) {
  if (n > LIMITS.maxCollection)
    throw new LimitError(`a collection grew beyond ${LIMITS.maxCollection.toLocaleString("en")} items`);
}
export function checkString(s: string): string {
  if (s.length > LIMITS.maxString)
    throw new LimitError(`a string grew beyond ${LIMITS.maxString.toLocaleString("en")} characters`);
  return s;
}

export function typeName(v: Py): string {
  if (v === null) return "NoneType";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "number":
    case "bigint":
      return "int";
    case "string":
      return "str";
  }
  if (v instanceof PyFloat) return "float";
  if (Array.isArray(v)) return "list";
  if (v instanceof PyTuple) return "tuple";
  if (v instanceof PySet) return "set";
  if (v instanceof PyDict) return "dict";
  if (v instanceof PyFunc) return v.kind;
  if (v instanceof PyView) return `dict_${v.kind}`;
  return "object";
}

export const typeError = (m: string) => new PyError("TypeError", m);

export function hashKey(v: Py): unknown {
  switch (typeof v) {
    case "number":
      return v;
    case "boolean":
      return v ? 1 : 0;
    case "string":
      return v.charCodeAt(0) === 0 ? "\0s" + v : v;
    case "bigint":
      return v;
  }
  if (v === null) return "\0N";
  if (v instanceof PyFloat) {
    const x = v.v;
    return Number.isInteger(x) && !Number.isSafeInteger(x) ? BigInt(x) : x;
  }
  if (v instanceof PyTuple)
    return (
      "\0t(" +
      v.items
        .map((x) => {
          const k = hashKey(x);
          return typeof k + ":" + String(k);
        })
        .join("\u0001") +
      ")"
    );
  if (v instanceof PyFunc) return v;
  throw typeError(`unhashable type: '${typeName(v)}'`);
}

export function truthy(v: Py): boolean {
  if (v === null) return false;
  switch (typeof v) {
    case "boolean":
      return v;
    case "number":
      return v !== 0;
    case "bigint":
      return v !== 0n;
    case "string":
      return v.length > 0;
  }
  if (v instanceof PyFloat) return v.v !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (v instanceof PySet || v instanceof PyDict) return v.size > 0;
  if (v instanceof PyView) return v.d.size > 0;
  return true;
}
