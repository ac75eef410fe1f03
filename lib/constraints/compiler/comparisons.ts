/** Comparisons, chained as Python chains them; `x in [constants]` folded into one hashed lookup (as CPython folds it). */
import type { Expr } from "../ast";
import { compare, eq, hashKey, PyDict, PySet, PyTuple, PyView, type Py } from "../values";
import type { Compilation, Scope } from "./context";
import { expr } from "./expressions";
import { type Ev, at as atBinding } from "./runtime";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;

export function comparison(c: Compilation, e: Extract<Expr, { k: "cmp" }>, scope: Scope): Ev {
  const first = expr(c, e.first, scope);
  const rest = e.rest.map((x) => expr(c, x, scope));
  const ops = e.ops;
  if (ops.length === 1 && (ops[0] === "in" || ops[0] === "not in")) {
    const lit = e.rest[0];
    const scalars =
      (lit.k === "list" || lit.k === "tuple" || lit.k === "set") && lit.elts.every((x) => x.k === "const")
        ? lit.elts.map((x) => (x as { v: unknown }).v as Py)
        : null;
    if (scalars) {
      const keys = new Set(scalars.map(hashKey));
      const negate = ops[0] === "not in",
        isSet = lit.k === "set";
      return () => {
        const x = first();
        at.node = e;
        let found: boolean;
        if (typeof x === "string" && x.charCodeAt(0) !== 0) found = keys.has(x);
        else if (x instanceof PySet)
          found = false; // a set is looked up as a frozenset; never among scalars
        else if (!isSet && (Array.isArray(x) || x instanceof PyDict || x instanceof PyTuple || x instanceof PyView))
          found = x instanceof PyTuple && keys.has(hashKey(x)); // == against scalars
        else found = keys.has(hashKey(x));
        return negate ? !found : found;
      };
    }
  }
  if (ops.length === 1) {
    const op = ops[0],
      r = rest[0];
    if (op === "==")
      return () => {
        const a = first(),
          b = r();
        at.node = e;
        return eq(a, b);
      };
    if (op === "!=")
      return () => {
        const a = first(),
          b = r();
        at.node = e;
        return !eq(a, b);
      };
    return () => {
      const a = first(),
        b = r();
      at.node = e;
      return compare(op, a, b);
    };
  }
  return () => {
    let a = first();
    for (let i = 0; i < ops.length; i++) {
      const b = rest[i]();
      at.node = e;
      if (!compare(ops[i], a, b)) return false;
      a = b;
    }
    return true;
  };
}
