/** Arithmetic, sequence and set operators: binary, in-place and unary, with Python's int/float rules. */
import { LimitError, PyError } from "../errors";
import { iterate } from "./items";
import { formatPercent } from "./repr";
import {
  LIMITS,
  PyDict,
  PyFloat,
  PySet,
  PyTuple,
  PyView,
  checkSize,
  checkString,
  truthy,
  typeError,
  typeName,
  work,
  type Py,
} from "./types";
// ---- numbers ---------------------------------------------------------------------------------

export const isInt = (v: Py): v is number | bigint | boolean =>
  typeof v === "number" || typeof v === "bigint" || typeof v === "boolean";
export const isNumber = (v: Py): boolean => isInt(v) || v instanceof PyFloat;
export const intOf = (v: number | bigint | boolean): number | bigint => (typeof v === "boolean" ? (v ? 1 : 0) : v);
export const big = (v: number | bigint) => (typeof v === "bigint" ? v : BigInt(v));
export function norm(v: bigint): number | bigint {
  if (v >= -9007199254740991n && v <= 9007199254740991n) return Number(v);
  if (v.toString(16).length * 4 > LIMITS.maxIntBits)
    throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
  return v;
}
export const toFloat = (v: Py): number => {
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
    const a = a0,
      b = b0;
    switch (op) {
      case "+": {
        const r = a + b;
        if (Number.isSafeInteger(r)) return r;
        break;
      }
      case "-": {
        const r = a - b;
        if (Number.isSafeInteger(r)) return r;
        break;
      }
      case "*": {
        const r = a * b;
        if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
        break;
      }
      case "//": {
        if (b === 0) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
        if (Math.abs(a) < 2 ** 31) return Math.floor(a / b);
        break;
      }
      case "%": {
        if (b === 0) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
        let r = a % b;
        if (r !== 0 && r < 0 !== b < 0) r += b;
        return r === 0 ? 0 : r;
      }
    }
  }
  const a = big(a0),
    b = big(b0);
  switch (op) {
    case "+":
      return norm(a + b);
    case "-":
      return norm(a - b);
    case "*":
      return norm(a * b);
    case "//": {
      if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
      let q = a / b;
      if (a % b !== 0n && a < 0n !== b < 0n) q -= 1n;
      return norm(q);
    }
    case "%": {
      if (b === 0n) throw new PyError("ZeroDivisionError", "integer division or modulo by zero");
      let r = a % b;
      if (r !== 0n && r < 0n !== b < 0n) r += b;
      return norm(r);
    }
    case "**": {
      if (b < 0n) {
        if (a === 0n) throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return new PyFloat(Math.pow(Number(a), Number(b)));
      }
      const bits = a === 0n || a === 1n || a === -1n ? 1 : (a < 0n ? -a : a).toString(2).length * Number(b);
      if (bits > LIMITS.maxIntBits)
        throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
      return norm(a ** b);
    }
    case "&":
      return norm(a & b);
    case "|":
      return norm(a | b);
    case "^":
      return norm(a ^ b);
    case "<<": {
      if (b < 0n) throw new PyError("ValueError", "negative shift count");
      if (Number(b) + a.toString(2).length > LIMITS.maxIntBits)
        throw new LimitError(`an integer grew beyond ${LIMITS.maxIntBits.toLocaleString("en")} bits`);
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
  if (m !== 0) {
    if (b < 0 !== m < 0) m += b;
  } else m = b < 0 ? -0 : 0;
  return m;
}
function floatFloorDiv(a: number, b: number): number {
  if (b === 0) throw new PyError("ZeroDivisionError", "float floor division by zero");
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod && b < 0 !== mod < 0) {
    mod += b;
    div -= 1;
  }
  if (div) {
    let f = Math.floor(div);
    if (div - f > 0.5) f += 1;
    return f;
  }
  return a / b < 0 || Object.is(a / b, -0) ? -0 : 0;
}

