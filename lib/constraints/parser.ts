/** Recursive-descent parser for the DSL's Python subset, with CPython's messages for common mistakes. */
import type { Expr, Generator, Pos, Stmt } from "./ast";
import { syntaxError } from "./errors";
import { isKeyword, tokenize, type Token } from "./lexer";
import { PyFloat } from "./values";

const AUG = new Set(["+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=", "@="]);
const CMP = new Set(["<", ">", "==", ">=", "<=", "!="]);
const UNSUPPORTED: Record<string, string> = {
  def: "defining functions is not supported in constraints",
  class: "classes are not supported in constraints",
  lambda: "lambda is not supported in constraints",
  try: "try/except is not supported in constraints",
  with: "with is not supported in constraints",
  yield: "'yield' outside function",
  raise: "raise is not supported in constraints",
  async: "async is not supported in constraints",
  await: "'await' outside function",
  nonlocal: "nonlocal declaration not allowed at module level",
};

export function parse(src: string): Stmt[] {
  return new Parser(tokenize(src)).module();
}

class Parser {
  i = 0;
  constructor(private t: Token[]) {}

  peek(o = 0): Token {
    return this.t[Math.min(this.i + o, this.t.length - 1)];
  }
  next(): Token {
    return this.t[this.i++];
  }
  isOp(v: string, o = 0): boolean {
    const t = this.peek(o);
    return t.type === "op" && t.value === v;
  }
  isKw(v: string): boolean {
    const t = this.peek();
    return t.type === "name" && t.value === v;
  }
  eatOp(v: string): boolean {
    if (!this.isOp(v)) return false;
    this.i++;
    return true;
  }
  eatKw(v: string): boolean {
    if (!this.isKw(v)) return false;
    this.i++;
    return true;
  }
  expectOp(v: string, what = `'${v}'`): Token {
    if (!this.isOp(v)) throw this.fail(v === ":" ? "expected ':'" : `expected ${what}`);
    return this.next();
  }
  expectKw(v: string): Token {
    if (!this.isKw(v)) throw this.fail(`expected '${v}'`);
    return this.next();
  }
  fail(message: string, tok = this.peek()) {
    return syntaxError(tok.type === "indent" ? "unexpected indent" : message, tok.line, tok.col);
  }
  pos(t: Token): Pos {
    return { line: t.line, col: t.col };
  }

  module(): Stmt[] {
    const out: Stmt[] = [];
    while (this.peek().type !== "eof") {
      if (this.peek().type === "newline") {
        this.i++;
        continue;
      }
      if (this.peek().type === "indent") throw syntaxError("unexpected indent", this.peek().line, this.peek().col);
      out.push(...this.statement());
    }
    return out;
  }

  block(): Stmt[] {
    this.expectOp(":");
    if (this.peek().type !== "newline") {
      const simple = this.simpleLine();
      return simple;
    }
    this.next();
    while (this.peek().type === "newline") this.next();
    const ind = this.peek();
    if (ind.type !== "indent") throw syntaxError("expected an indented block", ind.line, ind.col);
    this.next();
    const body: Stmt[] = [];
    while (this.peek().type !== "dedent" && this.peek().type !== "eof") {
      if (this.peek().type === "newline") {
        this.next();
        continue;
      }
      body.push(...this.statement());
    }
    if (this.peek().type === "dedent") this.next();
    return body;
  }

  statement(): Stmt[] {
    const t = this.peek();
    if (t.type === "name") {
      const p = this.pos(t);
      switch (t.value) {
        case "if": {
          this.next();
          return [this.ifRest(p)];
        }
        case "while": {
          this.next();
          const test = this.namedExpr();
          const body = this.block();
          const orelse = this.elseBlock();
          return [{ ...p, k: "while", test, body, orelse }];
        }
        case "for": {
          this.next();
          const target = this.targetList();
          this.expectKw("in");
          const iter = this.exprList();
          const body = this.block();
          const orelse = this.elseBlock();
          return [{ ...p, k: "for", target, iter, body, orelse }];
        }
        case "elif":
        case "else":
          throw syntaxError("invalid syntax", t.line, t.col);
      }
      if (t.value in UNSUPPORTED && t.value !== "lambda" && t.value !== "await" && t.value !== "yield")
        throw syntaxError(UNSUPPORTED[t.value], t.line, t.col);
    }
    return this.simpleLine();
  }

