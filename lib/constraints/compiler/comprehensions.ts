/** List, set and dict comprehensions and generator expressions (materialized: only set(), list() and `in` consume them). */
import type { Expr } from "../ast";
import { checkSize, iterate, PyDict, PySet, truthy, type Py } from "../values";
import type { Compilation, Scope } from "./context";
import { expr } from "./expressions";
import { UNSET, type Ev, at as atBinding, tick as tickBinding } from "./runtime";
import { store } from "./targets";
// Local aliases: an imported binding is a property read on every use once compiled, and these run per node.
const at = atBinding;
const tick = tickBinding;

export function comprehension(c: Compilation, e: Extract<Expr, { k: "comp" }>, scope: Scope): Ev {
  // Targets are local to the comprehension (as in Python 3); the first iterable is evaluated outside.
  const local: Scope = { slots: new Map(), frame: [], parent: scope };
  const declare = (t: Expr) => {
    if (t.k === "name") {
      if (!local.slots.has(t.id)) local.slots.set(t.id, local.slots.size);
    } else if (t.k === "tuple" || t.k === "list") t.elts.forEach(declare);
  };
  e.gens.forEach((g) => declare(g.target));
  const firstIter = expr(c, e.gens[0].iter, scope);
  const gens = e.gens.map((g, i) => ({
    iter: i === 0 ? firstIter : expr(c, g.iter, local),
    target: store(c, g.target, local),
    ifs: g.ifs.map((x) => expr(c, x, local)),
  }));
  const elt = expr(c, e.elt, local);
  const val = e.value ? expr(c, e.value, local) : null;
  const kind = e.kind;
  return () => {
    const saved = local.frame.slice();
    local.frame.length = local.slots.size;
    local.frame.fill(UNSET);
    const list: Py[] = [];
    const set = kind === "set" ? new PySet() : null;
    const dict = kind === "dict" ? new PyDict() : null;
    const loop = (g: number, it: Py[]) => {
      const gen = gens[g];
      for (let k = 0; k < it.length; k++) {
        tick();
        gen.target(it[k]);
        let ok = true;
        for (const f of gen.ifs)
          if (!truthy(f())) {
            ok = false;
            break;
          }
        if (!ok) continue;
        if (g + 1 < gens.length) {
          const src = gens[g + 1].iter();
          at.node = e;
          loop(g + 1, iterate(src));
        } else if (dict) dict.set(elt(), val!());
        else if (set) set.add(elt());
        else {
          list.push(elt());
          checkSize(list.length);
        }
      }
    };
    try {
      const src = gens[0].iter();
      at.node = e;
      loop(0, [...iterate(src)]);
    } finally {
      local.frame.splice(0, local.frame.length, ...saved);
    }
    if (dict) return dict;
    if (set) return set;
    return list;
  };
}
