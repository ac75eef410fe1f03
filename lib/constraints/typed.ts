/** A value with its Python type, in the same encoding as reference.py's typed(): how results are compared. */
import { PyDict, PyFloat, PySet, PyTuple, floatRepr, typeName, type Py } from "./values";

export function typed(v: Py, depth = 0): unknown {
  if (depth > 50) return { t: "deep" };
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return { t: "int", v: String(v) };
  if (v instanceof PyFloat) return { t: "float", v: floatRepr(v.v) };
  if (Array.isArray(v)) return { t: "list", v: v.map((x) => typed(x, depth + 1)) };
  if (v instanceof PyTuple) return { t: "tuple", v: v.items.map((x) => typed(x, depth + 1)) };
  if (v instanceof PySet)
    return {
      t: "set",
      v: [...v.values()]
        .map((x) => typed(x, depth + 1))
        .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0)),
    };
  if (v instanceof PyDict)
    return { t: "dict", v: [...v.map.values()].map(([k, x]) => [typed(k, depth + 1), typed(x, depth + 1)]) };
  return { t: typeName(v) };
}

/** json.dumps(x, sort_keys=True) as Python writes it (", " and ": " separators, non-ASCII escaped). */
export function sortKey(x: unknown): string {
  const enc = (v: unknown): string => {
    if (v === null) return "null";
    if (typeof v === "boolean") return v ? "true" : "false";
    if (typeof v === "string")
      return JSON.stringify(v).replace(
        /[\u007f-\uffff]/g,
        (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"),
      );
    if (Array.isArray(v)) return `[${v.map(enc).join(", ")}]`;
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${enc(k)}: ${enc(o[k])}`)
      .join(", ")}}`;
  };
  return enc(x);
}