  ifRest(p: Pos): Stmt {
    const test = this.namedExpr();
    const body = this.block();
    let orelse: Stmt[] = [];
    const t = this.peek();
    if (this.eatKw("elif")) orelse = [this.ifRest(this.pos(t))];
    else orelse = this.elseBlock();
    return { ...p, k: "if", test, body, orelse };
  }

  elseBlock(): Stmt[] {
    return this.eatKw("else") ? this.block() : [];
  }

  simpleLine(): Stmt[] {
    const out = [this.simple()];
    while (this.eatOp(";")) {
      if (this.peek().type === "newline") break;
      out.push(this.simple());
    }
    const t = this.peek();
    if (t.type !== "newline" && t.type !== "eof") throw this.fail("invalid syntax", t);
    if (t.type === "newline") this.next();
    return out;
  }

  simple(): Stmt {
    const t = this.peek();
    const p = this.pos(t);
    if (t.type === "name") {
      switch (t.value) {
        case "pass":
          this.next();
          return { ...p, k: "pass" };
        case "break":
          this.next();
          return { ...p, k: "break" };
        case "continue":
          this.next();
          return { ...p, k: "continue" };
        case "return":
          throw syntaxError(
            "'return' outside function",
            t.line,
            t.col,
            "a constraint sets its outcome with `result = …`",
          );
        case "del": {
          this.next();
          const targets = [this.primaryTarget()];
          while (this.eatOp(",")) targets.push(this.primaryTarget());
          return { ...p, k: "del", targets };
        }
        case "assert": {
          this.next();
          const test = this.test();
          const msg = this.eatOp(",") ? this.test() : null;
          return { ...p, k: "assert", test, msg };
        }
        case "import":
        case "from": {
          this.next();
          let what = "";
          while (this.peek().type !== "newline" && this.peek().type !== "eof" && !this.isOp(";"))
            what += this.next().value + " ";
          return { ...p, k: "import", what: what.trim() };
        }
        case "global": {
          this.next();
          const names = [this.name()];
          while (this.eatOp(",")) names.push(this.name());
          return { ...p, k: "global", names };
        }
      }
      if (t.value in UNSUPPORTED && (t.value === "yield" || t.value === "raise" || t.value === "nonlocal"))
        throw syntaxError(UNSUPPORTED[t.value], t.line, t.col);
    }
    const first = this.exprList();
    const op = this.peek();
    if (op.type === "op" && AUG.has(op.value)) {
      this.next();
      this.checkTarget(first, true);
      const value = this.exprList();
      return { ...p, k: "aug", target: first, op: op.value.slice(0, -1), value };
    }
    if (this.isOp("=")) {
      const targets = [first];
      let value: Expr = first;
      while (this.eatOp("=")) {
        value = this.exprList();
        targets.push(value);
      }
      targets.pop();
      for (const tg of targets) this.checkTarget(tg, false);
      return { ...p, k: "assign", targets, value };
    }
    if (this.isOp(":")) throw this.fail("annotations are not supported in constraints");
    return { ...p, k: "expr", v: first };
  }

