/** JSON ↔ Python values. Reading keeps Python's json distinction: `65` is an int, `65.0` a float. */
import { PyError } from "./errors";
import { normalizeInt } from "./lexer";
import { PyDict, PyFloat, PySet, PyTuple, PyView, floatRepr, repr, type Py } from "./values";

/** Python's json.loads on text (numbers keep their int/float kind). */
export function parseJsonPy(text: string): Py {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (m: string): never => {
    throw new PyError("ValueError", `${m} at character ${i}`);
  };
  const value = (depth: number): Py => {
    if (depth > 1000) fail("JSON nested too deeply");
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const d = new PyDict();
      ws();
      if (text[i] === "}") {
        i++;
        return d;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a property name");
        const k = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        d.set(k, value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return d;
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const l: Py[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return l;
      }
      for (;;) {
        l.push(value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return l;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (text.startsWith("false", i)) {
      i += 5;
      return false;
    }
    if (text.startsWith("null", i)) {
      i += 4;
      return null;
    }
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail("expected a JSON value");
    i += m[0].length;
    return m[1] || m[2] ? new PyFloat(Number(m[0])) : normalizeInt(BigInt(m[0]));
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    if (i >= text.length) fail("unterminated string");
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const v = value(0);
  ws();
  if (i < text.length) fail("extra data");
  return v;
}

/** A JavaScript value (already parsed JSON) as Python would see it: whole numbers are ints. */
export function fromJs(v: unknown): Py {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return Number.isInteger(v) ? (Number.isSafeInteger(v) ? v : BigInt(v)) : new PyFloat(v);
  if (Array.isArray(v)) return v.map(fromJs);
  if (typeof v === "object") {
    const d = new PyDict();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) d.set(k, fromJs(x));
    return d;
  }
  return null;
}

/** A Python value as JSON: sets and tuples become arrays, dict keys strings; floats stay numbers. */
export function toJson(v: Py): unknown {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof PyFloat) return Number.isFinite(v.v) ? v.v : floatRepr(v.v);
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof PyTuple) return v.items.map(toJson);
  if (v instanceof PySet) return [...v.values()].map(toJson);
  if (v instanceof PyView) return v.items().map(toJson);
  if (v instanceof PyDict)
    return Object.fromEntries([...v.map.values()].map(([k, x]) => [typeof k === "string" ? k : repr(k), toJson(x)]));
  return repr(v);
}
