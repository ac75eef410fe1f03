/** repr() and str() as Python writes them, and %-formatting. */
import { intOf, isNumber, toFloat } from "./operators";
import {
  PyDict,
  PyFloat,
  PyFunc,
  PySet,
  PyTuple,
  PyView,
  checkString,
  typeError,
  typeName,
  work,
  type Py,
} from "./types";
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
    else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
      out += "\\x" + ch.charCodeAt(0).toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + q;
}

export function repr(v: Py): string {
  if (v === null) return "None";
  switch (typeof v) {
    case "boolean":
      return v ? "True" : "False";
    case "number":
    case "bigint":
      return String(v);
    case "string":
      work(v.length);
      return strRepr(v);
  }
  if (v instanceof PyFloat) return floatRepr(v.v);
  if (Array.isArray(v)) {
    work(v.length);
    return `[${v.map(repr).join(", ")}]`;
  }
  if (v instanceof PyTuple)
    return v.items.length === 1 ? `(${repr(v.items[0])},)` : `(${v.items.map(repr).join(", ")})`;
  if (v instanceof PySet || v instanceof PyDict) work(v.size);
  if (v instanceof PySet) return v.size ? `{${[...v.values()].map(repr).join(", ")}}` : "set()";
  if (v instanceof PyDict) return `{${[...v.map.values()].map(([k, x]) => `${repr(k)}: ${repr(x)}`).join(", ")}}`;
  if (v instanceof PyFunc) return `<built-in function ${v.name}>`;
  if (v instanceof PyView) return `dict_${v.kind}(${repr(v.items())})`;
  return "<object>";
}
export const str = (v: Py): string => (typeof v === "string" ? (work(v.length), v) : repr(v));

export function formatPercent(fmt: string, args: Py): string {
  const list = args instanceof PyTuple ? args.items : [args];
  let i = 0;
  const out = fmt.replace(
    /%([-+ 0#]*)(\d+)?(?:\.(\d+))?([sdifr%])/g,
    (_m, _flags: string, width: string | undefined, prec: string | undefined, conv: string) => {
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
    },
  );
  // A mapping argument may go unused (it serves %(name)s specs).
  if (i < list.length && !(args instanceof PyDict || Array.isArray(args) || args instanceof PyView))
    throw typeError("not all arguments converted during string formatting");
  return checkString(out);
}
