/**
 * A compilation's state and name resolution: module-level names get slots in one frame, comprehension
 * targets in frames of their own; other names are read from the scope the snippet runs with (concept
 * functions, `plan`, built-ins), looked up once per scope.
 */
import type { Expr } from "../ast";
import { PyError } from "../errors";
import type { Py } from "../values";
import { UNSET, type Ev, type Slot } from "./runtime";

/** exec's built-ins in ChinaTravel's evaluator (`list` only for preferences): the only names a comprehension can reach. */
const BUILTINS = new Set(["set", "list"]);
export const COMPREHENSION_SCOPE_HINT =
  "ChinaTravel runs a snippet with `plan`, the concept functions and the snippet's own variables as exec's locals, and a comprehension or generator expression cannot see those: this fails in ChinaTravel's evaluator too. Use a for loop.";

export interface Scope {
  slots: Map<string, number>;
  frame: Slot[];
  parent: Scope | null;
}

export interface NameUse {
  name: string;
  line: number;
  col: number;
}

export interface Compilation {
  /** The module-level scope: the snippet's own variables. */
  root: Scope;
  /** The names exec's locals provide besides the snippet's variables (`plan`, the concept functions). */
  locals: ReadonlySet<string>;
  /** Names read that nothing assigns, and names a comprehension reads that live in exec's locals. */
  freeNames: NameUse[];
  hiddenNames: NameUse[];
  /** Names read from the run's scope, and their values for the current scope (filled by run). */
  outsideNames: string[];
  outsideVals: (Py | undefined)[];
}

export function newCompilation(globalNames: Map<string, number>, locals: ReadonlySet<string>): Compilation {
  return {
    root: { slots: globalNames, frame: new Array(globalNames.size).fill(UNSET), parent: null },
    locals,
    freeNames: [],
    hiddenNames: [],
    outsideNames: [],
    outsideVals: [],
  };
}

function outsideSlot(c: Compilation, name: string): number {
  let j = c.outsideNames.indexOf(name);
  if (j < 0) {
    j = c.outsideNames.length;
    c.outsideNames.push(name);
    c.outsideVals.push(undefined);
  }
  return j;
}

/** Reads a name: a slot of the snippet or of a comprehension, else the run's scope; NameError as Python raises it. */
export function lookup(c: Compilation, name: string, scope: Scope, e: Expr): Ev {
  // As in ChinaTravel's exec(code, {"__builtins__": …}, vars_dict): module-level names are locals, so a
  // comprehension (its own function scope) resolves a free name through globals and built-ins only.
  const { root, outsideVals } = c;
  const inComprehension = scope !== root;
  for (let s: Scope | null = scope; s; s = s.parent) {
    if (s === root && inComprehension) break;
    const i = s.slots.get(name);
    if (i === undefined) continue;
    const frame = s.frame;
    if (s === root) {
      const j = outsideSlot(c, name);
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
    const hidden = root.slots.has(name) || c.locals.has(name);
    (hidden ? c.hiddenNames : c.freeNames).push({ name, line: e.line, col: e.col });
    return () => {
      throw new PyError(
        "NameError",
        `name '${name}' is not defined`,
        null,
        null,
        hidden ? COMPREHENSION_SCOPE_HINT : null,
      ).at(e.line, e.col);
    };
  }
  c.freeNames.push({ name, line: e.line, col: e.col });
  const j = outsideSlot(c, name);
  return () => {
    const o = outsideVals[j];
    if (o !== undefined) return o;
    throw new PyError("NameError", `name '${name}' is not defined`).at(e.line, e.col);
  };
}
