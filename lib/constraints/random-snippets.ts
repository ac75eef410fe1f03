/** Random snippets for the differential test: expressions and small programs over the DSL's value types. */
import { seededRandom } from "../kernel";

export function randomSnippets(n: number, seed: number): string[] {
  const rng = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
  const atoms = [
    "0",
    "1",
    "2",
    "3",
    "-1",
    "-7",
    "7",
    "10",
    "0.5",
    "1.5",
    "-2.25",
    "0.0",
    "1e3",
    "True",
    "False",
    "None",
    "'a'",
    "'bc'",
    "''",
    "'a,b'",
    "'09:30'",
    "[]",
    "[1, 2]",
    "['a', 'b']",
    "(1, 2)",
    "()",
    "{1, 2}",
    "set()",
    "{'a': 1, 'b': 2}",
    "{}",
    "x",
    "y",
    "s",
    "l",
  ];
  const binops = [
    "+",
    "-",
    "*",
    "/",
    "//",
    "%",
    "**",
    "<",
    "<=",
    ">",
    ">=",
    "==",
    "!=",
    "in",
    "not in",
    "and",
    "or",
    "|",
    "&",
    "^",
    "is",
    "is not",
  ];
  const expr = (d: number): string => {
    const r = rng();
    if (d <= 0 || r < 0.25) return pick(atoms);
    if (r < 0.6) {
      const op = pick(binops);
      const rhs = op === "**" ? pick(["0", "1", "2", "3", "-1", "2.0"]) : expr(d - 1);
      return `(${expr(d - 1)} ${op} ${rhs})`;
    }
    if (r < 0.68) return `(${pick(["-", "not ", "+"])}${expr(d - 1)})`;
    if (r < 0.74) return `(${expr(d - 1)} if ${expr(d - 1)} else ${expr(d - 1)})`;
    if (r < 0.82)
      return `${pick(["[1, 2, 3]", "'abcd'", "(4, 5)", "l", "s", "{'a': 1}"])}[${pick(["0", "-1", "1:", ":2", "::-1", "'a'", "5", "x"])}]`;
    if (r < 0.9)
      return pick([
        `${expr(d - 1)} < ${expr(d - 1)} < ${expr(d - 1)}`,
        `[v * 2 for v in ${pick(["[1, 2]", "'ab'", "l", "s", "(3,)"])}]`,
        `{v for v in ${pick(["[1, 1, 2]", "'aab'", "l"])}}`,
        `set(${pick(["[1, 2]", "'ab'", "l", "()"])})`,
      ]);
    return `${pick(["'a,b'", "'  x '", "'abc'", "l", "s", "{'a': 1}"])}.${pick(["split(',')", "strip()", "upper()", "startswith('a')", "get('a', 0)", "keys()", "count(1)", "index(2)", "add(1)", "append(3)", "union({3})", "find('b')"])}`;
  };
  const prologue = () =>
    `x = ${pick(["1", "2.5", "-3", "'q'", "[1]"])}\ny = ${pick(["0", "4", "'ab'", "None"])}\ns = {1, ${pick(["2", "'a'", "3.0"])}}\nl = [${pick(["1, 2", "'a'", "2, 2, 3"])}]\n`;
  const program = (): string => {
    const k = rng();
    if (k < 0.6) return `${prologue()}result = ${expr(3)}`;
    if (k < 0.8)
      return `${prologue()}acc = ${pick(["0", "''", "[]", "0.5"])}\nfor v in ${pick(["l", "s", "'abc'", "[1, 2, 3]", "range(3)", "x"])}:\n    if ${expr(1)}:\n        ${pick(["continue", "break", "pass"])}\n    acc ${pick(["+=", "-=", "*="])} ${pick(["v", "1", "x", "[v]"])}\nresult = acc`;
    return `${prologue()}n = 0\nwhile n < ${pick(["3", "5", "x", "y"])}:\n    n += ${pick(["1", "2", "0.5"])}\n    if n == 2: ${pick(["break", "continue", "n += 1"])}\nresult = (n, ${expr(1)})`;
  };
  return Array.from({ length: n }, program);
}
