/**
 * The constraint DSL: ChinaTravel's Python-like snippets evaluated in TypeScript with the outcome of its
 * evaluator (`evaluate_constraints_py`, June 2026; see ./upstream.ts): the source is first normalized as
 * there (concept labels, legacy string literals), then run as `exec(code, {"__builtins__": {"set": set}},
 * vars_dict)` with `plan` and the concept functions in vars_dict (exec's locals), the outcome is
 * `bool(vars_dict.get("result", False))`, and any exception makes it False — plus why.
 */
import { COMPREHENSION_SCOPE_HINT, compileProgram, withBudget, type Program } from "./compile";
import { CONCEPT_NAMES, conceptFunctions, poiIndex, type DslPoi, type PoiIndex } from "./concepts";
import { upstreamSource } from "./upstream";
import { LimitError, PyError } from "./errors";
import { fromJs, parseJsonPy, toJson } from "./json";
import { parse } from "./parser";
import { PyFunc, PySet, iterate, truthy, type Py } from "./values";

export { fromJs, parseJsonPy, PyError, toJson, type DslPoi };

export interface DslError {
  /** "warning": worth fixing, yet ChinaTravel's evaluator reports nothing (the constraint is simply False). */
  severity: "error" | "warning";
  type: string;
  message: string;
  line: number | null;
  column: number | null;
  hint: string | null;
}
export interface DslResult {
  result: boolean;
  value: unknown;
  error: DslError | null;
  /** The constraint ran without error but never set `result`: False, as in ChinaTravel, with this said. */
  warning?: DslError;
}
export interface DslLimits {
  maxSteps: number;
  timeMs: number;
  maxCodeLength: number;
}
/** Far above any honest annotation (those take hundreds to a few thousand steps and well under a millisecond). */
export const DEFAULT_LIMITS: DslLimits = { maxSteps: 2_000_000, timeMs: 1000, maxCodeLength: 100_000 };

const setFn = new PyFunc(
  "set",
  (args, kw) => {
    if (kw && Object.keys(kw).length) throw new PyError("TypeError", "set() takes no keyword arguments");
    if (args.length > 1) throw new PyError("TypeError", `set expected at most 1 argument, got ${args.length}`);
    return new PySet(args.length ? iterate(args[0]) : []);
  },
  "type",
);
const listFn = new PyFunc(
  "list",
  (args, kw) => {
    if (kw && Object.keys(kw).length) throw new PyError("TypeError", "list() takes no keyword arguments");
    if (args.length > 1) throw new PyError("TypeError", `list expected at most 1 argument, got ${args.length}`);
    return args.length ? [...iterate(args[0])] : [];
  },
  "type",
);

/** A plan ready for evaluation: the plan as a Python value and the concept functions over its POI table. */
export interface PlanScope {
  globals: Map<string, Py>;
  /** The globals with the built-ins of constraints (set) and of preferences (set, list), made once per plan. */
  withBuiltins?: { constraint: Map<string, Py>; preference: Map<string, Py> };
}

export function planScope(plan: Py | Record<string, unknown>, pois: readonly DslPoi[] | PoiIndex = []): PlanScope {
  const index = Array.isArray(pois) ? poiIndex(pois) : (pois as PoiIndex);
  const g = new Map<string, Py>(conceptFunctions(index));
  g.set("plan", isPy(plan) ? plan : fromJs(plan));
  return { globals: g };
}
const isPy = (v: unknown): v is Py =>
  v === null || typeof v !== "object" || Array.isArray(v) || (v as object).constructor !== Object;

// Parsed programs, by source text: annotations are evaluated against many plans.
const cache = new Map<string, Program | PyError>();
const LOCALS = new Set([...CONCEPT_NAMES, "plan"]);
function compiled(code: string, limits: DslLimits): Program {
  if (code.length > limits.maxCodeLength)
    throw new LimitError(
      `the snippet has ${code.length.toLocaleString("en")} characters; at most ${limits.maxCodeLength.toLocaleString("en")} are evaluated`,
    );
  let p = cache.get(code);
  if (!p) {
    try {
      p = compileProgram(parse(upstreamSource(code)), LOCALS);
    } catch (e) {
      if (e instanceof RangeError) p = new LimitError("the snippet nests too deeply to parse");
      else if (e instanceof PyError) p = e;
      else throw e;
    }
    if (cache.size > 2000) cache.delete(cache.keys().next().value!);
    cache.set(code, p);
  }
  if (p instanceof PyError) throw p;
  return p;
}

const NOT_BUILTIN = new Set([
  "len",
  "sum",
  "max",
  "min",
  "range",
  "print",
  "sorted",
  "int",
  "str",
  "float",
  "abs",
  "round",
  "any",
  "all",
  "enumerate",
  "zip",
  "dict",
  "tuple",
  "list",
  "map",
  "filter",
  "bool",
  "isinstance",
  "type",
  "open",
  "eval",
  "exec",
  "reversed",
  "__import__",
]);

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length];
}

