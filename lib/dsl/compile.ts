/**
 * Compiles the syntax tree to JavaScript closures (no eval, no Function): names are resolved to slots at
 * compile time, each loop iteration and call spends one step of the evaluation's budget, and the clock is
 * checked every 1,024 steps. A compiled program is reusable: each run starts from fresh globals.
 */
import type { Expr, Stmt } from "./ast";
import { LimitError, PyError } from "./errors";
import { callMethod, callValue, getAttr } from "./methods";
import {
  PyDict, PyFunc, PySet, PySlice, PyTuple, PyView, binop, checkSize, compare, delItem, eq, getItem, hashKey, inplace, iterate, meter, setItem, truthy, unary, type Kwargs, type Py,
} from "./values";

export interface Budget {
  steps: number;
  deadline: number;
  maxSteps: number;
  timeMs: number;
}
let budget: Budget = { steps: 0, deadline: Infinity, maxSteps: Infinity, timeMs: Infinity };
let left = Infinity;

function refill() {
  // `left` below zero: work charged beyond the 1,024 steps of the last refill (see meter in values.ts).
  const spent = 1024 - Math.min(0, left);
  if (budget.steps + spent > budget.maxSteps) throw new LimitError(`the evaluation took more than ${budget.maxSteps.toLocaleString("en")} steps (a runaway loop, or work on very large values?)`);
  if (performance.now() > budget.deadline) throw new LimitError(`the evaluation ran longer than ${budget.timeMs} ms`);
  budget.steps += spent;
  left = 1024;
}
meter.charge = (units: number) => {
  left -= units;
  if (left < 0) refill();
};
const tick = () => {
  if (--left < 0) refill();
};

export function withBudget<T>(b: Budget, f: () => T): T {
  const saved = budget, savedLeft = left;
  budget = b;
  left = 0;
  try {
    return f();
  } finally {
    budget = saved;
    left = savedLeft;
  }
}

const UNSET: unique symbol = Symbol("unset");
type Slot = Py | typeof UNSET;
type Ev = () => Py;
type Ex = () => number; // 0 = go on, 1 = break, 2 = continue
const BREAK = 1, CONTINUE = 2;

/**
 * Where the operation that may raise is: set right before it runs (after its operands), read when an
 * exception escapes. Cheaper than a try/catch around every node, and it names the same place.
 */
let cur: { line: number; col: number } = { line: 1, col: 1 };

export interface Program {
  /** Runs with these global bindings (concept functions, plan, builtins); returns the named global's final value. */
  run(scope: Map<string, Py>, name: string): Py | undefined;
  /** Names read somewhere that nothing assigns (to check against what the scope will provide). */
  freeNames: { name: string; line: number; col: number }[];
  /** Names a comprehension reads that live in exec's locals there (the snippet's variables, `plan`, the concept functions). */
  hiddenNames: { name: string; line: number; col: number }[];
  /** Whether the snippet assigns this module-level name anywhere. */
  assigns(name: string): boolean;
}

/** exec's built-ins in ChinaTravel's evaluator (`list` only for preferences): the only names a comprehension can reach. */
const BUILTINS = new Set(["set", "list"]);
export const COMPREHENSION_SCOPE_HINT = "ChinaTravel runs a snippet with `plan`, the concept functions and the snippet's own variables as exec's locals, and a comprehension or generator expression cannot see those: this fails in ChinaTravel's evaluator too. Use a for loop.";

interface Scope {
  slots: Map<string, number>;
  frame: Slot[];
  parent: Scope | null;
}

