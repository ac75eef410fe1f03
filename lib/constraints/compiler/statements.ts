/** Statements, one case per node kind; a block runs its statements until one breaks or continues. */
import type { Stmt } from "../ast";
import { PyError } from "../errors";
import { delItem, getItem, inplace, iterate, setItem, truthy } from "../values";
import type { Compilation } from "./context";
import { expr } from "./expressions";
import { BREAK, CONTINUE, UNSET, type Ex, at as atBinding, tick as tickBinding } from "./runtime";
import { index, store } from "./targets";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;
const tick = tickBinding;

export function block(c: Compilation, ss: Stmt[]): Ex {
  const fs = ss.map((s) => stmt(c, s));
  if (fs.length === 1) return fs[0];
  return () => {
    for (let i = 0; i < fs.length; i++) {
      const r = fs[i]();
      if (r) return r;
    }
    return 0;
  };
}

function stmt(c: Compilation, s: Stmt): Ex {
  const root = c.root;
  switch (s.k) {
    case "expr": {
      const v = expr(c, s.v, root);
      return () => {
        v();
        return 0;
      };
    }
    case "assign": {
      const v = expr(c, s.value, root);
      const ts = s.targets.map((t) => store(c, t, root));
      if (ts.length === 1) {
        const t = ts[0];
        return () => {
          t(v());
          return 0;
        };
      }
      return () => {
        const x = v();
        for (const t of ts) t(x);
        return 0;
      };
    }
    case "aug": {
      const op = s.op;
      const value = expr(c, s.value, root);
      if (s.target.k === "sub") {
        const obj = expr(c, s.target.v, root),
          key = index(c, s.target.index, root);
        return () => {
          const o = obj(),
            k = key();
          at.node = s;
          const old = getItem(o, k);
          const x = value();
          at.node = s;
          setItem(o, k, inplace(op, old, x));
          return 0;
        };
      }
      if (s.target.k === "attr") {
        const set = store(c, s.target, root);
        return () => {
          set(null);
          return 0;
        };
      }
      const read = expr(c, s.target, root),
        write = store(c, s.target, root);
      return () => {
        const a = read(),
          b = value();
        at.node = s;
        if (op === "+" && typeof a === "number" && typeof b === "number") {
          const r = a + b;
          if (Number.isSafeInteger(r)) {
            write(r);
            return 0;
          }
        }
        write(inplace(op, a, b));
        return 0;
      };
    }
    case "if": {
      const t = expr(c, s.test, root),
        b = block(c, s.body),
        o = s.orelse.length ? block(c, s.orelse) : () => 0;
      return () => (truthy(t()) ? b() : o());
    }
    case "while": {
      const t = expr(c, s.test, root),
        b = block(c, s.body),
        o = block(c, s.orelse);
      return () => {
        while (truthy(t())) {
          tick();
          const r = b();
          if (r === BREAK) return 0;
        }
        return s.orelse.length ? o() : 0;
      };
    }
    case "for": {
      const it = expr(c, s.iter, root),
        target = store(c, s.target, root),
        b = block(c, s.body),
        o = block(c, s.orelse);
      return () => {
        const src = it();
        at.node = s;
        // Lists are read live (appending while iterating is seen, as in Python); others are snapshots.
        const items = Array.isArray(src) ? src : iterate(src);
        for (let i = 0; i < items.length; i++) {
          tick();
          target(items[i]);
          const r = b();
          if (r === BREAK) return 0;
        }
        return s.orelse.length ? o() : 0;
      };
    }
    case "break":
      return () => BREAK;
    case "continue":
      return () => CONTINUE;
    case "pass":
    case "global":
      return () => 0;
    case "del": {
      const globals = root.frame;
      const dels = s.targets.map((t) => {
        if (t.k === "name") {
          const i = root.slots.get(t.id)!;
          return () => {
            if (globals[i] === UNSET) throw new PyError("NameError", `name '${t.id}' is not defined`).at(t.line, t.col);
            globals[i] = UNSET;
          };
        }
        if (t.k === "sub") {
          const o = expr(c, t.v, root),
            k = index(c, t.index, root);
          return () => {
            const ov = o(),
              kv = k();
            at.node = t;
            delItem(ov, kv);
          };
        }
        return () => {
          throw new PyError("SyntaxError", "cannot delete expression", t.line, t.col);
        };
      });
      return () => {
        for (const d of dels) d();
        return 0;
      };
    }
    case "assert": {
      const t = expr(c, s.test, root),
        m = s.msg ? expr(c, s.msg, root) : null;
      return () => {
        if (!truthy(t())) throw new PyError("AssertionError", m ? String(m()) : "").at(s.line, s.col);
        return 0;
      };
    }
    case "import":
      return () => {
        throw new PyError("ImportError", "__import__ not found", s.line, s.col, "constraints cannot import modules");
      };
  }
}