function hintFor(e: PyError, preference: boolean): string | null {
  if (e.hint) return e.hint;
  const m = /^name '(.+)' is not defined$/.exec(e.message);
  if (m) {
    const name = m[1];
    if (name === "result") return RESULT_NEVER_SET;
    if (NOT_BUILTIN.has(name))
      return `only ${preference ? "set() and list() are" : "set() is"} available as built-ins, as in ChinaTravel's evaluator; count with a loop (n = n + 1)`;
    const near = CONCEPT_NAMES.filter((c) => distance(c, name) <= 2 || c === name.replace(/_/g, ""));
    if (near.length) return `did you mean ${near.map((c) => `${c}()`).join(" or ")}?`;
  }
  return null;
}

function asError(e: unknown, preference: boolean): DslError {
  if (e instanceof PyError)
    return {
      severity: "error",
      type: e.type,
      message: e.message,
      line: e.line,
      column: e.column,
      hint: hintFor(e, preference),
    };
  if (e instanceof RangeError)
    return {
      severity: "error",
      type: "LimitExceeded",
      message: "the snippet nests too deeply",
      line: null,
      column: null,
      hint: null,
    };
  throw e;
}

export interface EvaluateOptions {
  /** A preference snippet: the number in this variable is the outcome (built-ins set and list). */
  preference?: string;
  limits?: Partial<DslLimits>;
}

export function evaluate(code: string, scope: PlanScope, o: EvaluateOptions = {}): DslResult {
  const r = evaluateRaw(code, scope, o);
  return {
    result: r.result,
    value: r.raw === undefined ? null : toJson(r.raw),
    error: r.error,
    ...(r.warning ? { warning: r.warning } : {}),
  };
}

const RESULT_NEVER_SET =
  "the constraint never sets `result`: end it with `result = …` (ChinaTravel's evaluator then reads False, without an error)";

/** As evaluate(), with the outcome variable as a Python value (for the conformance tests). */
export function evaluateRaw(
  code: string,
  scope: PlanScope,
  o: EvaluateOptions = {},
): { result: boolean; raw: Py | undefined; error: DslError | null; warning?: DslError } {
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const pref = o.preference !== undefined;
  try {
    const program = compiled(code, limits);
    scope.withBuiltins ??= {
      constraint: new Map([...scope.globals, ["set", setFn]]),
      preference: new Map([...scope.globals, ["set", setFn], ["list", listFn]]),
    };
    const globals = pref ? scope.withBuiltins.preference : scope.withBuiltins.constraint;
    const name = o.preference ?? "result";
    const v = withBudget(
      { steps: 0, maxSteps: limits.maxSteps, timeMs: limits.timeMs, deadline: performance.now() + limits.timeMs },
      () => program.run(globals, name),
    );
    if (v === undefined) {
      if (!pref)
        return {
          result: false,
          raw: undefined,
          error: null,
          warning: {
            severity: "warning",
            type: "NameError",
            message: "name 'result' is not defined",
            line: null,
            column: null,
            hint: RESULT_NEVER_SET,
          },
        };
      return {
        result: false,
        raw: undefined,
        error: {
          severity: "error",
          type: "NameError",
          message: `name '${name}' is not defined`,
          line: null,
          column: null,
          hint: `the preference snippet must set \`${name}\``,
        },
      };
    }
    return { result: pref ? true : truthy(v), raw: v, error: null };
  } catch (e) {
    return { result: false, raw: undefined, error: asError(e, pref) };
  }
}

/** Problems found without a plan: syntax errors, and names that nothing defines (they fail when reached). */
export function check(code: string, o: { preference?: string; limits?: Partial<DslLimits> } = {}): DslError[] {
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const pref = o.preference !== undefined;
  try {
    const program = compiled(code, limits);
    const known = new Set<string>([...CONCEPT_NAMES, "plan", "set", ...(pref ? ["list"] : [])]);
    const seen = new Set<string>();
    const out: DslError[] = [];
    for (const f of program.freeNames) {
      if (known.has(f.name) || seen.has(f.name)) continue;
      seen.add(f.name);
      const e = new PyError("NameError", `name '${f.name}' is not defined`, f.line, f.col);
      out.push({ ...asError(e, pref) });
    }
    for (const f of program.hiddenNames) {
      out.push({
        ...asError(
          new PyError("NameError", `name '${f.name}' is not defined`, f.line, f.col, COMPREHENSION_SCOPE_HINT),
          pref,
        ),
      });
    }
    if (!pref && !program.assigns("result"))
      out.push({
        severity: "warning",
        type: "NameError",
        message: "name 'result' is not defined",
        line: 1,
        column: 1,
        hint: RESULT_NEVER_SET,
      });
    return out.sort((a, b) => a.line! - b.line! || a.column! - b.column!);
  } catch (e) {
    return [asError(e, pref)];
  }
}

export { CONCEPT_NAMES };
