/**
 * Python values for the DSL. None → null, bool → boolean, int → number (exact) or bigint (beyond 2^53),
 * float → PyFloat (boxed, so 2.0 stays a float), str → string, list → JS array, tuple → PyTuple,
 * set → PySet, dict → PyDict (both keyed by a hash that makes 1 == 1.0 == True, as Python does).
 */
import { LimitError, PyError } from "./errors";

export class PyFloat {
  constructor(public v: number) {}
}
export class PyTuple {
  constructor(public items: Py[]) {}
}
export class PySet {
  map = new Map<unknown, Py>();
  constructor(items?: Iterable<Py>) {
    if (items) for (const x of items) { const k = hashKey(x); if (!this.map.has(k)) this.map.set(k, x); }
  }
  has(x: Py) { return this.map.has(hashKey(x)); }
  /** An equal element already present stays (as in Python: {3.0} | {3} is {3.0}). */
  add(x: Py) { const k = hashKey(x); if (!this.map.has(k)) { this.map.set(k, x); checkSize(this.map.size); } }
  get size() { return this.map.size; }
  values() { return this.map.values(); }
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
    else { this.map.set(h, [k, v]); checkSize(this.map.size); }
  }
  has(k: Py) { return this.map.has(hashKey(k)); }
  get size() { return this.map.size; }
}
/** dict.keys() / values() / items(): live views; keys and items behave as sets in operators. */
export class PyView {
  constructor(public d: PyDict, public kind: "keys" | "values" | "items") {}
  items(): Py[] {
    const es = [...this.d.map.values()];
    return this.kind === "keys" ? es.map((e) => e[0]) : this.kind === "values" ? es.map((e) => e[1]) : es.map((e) => new PyTuple([e[0], e[1]]));
  }
  asSet(): PySet | null {
    return this.kind === "values" ? null : new PySet(this.items());
  }
}
export type Kwargs = Record<string, Py> | null;
export class PyFunc {
  /** A direct one-argument entry (no argument array), for the concept functions most snippets call. */
  call1: ((a: Py) => Py) | null = null;
  constructor(public name: string, public call: (args: Py[], kw: Kwargs) => Py, public kind = "builtin_function_or_method") {}
}
export type Py = null | boolean | number | bigint | string | PyFloat | Py[] | PyTuple | PySet | PyDict | PyFunc | PyView;

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
  if (n > LIMITS.maxCollection) throw new LimitError(`a collection grew beyond ${LIMITS.maxCollection.toLocaleString("en")} items`);
}
function checkString(s: string): string {
  if (s.length > LIMITS.maxString) throw new LimitError(`a string grew beyond ${LIMITS.maxString.toLocaleString("en")} characters`);
  return s;
}

