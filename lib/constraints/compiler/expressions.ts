/** Expressions, one case per node kind; calls, comparisons and comprehensions have files of their own. */
import type { Expr } from "../ast";
import { PyError } from "../errors";
import { getAttr } from "../methods";
import { binop, getItem, PyDict, PySet, PyTuple, truthy, unary, type Py } from "../values";
import { call } from "./calls";
import { comparison } from "./comparisons";
import { comprehension } from "./comprehensions";
import { lookup, type Compilation, type Scope } from "./context";
import { type Ev, at as atBinding } from "./runtime";
import { index } from "./targets";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;

export function expr(c: Compilation, e: Expr, scope: Scope): Ev {
  switch (e.k) {
    case "const": {
      const v = e.v as Py;
      return () => v;
    }
    case "name":
      return lookup(c, e.id, scope, e);
    case "bin": {
      const l = expr(c, e.l, scope),
        r = expr(c, e.r, scope),
        op = e.op;
      if (op === "+")
        return () => {
          const a = l(),
            b = r();
          if (typeof a === "number" && typeof b === "number") {
            const s = a + b;
            if (Number.isSafeInteger(s)) return s;
          }
          at.node = e;
          return binop(op, a, b);
        };
      return () => {
        const a = l(),
          b = r();
        at.node = e;
        return binop(op, a, b);
      };
    }
    case "unary": {
      const v = expr(c, e.v, scope),
        op = e.op;
      if (op === "not") return () => !truthy(v());
      return () => {
        const x = v();
        at.node = e;
        return unary(op, x);
      };
    }
    case "bool": {
      const vs = e.vs.map((x) => expr(c, x, scope));
      if (e.op === "and")
        return () => {
          let v: Py = null;
          for (const f of vs) {
            v = f();
            if (!truthy(v)) return v;
          }
          return v;
        };
      return () => {
        let v: Py = null;
        for (const f of vs) {
          v = f();
          if (truthy(v)) return v;
        }
        return v;
      };
    }
    case "cmp":
      return comparison(c, e, scope);
    case "ifexp": {
      const t = expr(c, e.test, scope),
        b = expr(c, e.body, scope),
        o = expr(c, e.orelse, scope);
      return () => (truthy(t()) ? b() : o());
    }
    case "call":
      return call(c, e, scope);
    case "attr": {
      const v = expr(c, e.v, scope),
        name = e.name;
      return () => {
        const o = v();
        at.node = e;
        return getAttr(o, name);
      };
    }
    case "sub": {
      const v = expr(c, e.v, scope),
        i = index(c, e.index, scope);
      return () => {
        const o = v(),
          k = i();
        at.node = e;
        return getItem(o, k);
      };
    }
    case "slice":
      throw new PyError("SyntaxError", "invalid syntax", e.line, e.col);
    case "list": {
      const elts = e.elts.map((x) => expr(c, x, scope));
      return () => {
        const out: Py[] = [];
        for (let i = 0; i < elts.length; i++) out.push(elts[i]());
        return out;
      };
    }
    case "tuple": {
      const elts = e.elts.map((x) => expr(c, x, scope));
      return () => {
        const out: Py[] = [];
        for (let i = 0; i < elts.length; i++) out.push(elts[i]());
        return new PyTuple(out);
      };
    }
    case "set": {
      const elts = e.elts.map((x) => expr(c, x, scope));
      return () => {
        const s = new PySet();
        for (const f of elts) {
          const x = f();
          at.node = e;
          s.add(x);
        }
        return s;
      };
    }
    case "dict": {
      const ks = e.keys.map((x) => expr(c, x, scope)),
        vs = e.values.map((x) => expr(c, x, scope));
      return () => {
        const d = new PyDict();
        for (let i = 0; i < ks.length; i++) {
          const k = ks[i](),
            x = vs[i]();
          at.node = e;
          d.set(k, x);
        }
        return d;
      };
    }
    case "comp":
      return comprehension(c, e, scope);
  }
}
