/** Calls: methods (with fast paths for s.add(x) and l.append(x), the calls annotations make most) and functions. */
import type { Expr } from "../ast";
import { callMethod, callValue } from "../methods";
import { checkSize, PyFunc, PySet, type Kwargs, type Py } from "../values";
import type { Compilation, Scope } from "./context";
import { expr } from "./expressions";
import { type Ev, at as atBinding, tick as tickBinding } from "./runtime";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;
const tick = tickBinding;

export function call(c: Compilation, e: Extract<Expr, { k: "call" }>, scope: Scope): Ev {
  const args = e.args.map((a) => expr(c, a, scope));
  const kws = e.kwargs.map(([k, v]) => [k, expr(c, v, scope)] as const);
  const kw = (): Kwargs => (kws.length ? Object.fromEntries(kws.map(([k, v]) => [k, v()])) : null);
  if (e.fn.k === "attr") {
    const obj = expr(c, e.fn.v, scope);
    const name = e.fn.name;
    if (args.length === 1 && !kws.length && (name === "add" || name === "append")) {
      const a0 = args[0];
      return () => {
        const o = obj();
        const x = a0();
        tick();
        at.node = e;
        if (name === "add" && o instanceof PySet) {
          o.add(x);
          return null;
        }
        if (name === "append" && Array.isArray(o)) {
          o.push(x);
          checkSize(o.length);
          return null;
        }
        return callMethod(o, name, [x], null);
      };
    }
    return () => {
      const o = obj();
      const a: Py[] = [];
      for (let i = 0; i < args.length; i++) a.push(args[i]());
      const k = kws.length ? kw() : null;
      tick();
      at.node = e;
      return callMethod(o, name, a, k);
    };
  }
  const fn = expr(c, e.fn, scope);
  if (args.length === 1 && !kws.length) {
    const a0 = args[0];
    return () => {
      const f = fn();
      const x = a0();
      tick();
      at.node = e;
      if (f instanceof PyFunc) return f.call1 ? f.call1(x) : f.call([x], null);
      return callValue(f, [x], null);
    };
  }
  return () => {
    const f = fn();
    const a: Py[] = [];
    for (let i = 0; i < args.length; i++) a.push(args[i]());
    const k = kws.length ? kw() : null;
    tick();
    at.node = e;
    return callValue(f, a, k);
  };
}