function floatArith(op: string, a: number, b: number): Py {
  switch (op) {
    case "+":
      return new PyFloat(a + b);
    case "-":
      return new PyFloat(a - b);
    case "*":
      return new PyFloat(a * b);
    case "/":
      if (b === 0) throw new PyError("ZeroDivisionError", "float division by zero");
      return new PyFloat(a / b);
    case "//":
      return new PyFloat(floatFloorDiv(a, b));
    case "%":
      return new PyFloat(floatMod(a, b));
    case "**": {
      if (a === 0 && b < 0) throw new PyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
      if (a < 0 && !Number.isInteger(b) && Number.isFinite(b))
        throw new PyError("ValueError", "complex results are not supported in constraints");
      const r = Math.pow(a, b);
      if (!Number.isFinite(r) && Number.isFinite(a) && Number.isFinite(b))
        throw new PyError("OverflowError", "(34, 'Numerical result out of range')");
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
    case "|":
      for (const [k, v] of a.map) out.map.set(k, v);
      for (const [k, v] of b.map) if (!out.map.has(k)) out.map.set(k, v);
      checkSize(out.size);
      return out;
    case "&":
      for (const [k, v] of a.map) if (b.map.has(k)) out.map.set(k, v);
      return out;
    case "-":
      for (const [k, v] of a.map) if (!b.map.has(k)) out.map.set(k, v);
      return out;
    case "^":
      for (const [k, v] of a.map) if (!b.map.has(k)) out.map.set(k, v);
      for (const [k, v] of b.map) if (!a.map.has(k)) out.map.set(k, v);
      return out;
  }
  return null;
}

export function binop(op: string, a0: Py, b0: Py): Py {
  // Sums of costs: float + float / int, the most common arithmetic in annotations.
  if (
    op === "+" &&
    (a0 instanceof PyFloat || typeof a0 === "number") &&
    (b0 instanceof PyFloat || typeof b0 === "number") &&
    (a0 instanceof PyFloat || b0 instanceof PyFloat)
  ) {
    return new PyFloat((typeof a0 === "number" ? a0 : a0.v) + (typeof b0 === "number" ? b0 : b0.v));
  }
  // Key and item views take part in set operators as sets, with any iterable on the other side.
  let a = a0,
    b = b0;
  if (
    (op === "|" || op === "&" || op === "-" || op === "^") &&
    ((a0 instanceof PyView && a0.kind !== "values") || (b0 instanceof PyView && b0.kind !== "values"))
  ) {
    a = a0 instanceof PySet ? a0 : new PySet(iterate(a0));
    b = b0 instanceof PySet ? b0 : new PySet(iterate(b0));
  }
  if (isInt(a) && isInt(b)) {
    if (typeof a === "boolean" && typeof b === "boolean" && (op === "&" || op === "|" || op === "^"))
      return op === "&" ? a && b : op === "|" ? a || b : a !== b;
    if (op === "/") {
      const x = toFloat(a),
        y = toFloat(b);
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
    if (op === "&" || op === "|" || op === "^" || op === "<<" || op === ">>")
      throw typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
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
      if (a.length * k > LIMITS.maxString)
        throw new LimitError(`a string grew beyond ${LIMITS.maxString.toLocaleString("en")} characters`);
      work(a.length * k);
      return a.repeat(k);
    }
    if (isInt(a) && typeof b === "string") return binop("*", b, a);
    if (Array.isArray(a) && isInt(b)) return repeat(a, b);
    if (isInt(a) && Array.isArray(b)) return repeat(b, a);
    if (a instanceof PyTuple && isInt(b)) return new PyTuple(repeat(a.items, b));
    if (isInt(a) && b instanceof PyTuple) return new PyTuple(repeat(b.items, a));
    if (typeof a === "string" || Array.isArray(a) || a instanceof PyTuple)
      throw typeError(`can't multiply sequence by non-int of type '${typeName(b)}'`);
  }
  if (op === "+") {
    if (Array.isArray(a) && Array.isArray(b)) {
      checkSize(a.length + b.length);
      work(a.length + b.length);
      return a.concat(b);
    }
    if (a instanceof PyTuple && b instanceof PyTuple) {
      checkSize(a.items.length + b.items.length);
      work(a.items.length + b.items.length);
      return new PyTuple(a.items.concat(b.items));
    }
    if (Array.isArray(a) || typeof a === "string" || a instanceof PyTuple)
      throw typeError(`can only concatenate ${typeName(a)} (not "${typeName(b)}") to ${typeName(a)}`);
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
