/** The DSL's syntax tree: the Python subset constraints use. Every node knows where it starts. */
export interface Pos {
  line: number;
  col: number;
}
export type Expr = Pos &
  (
    | { k: "const"; v: unknown }
    | { k: "name"; id: string }
    | { k: "bin"; op: string; l: Expr; r: Expr }
    | { k: "unary"; op: string; v: Expr }
    | { k: "bool"; op: "and" | "or"; vs: Expr[] }
    | { k: "cmp"; first: Expr; ops: string[]; rest: Expr[] }
    | { k: "ifexp"; test: Expr; body: Expr; orelse: Expr }
    | { k: "call"; fn: Expr; args: Expr[]; kwargs: [string, Expr][] }
    | { k: "attr"; v: Expr; name: string }
    | { k: "sub"; v: Expr; index: Expr }
    | { k: "slice"; lo: Expr | null; hi: Expr | null; step: Expr | null }
    | { k: "list" | "tuple" | "set"; elts: Expr[] }
    | { k: "dict"; keys: Expr[]; values: Expr[] }
    | { k: "comp"; kind: "list" | "set" | "gen" | "dict"; elt: Expr; value: Expr | null; gens: Generator[] }
  );
export interface Generator {
  target: Expr;
  iter: Expr;
  ifs: Expr[];
}
export type Stmt = Pos &
  (
    | { k: "assign"; targets: Expr[]; value: Expr }
    | { k: "aug"; target: Expr; op: string; value: Expr }
    | { k: "expr"; v: Expr }
    | { k: "if"; test: Expr; body: Stmt[]; orelse: Stmt[] }
    | { k: "while"; test: Expr; body: Stmt[]; orelse: Stmt[] }
    | { k: "for"; target: Expr; iter: Expr; body: Stmt[]; orelse: Stmt[] }
    | { k: "break" | "continue" | "pass" }
    | { k: "del"; targets: Expr[] }
    | { k: "assert"; test: Expr; msg: Expr | null }
    | { k: "import"; what: string }
    | { k: "global"; names: string[] }
  );
