/**
 * Compiles the syntax tree to JavaScript closures (no eval, no Function): names are resolved to slots at
 * compile time, each loop iteration and call spends one step of the evaluation's budget, and the clock is
 * checked every 1,024 steps. A compiled program is reusable: each run starts from fresh globals.
 * One file per kind of node, as mathjs compiles them (lib/constraints/compiler/): expressions, calls,
 * comparisons, comprehensions, assignment targets, statements; names and scopes in context.ts, the
 * budget and positions in runtime.ts.
 */
import type { Expr, Stmt } from "./ast";
import { LimitError, PyError } from "./errors";
import type { Py } from "./values";
import { COMPREHENSION_SCOPE_HINT, newCompilation, type NameUse } from "./compiler/context";
import { at, BREAK, UNSET, withBudget, type Budget } from "./compiler/runtime";
import { block } from "./compiler/statements";

export { COMPREHENSION_SCOPE_HINT, withBudget, type Budget };

export interface Program {
  /** Runs with these global bindings (concept functions, plan, builtins); returns the named global's final value. */
  run(scope: Map<string, Py>, name: string): Py | undefined;
  /** Names read somewhere that nothing assigns (to check against what the scope will provide). */
  freeNames: NameUse[];
  /** Names a comprehension reads that live in exec's locals there (the snippet's variables, `plan`, the concept functions). */
  hiddenNames: NameUse[];
  /** Whether the snippet assigns this module-level name anywhere. */
  assigns(name: string): boolean;
}

/** `locals`: the names exec's locals provide besides the snippet's own variables (`plan`, the concept functions). */
export function compileProgram(body: Stmt[], locals: ReadonlySet<string> = new Set()): Program {
  const globalNames = new Map<string, number>();
  const assigned = (e: Expr) => {
    if (e.k === "name") {
      if (!globalNames.has(e.id)) globalNames.set(e.id, globalNames.size);
    } else if (e.k === "tuple" || e.k === "list") e.elts.forEach(assigned);
  };
  const visit = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.k === "assign") s.targets.forEach(assigned);
      else if (s.k === "aug") assigned(s.target);
      else if (s.k === "for") {
        assigned(s.target);
        visit(s.body);
        visit(s.orelse);
      } else if (s.k === "if" || s.k === "while") {
        visit(s.body);
        visit(s.orelse);
      } else if (s.k === "del") s.targets.forEach(assigned);
    }
  };
  visit(body);
  // Python rejects these when compiling, before anything runs.
  const loops = (ss: Stmt[], depth: number) => {
    for (const s of ss) {
      if ((s.k === "break" || s.k === "continue") && depth === 0)
        throw new PyError(
          "SyntaxError",
          s.k === "break" ? "'break' outside loop" : "'continue' not properly in loop",
          s.line,
          s.col,
        );
      if (s.k === "for" || s.k === "while") {
        loops(s.body, depth + 1);
        loops(s.orelse, depth);
      } else if (s.k === "if") {
        loops(s.body, depth);
        loops(s.orelse, depth);
      }
    }
  };
  loops(body, 0);
  const c = newCompilation(globalNames, locals);
  const globals = c.root.frame;
  const main = block(c, body);
  let outside = new Map<string, Py>();
  return {
    freeNames: c.freeNames,
    hiddenNames: c.hiddenNames,
    assigns: (name) => globalNames.has(name),
    run(scope, name) {
      if (scope !== outside) {
        outside = scope;
        for (let j = 0; j < c.outsideNames.length; j++) c.outsideVals[j] = scope.get(c.outsideNames[j]);
      }
      globals.fill(UNSET);
      try {
        const r = main();
        if (r)
          throw new PyError("SyntaxError", r === BREAK ? "'break' outside loop" : "'continue' not properly in loop");
      } catch (e) {
        if (e instanceof RangeError) throw new LimitError("the snippet nests too deeply").at(at.node.line, at.node.col);
        if (e instanceof PyError) throw e.at(at.node.line, at.node.col);
        throw e;
      }
      const i = globalNames.get(name);
      return i === undefined || globals[i] === UNSET ? undefined : (globals[i] as Py);
    },
  };
}