export function typeName(v: Py): string {
  if (v === null) return "NoneType";
  switch (typeof v) {
    case "boolean": return "bool";
    case "number": case "bigint": return "int";
    case "string": return "str";
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

const typeError = (m: string) => new PyError("TypeError", m);

export function hashKey(v: Py): unknown {
  switch (typeof v) {
    case "number": return v;
    case "boolean": return v ? 1 : 0;
    case "string": return v.charCodeAt(0) === 0 ? "\0s" + v : v;
    case "bigint": return v;
  }
  if (v === null) return "\0N";
  if (v instanceof PyFloat) {
    const x = v.v;
    return Number.isInteger(x) && !Number.isSafeInteger(x) ? BigInt(x) : x;
  }
  if (v instanceof PyTuple) return "\0t(" + v.items.map((x) => { const k = hashKey(x); return typeof k + ":" + String(k); }).join("\u0001") + ")";
  if (v instanceof PyFunc) return v;
  throw typeError(`unhashable type: '${typeName(v)}'`);
}

export function truthy(v: Py): boolean {
  if (v === null) return false;
  switch (typeof v) {
    case "boolean": return v;
    case "number": return v !== 0;
    case "bigint": return v !== 0n;
    case "string": return v.length > 0;
  }
  if (v instanceof PyFloat) return v.v !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyTuple) return v.items.length > 0;
  if (v instanceof PySet || v instanceof PyDict) return v.size > 0;
  if (v instanceof PyView) return v.d.size > 0;
  return true;
}

// ---- numbers ---------------------------------------------------------------------------------

const isInt = (v: Py): v is number | bigint | boolean => typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";
export const isNumber = (v: Py): boolean => isInt(v) || v instanceof PyFloat;
const intOf = (v: number | bigint | boolean): number | bigint => (typeof v === "boolean" ? (v ? 1 : 0) : v);
const big = (v: number | bigint) => (typeof v === "bigint" ? v : BigInt(v));
export function norm(v: bigint): number | bigint {
  if (v >= -9007199254740991n && v <= 9007199254740991n) return Number(v);
  if (v.toString(16).length * 4 > LIMITS.maxIntBits) throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
  return v;
}
const toFloat = (v: Py): number => {
  if (v instanceof PyFloat) return v.v;
  const i = intOf(v as number | bigint | boolean);
  if (typeof i === "bigint") {
    const f = Number(i);
    if (!Number.isFinite(f)) throw new PyError("OverflowError", "int too large to convert to float");
    return f;
  }
  return i;
};

function intArith(op: string, a0: number | bigint, b0: number | bigint): Py {
  if (typeof a0 === "number" && typeof b0 === "number") {
    const a = a0, b = b0;
    switch (op) {
      case "+": { const r = a + b; if (Number.isSafeInteger(r)) return r; break; }
      case "-": { const r = a - b; if (Number.isSafeInteger(r)) return r; break; }
      case "*": { const r = a * b; if (Number.isSafeInteger(r)) return r === 0 ? 0 : r; break; }
      case "//": {
        if (b === 0) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
        if (Math.abs(a) < 2 ** 31) return Math.floor(a / b);
        break;
      }
      case "%": {
        if (b === 0) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
        let r = a % b;
        if (r !== 0 && (r < 0) !== (b < 0)) r += b;
        return r === 0 ? 0 : r;
      }
    }
  }
  const a = big(a0), b = big(b0);
  switch (op) {
    case "+": return norm(a + b);
    case "-": return norm(a - b);
    case "*": return norm(a * b);
    case "//": {
      if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
      let q = a / b;
      if ((a % b !== 0n) && ((a < 0n) !== (b < 0n))) q -= 1n;
      return norm(q);
    }
    case "%": {
      if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
      let r = a % b;
      if (r !== 0n && (r < 0n) !== (b < 0n)) r += b;
      return norm(r);
    }
    case "**": {
      if (b < 0n) {
        if (a === 0n) throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return new PyFloat(Math.pow(Number(a), Number(b)));
      }
      const bits = a === 0n || a === 1n || a === -1n ? 1 : (a < 0n ? -a : a).toString(2).length * Number(b);
      if (bits > LIMITS.maxIntBits) throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
      return norm(a ** b);
    }
    case "&": return norm(a & b);
    case "|": return norm(a | b);
    case "^": return norm(a ^ b);
    case "<<": {
      if (b < 0n) throw new PyError("ValueError", "negative shift count");
      if (Number(b) + a.toString(2).length > LIMITS.maxIntBits) throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
      return norm(a << b);
    }
    case ">>": {
      if (b < 0n) throw new PyError("ValueError", "negative shift count");
      return norm(a >> b);
    }
  }
  throw typeError(`unsupported operand type(s) for ${op}: 'int' and 'int'`);
}

function floatMod(a: number, b: number): number {
  if (b === 0) throw new PyError("ZeroDivisionError", "float modulo");
  let m = a % b;
  if (m !== 0) { if ((b < 0) !== (m < 0)) m += b; }
  else m = b < 0 ? -0 : 0;
  return m;
}
function floatFloorDiv(a: number, b: number): number {
  if (b === 0) throw new PyError("ZeroDivisionError", "float floor division by zero");
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod && (b < 0) !== (mod < 0)) { mod += b; div -= 1; }
  if (div) {
    let f = Math.floor(div);
    if (div - f > 0.5) f += 1;
    return f;
  }
  return (a / b < 0 || Object.is(a / b, -0)) ? -0 : 0;
}

function floatArith(op: string, a: number, b: number): Py {
  switch (op) {
    case "+": return new PyFloat(a + b);
    case "-": return new PyFloat(a - b);
    case "*": return new PyFloat(a * b);
    case "/": if (b === 0) throw new PyError("ZeroDivisionError", "float division by zero"); return new PyFloat(a / b);
    case "//": return new PyFloat(floatFloorDiv(a, b));
    case "%": return new PyFloat(floatMod(a, b));
    case "**": {
      if (a === 0 && b < 0) throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
      if (a < 0 && !Number.isInteger(b) && Number.isFinite(b)) throw new PyError("ValueError", "complex results are not supported in constraints");
      const r = Math.pow(a, b);
      if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b)) throw new PyError("OverflowError", "(34, 'Numerical result out of range')");
      return new PyFloat(r);
    }
  }
  throw typeError(`unsupported operand type(s) for ${op}: 'float' and 'float'`);
}