  checkTarget(e: Expr, aug: boolean) {
    const bad = (what: string) => {
      const hint = e.k === "call" || e.k === "cmp" ? "did you mean '=='?" : null;
      return syntaxError(
        aug
          ? `'${what}' is an illegal expression for augmented assignment`
          : `cannot assign to ${what}${hint ? ` here. Maybe you meant '==' instead of '='?` : ""}`,
        e.line,
        e.col,
      );
    };
    switch (e.k) {
      case "name":
        return;
      case "attr":
      case "sub":
        return;
      case "tuple":
      case "list":
        if (aug) throw bad(e.k);
        for (const x of e.elts) this.checkTarget(x, false);
        return;
      case "const":
        throw bad(
          e.v === null || typeof e.v === "boolean" ? String(e.v === null ? "None" : e.v ? "True" : "False") : "literal",
        );
      case "call":
        throw bad("function call");
      case "cmp":
        throw bad("comparison");
      case "bin":
      case "unary":
        throw bad("expression");
      default:
        throw bad(e.k === "comp" ? `${e.kind} comprehension` : e.k === "bool" ? "expression" : e.k);
    }
  }

  name(): string {
    const t = this.next();
    if (t.type !== "name" || isKeyword(t.value)) throw this.fail("invalid syntax", t);
    return t.value;
  }

  primaryTarget(): Expr {
    const e = this.primary();
    this.checkTarget(e, false);
    return e;
  }