/** `locals`: the names exec's locals provide besides the snippet's own variables (`plan`, the concept functions). */
export function compileProgram(body: Stmt[], locals: ReadonlySet<string> = new Set()): Program {
  const globalNames = new Map<string, number>();
  const assigned = (e: Expr) => {
    if (e.k === "name") { if (!globalNames.has(e.id)) globalNames.set(e.id, globalNames.size); }
    else if (e.k === "tuple" || e.k === "list") e.elts.forEach(assigned);
  };
  const visit = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.k === "assign") s.targets.forEach(assigned);
      else if (s.k === "aug") assigned(s.target);
      else if (s.k === "for") { assigned(s.target); visit(s.body); visit(s.orelse); }
      else if (s.k === "if" || s.k === "while") { visit(s.body); visit(s.orelse); }
      else if (s.k === "del") s.targets.forEach(assigned);
    }
  };
  visit(body);
  // Python rejects these when compiling, before anything runs.
  const loops = (ss: Stmt[], depth: number) => {
    for (const s of ss) {
      if ((s.k === "break" || s.k === "continue") && depth === 0) throw new PyError("SyntaxError", s.k === "break" ? "'break' outside loop" : "'continue' not properly in loop", s.line, s.col);
      if (s.k === "for" || s.k === "while") { loops(s.body, depth + 1); loops(s.orelse, depth); }
      else if (s.k === "if") { loops(s.body, depth); loops(s.orelse, depth); }
    }
  };
  loops(body, 0);
  const globals: Slot[] = new Array(globalNames.size).fill(UNSET);
  const root: Scope = { slots: globalNames, frame: globals, parent: null };
  let outside = new Map<string, Py>();
  const freeNames: Program["freeNames"] = [];
  const hiddenNames: Program["hiddenNames"] = [];
  // Names the snippet reads from its scope (concept functions, plan, built-ins): looked up once per scope.
  const outsideNames: string[] = [];
  const outsideVals: (Py | undefined)[] = [];
  const outsideSlot = (name: string) => {
    let j = outsideNames.indexOf(name);
    if (j < 0) { j = outsideNames.length; outsideNames.push(name); outsideVals.push(undefined); }
    return j;
  };

  function lookup(name: string, scope: Scope, e: Expr): Ev {
    // As in ChinaTravel's exec(code, {"__builtins__": …}, vars_dict): module-level names are locals, so a
    // comprehension (its own function scope) resolves a free name through globals and built-ins only.
    const inComprehension = scope !== root;
    for (let s: Scope | null = scope; s; s = s.parent) {
      if (s === root && inComprehension) break;
      const i = s.slots.get(name);
      if (i === undefined) continue;
      const frame = s.frame;
      if (s === root) {
        const j = outsideSlot(name);
        return () => {
          const v = frame[i];
          if (v !== UNSET) return v;
          const o = outsideVals[j];
          if (o !== undefined) return o;
          throw new PyError("NameError", `name '${name}' is not defined`).at(e.line, e.col);
        };
      }
      return () => {
        const v = frame[i];
        if (v === UNSET) throw new PyError("NameError", `cannot access free variable '${name}'`).at(e.line, e.col);
        return v;
      };
    }
    if (inComprehension && !BUILTINS.has(name)) {
      const hidden = root.slots.has(name) || locals.has(name);
      (hidden ? hiddenNames : freeNames).push({ name, line: e.line, col: e.col });
      return () => { throw new PyError("NameError", `name '${name}' is not defined`, null, null, hidden ? COMPREHENSION_SCOPE_HINT : null).at(e.line, e.col); };
    }
    freeNames.push({ name, line: e.line, col: e.col });
    const j = outsideSlot(name);
    return () => {
      const o = outsideVals[j];
      if (o !== undefined) return o;
      throw new PyError("NameError", `name '${name}' is not defined`).at(e.line, e.col);
    };
  }

  function store(target: Expr, scope: Scope): (v: Py) => void {
    switch (target.k) {
      case "name": {
        for (let s: Scope | null = scope; s; s = s.parent) {
          const i = s.slots.get(target.id);
          if (i !== undefined) { const frame = s.frame; return (v) => { frame[i] = v; }; }
        }
        throw new Error(`internal: no slot for ${target.id}`);
      }
      case "tuple":
      case "list": {
        const parts = target.elts.map((t) => store(t, scope));
        return (v) => {
          const items = iterate(v);
          if (items.length !== parts.length) {
            throw new PyError("ValueError", items.length > parts.length ? `too many values to unpack (expected ${parts.length})` : `not enough values to unpack (expected ${parts.length}, got ${items.length})`).at(target.line, target.col);
          }
          const copy = [...items];
          parts.forEach((p, i) => p(copy[i]));
        };
      }
      case "sub": {
        const obj = expr(target.v, scope);
        const key = index(target.index, scope);
        return (v) => { const o = obj(), k = key(); cur = target; setItem(o, k, v); };
      }
      case "attr": {
        const obj = expr(target.v, scope);
        return () => { const o = obj(); cur = target; getAttr(o, target.name); throw new PyError("AttributeError", `'${typeof o}' object attribute '${target.name}' is read-only`); };
      }
    }
    throw new PyError("SyntaxError", "cannot assign to expression", target.line, target.col);
  }

  function index(e: Expr, scope: Scope): () => Py | PySlice {
    if (e.k === "slice") {
      const lo = e.lo ? expr(e.lo, scope) : () => null;
      const hi = e.hi ? expr(e.hi, scope) : () => null;
      const st = e.step ? expr(e.step, scope) : () => null;
      return () => new PySlice(lo(), hi(), st());
    }
    return expr(e, scope);
  }

  function comprehension(e: Extract<Expr, { k: "comp" }>, scope: Scope): Ev {
    // Targets are local to the comprehension (as in Python 3); the first iterable is evaluated outside.
    const local: Scope = { slots: new Map(), frame: [], parent: scope };
    const declare = (t: Expr) => {
      if (t.k === "name") { if (!local.slots.has(t.id)) local.slots.set(t.id, local.slots.size); }
      else if (t.k === "tuple" || t.k === "list") t.elts.forEach(declare);
    };
    e.gens.forEach((g) => declare(g.target));
    const firstIter = expr(e.gens[0].iter, scope);
    const gens = e.gens.map((g, i) => ({ iter: i === 0 ? firstIter : expr(g.iter, local), target: store(g.target, local), ifs: g.ifs.map((c) => expr(c, local)) }));
    const elt = expr(e.elt, local);
    const val = e.value ? expr(e.value, local) : null;
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
          for (const c of gen.ifs) if (!truthy(c())) { ok = false; break; }
          if (!ok) continue;
          if (g + 1 < gens.length) { const src = gens[g + 1].iter(); cur = e; loop(g + 1, iterate(src)); }
          else if (dict) dict.set(elt(), val!());
          else if (set) set.add(elt());
          else { list.push(elt()); checkSize(list.length); }
        }
      };
      try {
        const src = gens[0].iter();
        cur = e;
        loop(0, [...iterate(src)]);
      } finally {
        local.frame.splice(0, local.frame.length, ...saved);
      }
      if (dict) return dict;
      if (set) return set;
      return list; // generators are materialized: only consumed by set(), list() and `in`
    };
  }

  function call(e: Extract<Expr, { k: "call" }>, scope: Scope): Ev {
    const args = e.args.map((a) => expr(a, scope));
    const kws = e.kwargs.map(([k, v]) => [k, expr(v, scope)] as const);
    const kw = (): Kwargs => (kws.length ? Object.fromEntries(kws.map(([k, v]) => [k, v()])) : null);
    if (e.fn.k === "attr") {
      const obj = expr(e.fn.v, scope);
      const name = e.fn.name;
      if (args.length === 1 && !kws.length && (name === "add" || name === "append")) {
        // The two calls annotations make most: s.add(x), l.append(x).
        const a0 = args[0];
        return () => {
          const o = obj();
          const x = a0();
          tick();
          cur = e;
          if (name === "add" && o instanceof PySet) { o.add(x); return null; }
          if (name === "append" && Array.isArray(o)) { o.push(x); checkSize(o.length); return null; }
          return callMethod(o, name, [x], null);
        };
      }
      return () => {
        const o = obj();
        const a: Py[] = [];
        for (let i = 0; i < args.length; i++) a.push(args[i]());
        const k = kws.length ? kw() : null;
        tick();
        cur = e;
        return callMethod(o, name, a, k);
      };
    }
    const fn = expr(e.fn, scope);
    if (args.length === 1 && !kws.length) {
      const a0 = args[0];
      return () => {
        const f = fn();
        const x = a0();
        tick();
        cur = e;
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
      cur = e;
      return callValue(f, a, k);
    };
  }

  function expr(e: Expr, scope: Scope): Ev {
    switch (e.k) {
      case "const": {
        const v = e.v as Py;
        return () => v;
      }
      case "name":
        return lookup(e.id, scope, e);
      case "bin": {
        const l = expr(e.l, scope), r = expr(e.r, scope), op = e.op;
        if (op === "+") return () => {
          const a = l(), b = r();
          if (typeof a === "number" && typeof b === "number") { const s = a + b; if (Number.isSafeInteger(s)) return s; }
          cur = e;
          return binop(op, a, b);
        };
        return () => { const a = l(), b = r(); cur = e; return binop(op, a, b); };
      }
      case "unary": {
        const v = expr(e.v, scope), op = e.op;
        if (op === "not") return () => !truthy(v());
        return () => { const x = v(); cur = e; return unary(op, x); };
      }
      case "bool": {
        const vs = e.vs.map((x) => expr(x, scope));
        if (e.op === "and") return () => { let v: Py = null; for (const f of vs) { v = f(); if (!truthy(v)) return v; } return v; };
        return () => { let v: Py = null; for (const f of vs) { v = f(); if (truthy(v)) return v; } return v; };
      }
      case "cmp": {
        const first = expr(e.first, scope);
        const rest = e.rest.map((x) => expr(x, scope));
        const ops = e.ops;
        if (ops.length === 1 && (ops[0] === "in" || ops[0] === "not in")) {
          const lit = e.rest[0];
          const scalars = (lit.k === "list" || lit.k === "tuple" || lit.k === "set") && lit.elts.every((x) => x.k === "const") ? lit.elts.map((x) => (x as { v: unknown }).v as Py) : null;
          if (scalars) {
            // `x in ['lunch', 'dinner']` with constants: one hashed lookup (CPython also folds these).
            const keys = new Set(scalars.map(hashKey));
            const negate = ops[0] === "not in", isSet = lit.k === "set";
            return () => {
              const x = first();
              cur = e;
              let found: boolean;
              if (typeof x === "string" && x.charCodeAt(0) !== 0) found = keys.has(x);
              else if (x instanceof PySet) found = false; // a set is looked up as a frozenset; never among scalars
              else if (!isSet && (Array.isArray(x) || x instanceof PyDict || x instanceof PyTuple || x instanceof PyView)) found = x instanceof PyTuple && keys.has(hashKey(x)); // == against scalars
              else found = keys.has(hashKey(x));
              return negate ? !found : found;
            };
          }
        }
        if (ops.length === 1) {
          const op = ops[0], r = rest[0];
          if (op === "==") return () => { const a = first(), b = r(); cur = e; return eq(a, b); };
          if (op === "!=") return () => { const a = first(), b = r(); cur = e; return !eq(a, b); };
          return () => { const a = first(), b = r(); cur = e; return compare(op, a, b); };
        }
        return () => {
          let a = first();
          for (let i = 0; i < ops.length; i++) {
            const b = rest[i]();
            cur = e;
            if (!compare(ops[i], a, b)) return false;
            a = b;
          }
          return true;
        };
      }
      case "ifexp": {
        const t = expr(e.test, scope), b = expr(e.body, scope), o = expr(e.orelse, scope);
        return () => (truthy(t()) ? b() : o());
      }
      case "call":
        return call(e, scope);
      case "attr": {
        const v = expr(e.v, scope), name = e.name;
        return () => { const o = v(); cur = e; return getAttr(o, name); };
      }
      case "sub": {
        const v = expr(e.v, scope), i = index(e.index, scope);
        return () => { const o = v(), k = i(); cur = e; return getItem(o, k); };
      }
      case "slice":
        throw new PyError("SyntaxError", "invalid syntax", e.line, e.col);
      case "list": {
        const elts = e.elts.map((x) => expr(x, scope));
        return () => { const out: Py[] = []; for (let i = 0; i < elts.length; i++) out.push(elts[i]()); return out; };
      }
      case "tuple": {
        const elts = e.elts.map((x) => expr(x, scope));
        return () => { const out: Py[] = []; for (let i = 0; i < elts.length; i++) out.push(elts[i]()); return new PyTuple(out); };
      }
      case "set": {
        const elts = e.elts.map((x) => expr(x, scope));
        return () => { const s = new PySet(); for (const f of elts) { const x = f(); cur = e; s.add(x); } return s; };
      }
      case "dict": {
        const ks = e.keys.map((x) => expr(x, scope)), vs = e.values.map((x) => expr(x, scope));
        return () => { const d = new PyDict(); for (let i = 0; i < ks.length; i++) { const k = ks[i](), x = vs[i](); cur = e; d.set(k, x); } return d; };
      }
      case "comp":
        return comprehension(e, scope);
    }
  }

  function block(ss: Stmt[]): Ex {
    const fs = ss.map(stmt);
    if (fs.length === 1) return fs[0];
    return () => {
      for (let i = 0; i < fs.length; i++) {
        const r = fs[i]();
        if (r) return r;
      }
      return 0;
    };
  }

  function stmt(s: Stmt): Ex {
    switch (s.k) {
      case "expr": {
        const v = expr(s.v, root);
        return () => { v(); return 0; };
      }
      case "assign": {
        const v = expr(s.value, root);
        const ts = s.targets.map((t) => store(t, root));
        if (ts.length === 1) { const t = ts[0]; return () => { t(v()); return 0; }; }
        return () => { const x = v(); for (const t of ts) t(x); return 0; };
      }
      case "aug": {
        const op = s.op;
        const value = expr(s.value, root);
        if (s.target.k === "sub") {
          const obj = expr(s.target.v, root), key = index(s.target.index, root);
          return () => { const o = obj(), k = key(); cur = s; const old = getItem(o, k); const x = value(); cur = s; setItem(o, k, inplace(op, old, x)); return 0; };
        }
        if (s.target.k === "attr") {
          const set = store(s.target, root);
          return () => { set(null); return 0; };
        }
        const read = expr(s.target, root), write = store(s.target, root);
        return () => {
          const a = read(), b = value();
          cur = s;
          if (op === "+" && typeof a === "number" && typeof b === "number") { const r = a + b; if (Number.isSafeInteger(r)) { write(r); return 0; } }
          write(inplace(op, a, b));
          return 0;
        };
      }
      case "if": {
        const t = expr(s.test, root), b = block(s.body), o = s.orelse.length ? block(s.orelse) : () => 0;
        return () => (truthy(t()) ? b() : o());
      }
      case "while": {
        const t = expr(s.test, root), b = block(s.body), o = block(s.orelse);
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
        const it = expr(s.iter, root), target = store(s.target, root), b = block(s.body), o = block(s.orelse);
        return () => {
          const src = it();
          cur = s;
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
        const dels = s.targets.map((t) => {
          if (t.k === "name") {
            const i = globalNames.get(t.id)!;
            return () => { if (globals[i] === UNSET) throw new PyError("NameError", `name '${t.id}' is not defined`).at(t.line, t.col); globals[i] = UNSET; };
          }
          if (t.k === "sub") { const o = expr(t.v, root), k = index(t.index, root); return () => { const ov = o(), kv = k(); cur = t; delItem(ov, kv); }; }
          return () => { throw new PyError("SyntaxError", "cannot delete expression", t.line, t.col); };
        });
        return () => { for (const d of dels) d(); return 0; };
      }
      case "assert": {
        const t = expr(s.test, root), m = s.msg ? expr(s.msg, root) : null;
        return () => {
          if (!truthy(t())) throw new PyError("AssertionError", m ? String(m()) : "").at(s.line, s.col);
          return 0;
        };
      }
      case "import":
        return () => { throw new PyError("ImportError", "__import__ not found", s.line, s.col, "constraints cannot import modules"); };
    }
  }

  const main = block(body);
  return {
    freeNames,
    hiddenNames,
    assigns: (name) => globalNames.has(name),
    run(scope, name) {
      if (scope !== outside) {
        outside = scope;
        for (let j = 0; j < outsideNames.length; j++) outsideVals[j] = scope.get(outsideNames[j]);
      }
      globals.fill(UNSET);
      try {
        const r = main();
        if (r) throw new PyError("SyntaxError", r === BREAK ? "'break' outside loop" : "'continue' not properly in loop");
      } catch (e) {
        if (e instanceof RangeError) throw new LimitError("the snippet nests too deeply").at(cur.line, cur.col);
        if (e instanceof PyError) throw e.at(cur.line, cur.col);
        throw e;
      }
      const i = globalNames.get(name);
      return i === undefined || globals[i] === UNSET ? undefined : (globals[i] as Py);
    },
  };
}