// ---- sequences and sets ---------------------------------------------------------------------

function repeat<T>(items: T[], n: Py): T[] {
  if (!isInt(n)) throw typeError(`can't multiply sequence by non-int of type '${typeName(n)}'`);
  const k = Number(intOf(n as number));
  if (k <= 0) return [];
  checkSize(items.length * k);
  work(items.length * k);
  const out: T[] = [];
  for (let i = 0; i < k; i++) for (const x of items) out.push(x);
  return out;
}

function setOp(op: string, a: PySet, b: PySet): PySet | null {
  const out = new PySet();
  switch (op) {
    case "|": for (const [k, v] of a.map) out.map.set(k, v); for (const [k, v] of b.map) if (!out.map.has(k)) out.map.set(k, v); checkSize(out.size); return out;
    case "&": for (const [k, v] of a.map) if (b.map.has(k)) out.map.set(k, v); return out;
    case "-": for (const [k, v] of a.map) if (!b.map.has(k)) out.map.set(k, v); return out;
    case "^": for (const [k, v] of a.map) if (!b.map.has(k)) out.map.set(k, v); for (const [k, v] of b.map) if (!a.map.has(k)) out.map.set(k, v); return out;
  }
  return null;
}

export function binop(op: string, a0: Py, b0: Py): Py {
  // Sums of costs: float + float / int, the most common arithmetic in annotations.
  if (op === "+" && (a0 instanceof PyFloat || typeof a0 === "number") && (b0 instanceof PyFloat || typeof b0 === "number") && (a0 instanceof PyFloat || b0 instanceof PyFloat)) {
    return new PyFloat((typeof a0 === "number" ? a0 : a0.v) + (typeof b0 === "number" ? b0 : b0.v));
  }
  // Key and item views take part in set operators as sets, with any iterable on the other side.
  let a = a0, b = b0;
  if ((op === "|" || op === "&" || op === "-" || op === "^") && ((a0 instanceof PyView && a0.kind !== "values") || (b0 instanceof PyView && b0.kind !== "values"))) {
    a = a0 instanceof PySet ? a0 : new PySet(iterate(a0));
    b = b0 instanceof PySet ? b0 : new PySet(iterate(b0));
  }
  if (isInt(a) && isInt(b)) {
    if (typeof a === "boolean" && typeof b === "boolean" && (op === "&" || op === "|" || op === "^")) return op === "&" ? a && b : op === "|" ? a || b : a !== b;
    if (op === "/") {
      const x = toFloat(a), y = toFloat(b);
      if (y === 0) throw new PyError("ZeroDivisionError", "division by zero");
      // Big ints divide as floats (Python rounds the exact quotient; the difference is in the last bit).
      return new PyFloat(x / y);
    }
    if (op === "**") {
      const bi = intOf(b);
      if (typeof bi === "number" && bi >= 0 && bi < 64) {
        const r = Math.pow(Number(intOf(a)), bi);
        if (Number.isSafeInteger(r) && typeof intOf(a) === "number") return r;
      }
    }
    return intArith(op, intOf(a), intOf(b));
  }
  if (isNumber(a) && isNumber(b)) {
    if (op === "&" || op === "|" || op === "^" || op === "<<" || op === ">>") throw typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
    return floatArith(op, toFloat(a), toFloat(b));
  }
  if (typeof a === "string" && typeof b === "string" && op === "+") {
    work(a.length + b.length);
    return checkString(a + b);
  }
  if (op === "*") {
    if (typeof a === "string" && isInt(b)) {
      const k = Number(intOf(b));
      if (k <= 0 || a.length === 0) return "";
      if (a.length * k > LIMITS.maxString) throw new LimitError(`a string grew beyond ${LIMITS.maxString.toLocaleString("en")} characters`);
      work(a.length * k);
      return a.repeat(k);
    }
    if (isInt(a) && typeof b === "string") return binop("*", b, a);
    if (Array.isArray(a) && isInt(b)) return repeat(a, b);
    if (isInt(a) && Array.isArray(b)) return repeat(b, a);
    if (a instanceof PyTuple && isInt(b)) return new PyTuple(repeat(a.items, b));
    if (isInt(a) && b instanceof PyTuple) return new PyTuple(repeat(b.items, a));
    if (typeof a === "string" || Array.isArray(a) || a instanceof PyTuple) throw typeError(`can't multiply sequence by non-int of type '${typeName(b)}'`);
  }
  if (op === "+") {
    if (Array.isArray(a) && Array.isArray(b)) { checkSize(a.length + b.length); work(a.length + b.length); return a.concat(b); }
    if (a instanceof PyTuple && b instanceof PyTuple) { checkSize(a.items.length + b.items.length); work(a.items.length + b.items.length); return new PyTuple(a.items.concat(b.items)); }
    if (Array.isArray(a) || typeof a === "string" || a instanceof PyTuple) throw typeError(`can only concatenate ${typeName(a)} (not "${typeName(b)}") to ${typeName(a)}`);
  }
  if (op === "%" && typeof a === "string") return formatPercent(a, b);
  if (a instanceof PySet && b instanceof PySet) {
    work(a.size + b.size);
    const r = setOp(op, a, b);
    if (r) return r;
  }
  if (op === "|" && a instanceof PyDict && b instanceof PyDict) {
    const out = new PyDict();
    for (const [k, v] of a.map.values()) out.set(k, v);
    for (const [k, v] of b.map.values()) out.set(k, v);
    return out;
  }
  throw typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** In-place operators: lists, sets and dicts change in place (as `+=`, `|=` do in Python); others rebind. */
export function inplace(op: string, a: Py, b: Py): Py {
  if (typeof a === "number" || a instanceof PyFloat) return binop(op, a, b);
  if (Array.isArray(a) && op === "+") {
    const items = iterate(b);
    checkSize(a.length + items.length);
    work(items.length);
    for (const x of items) a.push(x);
    return a;
  }
  if (Array.isArray(a) && op === "*") {
    const r = repeat(a, b);
    a.length = 0;
    for (const x of r) a.push(x);
    return a;
  }
  if (a instanceof PySet && b instanceof PySet && ["|", "&", "-", "^"].includes(op)) {
    const r = setOp(op, a, b)!;
    a.map = r.map;
    return a;
  }
  if (a instanceof PyDict && op === "|" && b instanceof PyDict) {
    for (const [k, v] of b.map.values()) a.set(k, v);
    return a;
  }
  return binop(op, a, b);
}

export function unary(op: string, v: Py): Py {
  if (op === "not") return !truthy(v);
  if (isInt(v)) {
    const i = intOf(v);
    if (op === "-") return typeof i === "bigint" ? norm(-i) : i === 0 ? 0 : -i;
    if (op === "+") return i;
    if (op === "~") return typeof i === "bigint" ? norm(~i) : -i - 1;
  }
  if (v instanceof PyFloat) {
    if (op === "-") return new PyFloat(-v.v);
    if (op === "+") return v;
  }
  throw typeError(`bad operand type for unary ${op}: '${typeName(v)}'`);
}

// ---- comparison ------------------------------------------------------------------------------

export function eq(a0: Py, b0: Py): boolean {
  if (typeof a0 === "string") {
    if (typeof b0 === "string" && a0.length === b0.length) work(a0.length);
    return a0 === b0;
  }
  if (typeof a0 === "number" && typeof b0 === "number") return a0 === b0;
  const a = a0 instanceof PyView && a0.kind !== "values" && (b0 instanceof PySet || b0 instanceof PyView) ? a0.asSet()! : a0;
  const b = b0 instanceof PyView && b0.kind !== "values" && (a instanceof PySet) ? b0.asSet()! : b0;
  if (a === b) return !(a instanceof PyFloat && Number.isNaN(a.v));
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" || typeof b === "bigint") {
      if (a instanceof PyFloat || b instanceof PyFloat) return toFloat(a) === toFloat(b);
      return big(intOf(a as number)) === big(intOf(b as number));
    }
    return toFloat(a) === toFloat(b);
  }
  if (typeof a === "string" || typeof b === "string") return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && (work(a.length), a.every((x, i) => eq(x, b[i])));
  if (a instanceof PyTuple && b instanceof PyTuple) return a.items.length === b.items.length && (work(a.items.length), a.items.every((x, i) => eq(x, b.items[i])));
  if (a instanceof PySet && b instanceof PySet) return a.size === b.size && (work(a.size), [...a.map.keys()].every((k) => b.map.has(k)));
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
  const a = a0 instanceof PyView && (b0 instanceof PySet || b0 instanceof PyView) ? a0.asSet() ?? a0 : a0;
  const b = b0 instanceof PyView && a instanceof PySet ? b0.asSet() ?? b0 : b0;
  if (isNumber(a) && isNumber(b)) {
    if ((typeof a === "bigint" || typeof b === "bigint") && !(a instanceof PyFloat) && !(b instanceof PyFloat)) {
      const x = big(intOf(a as number)), y = big(intOf(b as number));
      return op === "<" ? x < y : op === "<=" ? x <= y : op === ">" ? x > y : x >= y;
    }
    const x = toFloat(a), y = toFloat(b);
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
      case "<=": return sub(a, b);
      case "<": return a.size < b.size && sub(a, b);
      case ">=": return sub(b, a);
      case ">": return b.size < a.size && sub(b, a);
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
  if (container instanceof PyView) return container.kind === "keys" ? container.d.has(x) : container.items().some((y) => eq(x, y));
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

export function compare(op: string, a: Py, b: Py): boolean {
  switch (op) {
    case "==": return eq(a, b);
    case "!=": return !eq(a, b);
    case "in": return contains(b, a);
    case "not in": return !contains(b, a);
    case "is": return a === b || (a === null && b === null);
    case "is not": return !(a === b);
    default: return order(op, a, b);
  }
}

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
  constructor(public lo: Py, public hi: Py, public step: Py) {}
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
  if (Array.isArray(v) && !(key instanceof PySlice)) { v.splice(index(key, v.length, "list"), 1); return; }
  if (v instanceof PyDict && !(key instanceof PySlice)) {
    if (!v.map.delete(hashKey(key))) throw new PyError("KeyError", repr(key));
    return;
  }
  throw typeError(`'${typeName(v)}' object doesn't support item deletion`);
}