  /** for-loop and comprehension targets: a, (b, c), d[i] — stops before `in`. */
  targetList(): Expr {
    const t = this.peek();
    const first = this.targetAtom();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isKw("in")) break;
      elts.push(this.targetAtom());
    }
    return { ...this.pos(t), k: "tuple", elts };
  }
  targetAtom(): Expr {
    const e = this.bitor();
    this.checkTarget(e, false);
    return e;
  }

  /** a, b, c (a tuple) or a single expression. */
  exprList(): Expr {
    const t = this.peek();
    const first = this.namedExpr();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.endOfList()) break;
      elts.push(this.namedExpr());
    }
    return { ...this.pos(t), k: "tuple", elts };
  }
  endOfList(): boolean {
    const t = this.peek();
    return (
      t.type === "newline" ||
      t.type === "eof" ||
      (t.type === "op" && [")", "]", "}", "=", ":", ";"].includes(t.value)) ||
      (t.type === "op" && AUG.has(t.value))
    );
  }

  namedExpr(): Expr {
    if (this.peek(1).type === "op" && this.peek(1).value === ":=")
      throw this.fail("assignment expressions (:=) are not supported in constraints", this.peek(1));
    return this.test();
  }

  test(): Expr {
    const t = this.peek();
    if (this.isKw("lambda")) throw syntaxError(UNSUPPORTED.lambda, t.line, t.col);
    const body = this.orTest();
    if (this.isKw("if")) {
      this.next();
      const test = this.orTest();
      if (!this.isKw("else")) throw this.fail("expected 'else' after 'if' expression");
      this.next();
      const orelse = this.test();
      return { ...this.pos(t), k: "ifexp", test, body, orelse };
    }
    return body;
  }

  orTest(): Expr {
    const t = this.peek();
    const first = this.andTest();
    if (!this.isKw("or")) return first;
    const vs = [first];
    while (this.eatKw("or")) vs.push(this.andTest());
    return { ...this.pos(t), k: "bool", op: "or", vs };
  }
  andTest(): Expr {
    const t = this.peek();
    const first = this.notTest();
    if (!this.isKw("and")) return first;
    const vs = [first];
    while (this.eatKw("and")) vs.push(this.notTest());
    return { ...this.pos(t), k: "bool", op: "and", vs };
  }
  notTest(): Expr {
    const t = this.peek();
    if (this.eatKw("not")) return { ...this.pos(t), k: "unary", op: "not", v: this.notTest() };
    return this.comparison();
  }
  comparison(): Expr {
    const t = this.peek();
    const first = this.bitor();
    const ops: string[] = [];
    const rest: Expr[] = [];
    for (;;) {
      const p = this.peek();
      if (p.type === "op" && CMP.has(p.value)) {
        this.next();
        ops.push(p.value);
      } else if (this.isKw("in")) {
        this.next();
        ops.push("in");
      } else if (this.isKw("not") && this.peek(1).type === "name" && this.peek(1).value === "in") {
        this.i += 2;
        ops.push("not in");
      } else if (this.isKw("is")) {
        this.next();
        ops.push(this.eatKw("not") ? "is not" : "is");
      } else break;
      rest.push(this.bitor());
    }
    if (!ops.length) return first;
    return { ...this.pos(t), k: "cmp", first, ops, rest };
  }
  binLevel(ops: string[], sub: () => Expr): Expr {
    const t = this.peek();
    let l = sub();
    for (;;) {
      const p = this.peek();
      if (p.type !== "op" || !ops.includes(p.value)) return l;
      this.next();
      l = { ...this.pos(t), k: "bin", op: p.value, l, r: sub() };
    }
  }
  bitor = (): Expr => this.binLevel(["|"], this.bitxor);
  bitxor = (): Expr => this.binLevel(["^"], this.bitand);
  bitand = (): Expr => this.binLevel(["&"], this.shift);
  shift = (): Expr => this.binLevel(["<<", ">>"], this.arith);
  arith = (): Expr => this.binLevel(["+", "-"], this.term);
  term = (): Expr => this.binLevel(["*", "/", "//", "%", "@"], this.factor);
  factor = (): Expr => {
    const t = this.peek();
    if (t.type === "op" && (t.value === "-" || t.value === "+" || t.value === "~")) {
      this.next();
      return { ...this.pos(t), k: "unary", op: t.value, v: this.factor() };
    }
    return this.power();
  };
  power(): Expr {
    const t = this.peek();
    const base = this.primary();
    if (this.eatOp("**")) return { ...this.pos(t), k: "bin", op: "**", l: base, r: this.factor() };
    return base;
  }

  primary(): Expr {
    const t = this.peek();
    let e = this.atom();
    for (;;) {
      const p = this.peek();
      if (this.eatOp(".")) {
        const n = this.next();
        if (n.type !== "name") throw this.fail("invalid syntax", n);
        e = { ...this.pos(t), k: "attr", v: e, name: n.value };
      } else if (this.isOp("(")) {
        this.next();
        const args: Expr[] = [];
        const kwargs: [string, Expr][] = [];
        while (!this.isOp(")")) {
          if (this.isOp("*") || this.isOp("**")) throw this.fail("argument unpacking is not supported in constraints");
          if (this.peek().type === "name" && this.isOp("=", 1)) {
            const k = this.name();
            this.next();
            kwargs.push([k, this.test()]);
          } else {
            if (kwargs.length) throw this.fail("positional argument follows keyword argument");
            const a = this.test();
            if (this.isKw("for")) args.push(this.comprehension(a, null, "gen", this.pos(this.peek())));
            else args.push(a);
          }
          if (!this.eatOp(",")) break;
        }
        this.expectOp(")");
        e = { ...this.pos(p), line: e.line, col: e.col, k: "call", fn: e, args, kwargs };
      } else if (this.isOp("[")) {
        this.next();
        const index = this.subscriptList();
        this.expectOp("]");
        e = { ...this.pos(t), k: "sub", v: e, index };
      } else return e;
    }
  }

  subscriptList(): Expr {
    const t = this.peek();
    const first = this.subscript();
    if (!this.isOp(",")) return first;
    const elts = [first];
    while (this.eatOp(",")) {
      if (this.isOp("]")) break;
      elts.push(this.subscript());
    }
    return { ...this.pos(t), k: "tuple", elts };
  }
  subscript(): Expr {
    const t = this.peek();
    let lo: Expr | null = null;
    if (!this.isOp(":")) {
      lo = this.test();
      if (!this.isOp(":")) return lo;
    }
    this.next();
    const hi = this.isOp(":") || this.isOp("]") || this.isOp(",") ? null : this.test();
    let step: Expr | null = null;
    if (this.eatOp(":")) step = this.isOp("]") || this.isOp(",") ? null : this.test();
    return { ...this.pos(t), k: "slice", lo, hi, step };
  }

  atom(): Expr {
    const t = this.next();
    const p = this.pos(t);
    switch (t.type) {
      case "int":
        return { ...p, k: "const", v: t.num };
      case "float":
        return { ...p, k: "const", v: new PyFloat(t.num as number) };
      case "string": {
        let s = t.str!;
        while (this.peek().type === "string") s += this.next().str!; // implicit concatenation
        return { ...p, k: "const", v: s };
      }
      case "name":
        if (t.value === "True") return { ...p, k: "const", v: true };
        if (t.value === "False") return { ...p, k: "const", v: false };
        if (t.value === "None") return { ...p, k: "const", v: null };
        if (t.value in UNSUPPORTED) throw syntaxError(UNSUPPORTED[t.value], t.line, t.col);
        if (isKeyword(t.value)) throw syntaxError("invalid syntax", t.line, t.col);
        return { ...p, k: "name", id: t.value };
      case "op":
        if (t.value === "(") {
          if (this.eatOp(")")) return { ...p, k: "tuple", elts: [] };
          const first = this.namedExpr();
          if (this.isKw("for")) {
            const c = this.comprehension(first, null, "gen", p);
            this.expectOp(")");
            return c;
          }
          if (!this.isOp(",")) {
            this.expectOp(")");
            return first;
          }
          const elts = [first];
          while (this.eatOp(",")) {
            if (this.isOp(")")) break;
            elts.push(this.namedExpr());
          }
          this.expectOp(")");
          return { ...p, k: "tuple", elts };
        }
        if (t.value === "[") {
          if (this.eatOp("]")) return { ...p, k: "list", elts: [] };
          const first = this.namedExpr();
          if (this.isKw("for")) {
            const c = this.comprehension(first, null, "list", p);
            this.expectOp("]");
            return c;
          }
          const elts = [first];
          while (this.eatOp(",")) {
            if (this.isOp("]")) break;
            elts.push(this.namedExpr());
          }
          this.expectOp("]", "']' or ','");
          return { ...p, k: "list", elts };
        }
        if (t.value === "{") {
          if (this.eatOp("}")) return { ...p, k: "dict", keys: [], values: [] };
          if (this.isOp("**")) throw this.fail("dict unpacking is not supported in constraints");
          const first = this.test();
          if (this.eatOp(":")) {
            const v = this.test();
            if (this.isKw("for")) {
              const c = this.comprehension(first, v, "dict", p);
              this.expectOp("}");
              return c;
            }
            const keys = [first],
              values = [v];
            while (this.eatOp(",")) {
              if (this.isOp("}")) break;
              keys.push(this.test());
              this.expectOp(":");
              values.push(this.test());
            }
            this.expectOp("}");
            return { ...p, k: "dict", keys, values };
          }
          if (this.isKw("for")) {
            const c = this.comprehension(first, null, "set", p);
            this.expectOp("}");
            return c;
          }
          const elts = [first];
          while (this.eatOp(",")) {
            if (this.isOp("}")) break;
            elts.push(this.test());
          }
          this.expectOp("}");
          return { ...p, k: "set", elts };
        }
        if (t.value === "...") return { ...p, k: "const", v: null };
        break;
    }
    if (t.type === "newline" || t.type === "eof") throw syntaxError("invalid syntax", t.line, t.col);
    if (t.type === "indent") throw syntaxError("unexpected indent", t.line, t.col);
    throw syntaxError("invalid syntax", t.line, t.col);
  }

  comprehension(elt: Expr, value: Expr | null, kind: "list" | "set" | "gen" | "dict", p: Pos): Expr {
    const gens: Generator[] = [];
    while (this.eatKw("for")) {
      const target = this.targetList();
      this.expectKw("in");
      const iter = this.orTest();
      const ifs: Expr[] = [];
      while (this.isKw("if")) {
        this.next();
        ifs.push(this.orTest());
      }
      gens.push({ target, iter, ifs });
    }
    return { ...p, k: "comp", kind, elt, value, gens };
  }
}
