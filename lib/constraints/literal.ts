/**
 * Python's `ast.literal_eval` for the dataset fields published as Python literals: ChinaTravel's Hugging Face
 * release stores `hard_logic_py` (and other list fields) as the text of a Python list, which its loader reads
 * with `ast.literal_eval`. Strings with either quote and escapes, numbers, True/False/None, lists, tuples,
 * sets and dicts, unary minus on numbers; anything else is refused as literal_eval refuses it.
 */
import type { Expr } from "./ast";
import { PyError } from "./errors";
import { parse } from "./parser";
import { PyFloat } from "./values";

export class LiteralError extends Error {}

function value(e: Expr): unknown {
  switch (e.k) {
    case "const":
      if (e.v instanceof PyFloat) return e.v.v;
      if (typeof e.v === "bigint") return Number.isSafeInteger(Number(e.v)) ? Number(e.v) : e.v.toString();
      return e.v;
    case "unary": {
      const v = value(e.v);
      if ((e.op === "-" || e.op === "+") && typeof v === "number" && e.v.k === "const") return e.op === "-" ? -v : v;
      break;
    }
    case "list":
    case "tuple":
    case "set":
      return e.elts.map(value);
    case "dict": {
      const out: Record<string, unknown> = {};
      e.keys.forEach((k, i) => {
        const key = value(k);
        out[typeof key === "string" ? key : JSON.stringify(key)] = value(e.values[i]);
      });
      return out;
    }
  }
  throw new LiteralError(
    `malformed node or string on line ${e.line}: only literals (strings, numbers, True/False/None, lists, tuples, sets, dicts) are read`,
  );
}

export function literalEval(text: string): unknown {
  let body;
  try {
    body = parse(text.replace(/^[ \t]+/, ""));
  } catch (e) {
    if (e instanceof PyError)
      throw new LiteralError(`${e.type}: ${e.message}${e.line ? ` (line ${e.line}, column ${e.column})` : ""}`);
    if (e instanceof RangeError) throw new LiteralError("the literal nests too deeply");
    throw e;
  }
  if (body.length !== 1 || body[0].k !== "expr") throw new LiteralError("expected a single Python literal");
  return value(body[0].v);
}
