/** Assignment targets (a name, a tuple or list to unpack, a subscript; attributes are read-only) and subscripts. */
import type { Expr } from "../ast";
import { PyError } from "../errors";
import { getAttr } from "../methods";
import { iterate, PySlice, setItem, type Py } from "../values";
import type { Compilation, Scope } from "./context";
import { expr } from "./expressions";
import { at as atBinding } from "./runtime";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;

export function store(c: Compilation, target: Expr, scope: Scope): (v: Py) => void {
  switch (target.k) {
    case "name": {
      for (let s: Scope | null = scope; s; s = s.parent) {
        const i = s.slots.get(target.id);
        if (i !== undefined) {
          const frame = s.frame;
          return (v) => {
            frame[i] = v;
          };
        }
      }
      throw new Error(`internal: no slot for ${target.id}`);
    }
    case "tuple":
    case "list": {
      const parts = target.elts.map((t) => store(c, t, scope));
      return (v) => {
        const items = iterate(v);
        if (items.length !== parts.length) {
          throw new PyError(
            "ValueError",
            items.length > parts.length
              ? `too many values to unpack (expected ${parts.length})`
              : `not enough values to unpack (expected ${parts.length}, got ${items.length})`,
          ).at(target.line, target.col);
        }
        const copy = [...items];
        parts.forEach((p, i) => p(copy[i]));
      };
    }
    case "sub": {
      const obj = expr(c, target.v, scope);
      const key = index(c, target.index, scope);
      return (v) => {
        const o = obj(),
          k = key();
        at.node = target;
        setItem(o, k, v);
      };
    }
    case "attr": {
      const obj = expr(c, target.v, scope);
      return () => {
        const o = obj();
        at.node = target;
        getAttr(o, target.name);
        throw new PyError("AttributeError", `'${typeof o}' object attribute '${target.name}' is read-only`);
      };
    }
  }
  throw new PyError("SyntaxError", "cannot assign to expression", target.line, target.col);
}

/** A subscript's index: a slice, or any expression. */
export function index(c: Compilation, e: Expr, scope: Scope): () => Py | PySlice {
  if (e.k === "slice") {
    const lo = e.lo ? expr(c, e.lo, scope) : () => null;
    const hi = e.hi ? expr(c, e.hi, scope) : () => null;
    const st = e.step ? expr(c, e.step, scope) : () => null;
    return () => new PySlice(lo(), hi(), st());
  }
  return expr(c, e, scope);
}