// ---- text ------------------------------------------------------------------------------------

/** float.__repr__: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expStr] = x.toExponential().split("e");
  const exp = Number(expStr);
  const digits = mant.replace("-", "").replace(".", "");
  const sign = x < 0 ? "-" : "";
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp >= digits.length - 1) return `${sign}${digits}${"0".repeat(exp - digits.length + 1)}.0`;
  if (exp >= 0) return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
}

function strRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = q;
  for (const ch of s) {
    if (ch === "\\") out += "\\\\";
    else if (ch === q) out += "\\" + q;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) out += "\\x" + ch.charCodeAt(0).toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + q;
}

export function repr(v: Py): string {
  if (v === null) return "None";
  switch (typeof v) {
    case "boolean": return v ? "True" : "False";
    case "number": case "bigint": return String(v);
    case "string":
      work(v.length);
      return strRepr(v);
  }
  if (v instanceof PyFloat) return floatRepr(v.v);
  if (Array.isArray(v)) {
    work(v.length);
    return `[${v.map(repr).join(", ")}]`;
  }
  if (v instanceof PyTuple) return v.items.length === 1 ? `(${repr(v.items[0])},)` : `(${v.items.map(repr).join(", ")})`;
  if (v instanceof PySet || v instanceof PyDict) work(v.size);
  if (v instanceof PySet) return v.size ? `{${[...v.values()].map(repr).join(", ")}}` : "set()";
  if (v instanceof PyDict) return `{${[...v.map.values()].map(([k, x]) => `${repr(k)}: ${repr(x)}`).join(", ")}}`;
  if (v instanceof PyFunc) return `<built-in function ${v.name}>`;
  if (v instanceof PyView) return `dict_${v.kind}(${repr(v.items())})`;
  return "<object>";
}
export const str = (v: Py): string => (typeof v === "string" ? (work(v.length), v) : repr(v));

function formatPercent(fmt: string, args: Py): string {
  const list = args instanceof PyTuple ? args.items : [args];
  let i = 0;
  const out = fmt.replace(/%([-+ 0#]*)(\d+)?(?:\.(\d+))?([sdifr%])/g, (_m, _flags: string, width: string | undefined, prec: string | undefined, conv: string) => {
    if (conv === "%") return "%";
    if (i >= list.length) throw typeError("not enough arguments for format string");
    const v = list[i++];
    let s: string;
    if (conv === "s") s = str(v);
    else if (conv === "r") s = repr(v);
    else if (conv === "d" || conv === "i") {
      if (!isNumber(v)) throw typeError(`%${conv} format: a real number is required, not ${typeName(v)}`);
      s = v instanceof PyFloat ? String(Math.trunc(v.v)) : String(intOf(v as number));
    } else {
      if (!isNumber(v)) throw typeError(`must be real number, not ${typeName(v)}`);
      s = toFloat(v).toFixed(prec === undefined ? 6 : Number(prec));
    }
    return width ? s.padStart(Number(width)) : s;
  });
  // A mapping argument may go unused (it serves %(name)s specs).
  if (i < list.length && !(args instanceof PyDict || Array.isArray(args) || args instanceof PyView)) throw typeError("not all arguments converted during string formatting");
  return checkString(out);
}

export { intOf, isInt };
