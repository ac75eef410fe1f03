/**
 * Python tokenizer for the DSL: INDENT/DEDENT from leading whitespace (tabs to the next multiple of 8, as
 * CPython), NEWLINE only outside brackets, comments, blank lines, `\` continuations, string literals in
 * either quote (with escapes, raw and triple-quoted forms), ints and floats.
 */
import { syntaxError } from "./errors";

export type TokType = "name" | "int" | "float" | "string" | "op" | "newline" | "indent" | "dedent" | "eof";
export interface Token {
  type: TokType;
  value: string;
  line: number;
  col: number;
  /** For strings: the decoded text; for ints: the parsed value. */
  str?: string;
  num?: number | bigint;
}

const KEYWORDS = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);
export const isKeyword = (s: string) => KEYWORDS.has(s);

const OPS = [
  "**=",
  "//=",
  ">>=",
  "<<=",
  "...",
  "->",
  ":=",
  "**",
  "//",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "@=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "@",
  "&",
  "|",
  "^",
  "~",
  "<",
  ">",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  ".",
  ";",
  "=",
];
const CLOSE: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
/** CPython's limit on nested brackets (tokenizer MAXLEVEL). */
export const MAX_NESTING = 200;

const ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\n": "",
};

function decode(body: string, raw: boolean, line: number, col: number): string {
  if (raw || !body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const n = body[++i];
    if (n === undefined) break;
    if (n in ESCAPES) {
      out += ESCAPES[n];
      continue;
    }
    if (n === "x" || n === "u" || n === "U") {
      const len = n === "x" ? 2 : n === "u" ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + len);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len)
        throw syntaxError(`(unicode error) truncated \\${n} escape`, line, col);
      out += String.fromCodePoint(parseInt(hex, 16));
      i += len;
      continue;
    }
    if (/[0-7]/.test(n)) {
      let oct = n;
      while (oct.length < 3 && /[0-7]/.test(body[i + 1] ?? "")) oct += body[++i];
      out += String.fromCodePoint(parseInt(oct, 8));
      continue;
    }
    out += "\\" + n; // unknown escapes stay as written (Python warns, keeps them)
  }
  return out;
}

const ID_START = /[\p{L}\p{Nl}_]/u;
const ID_CONT = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_]/u;

export function tokenize(src: string): Token[] {
  const toks: Token[] = [];
  const indents = [0];
  const brackets: { ch: string; line: number; col: number }[] = [];
  let i = 0,
    line = 1,
    lineStart = 0;
  let atLineStart = true;
  const n = src.length;
  const push = (type: TokType, value: string, at: number, extra: Partial<Token> = {}) =>
    toks.push({ type, value, line, col: at - lineStart + 1, ...extra });
  while (i <= n) {
    if (atLineStart && brackets.length === 0) {
      // Measure indentation; blank and comment-only lines do not count.
      let width = 0,
        j = i;
      for (; j < n; j++) {
        const c = src[j];
        if (c === " ") width++;
        else if (c === "\t") width = (Math.floor(width / 8) + 1) * 8;
        else if (c === "\f") width = 0;
        else break;
      }
      const c = src[j];
      if (j >= n) {
        i = j;
        break;
      }
      if (c === "\n" || c === "\r" || c === "#") {
        while (j < n && src[j] !== "\n") j++;
        i = j + 1;
        line++;
        lineStart = i;
        continue;
      }
      if (c === "\\" && src[j + 1] === "\n") {
        i = j + 2;
        line++;
        lineStart = i;
        atLineStart = false;
        continue;
      }
      const top = indents[indents.length - 1];
      if (width > top) {
        indents.push(width);
        push("indent", "", j);
      } else if (width < top) {
        while (width < indents[indents.length - 1]) {
          indents.pop();
          push("dedent", "", j);
        }
        if (width !== indents[indents.length - 1])
          throw syntaxError("unindent does not match any outer indentation level", line, j - lineStart + 1);
      }
      i = j;
      atLineStart = false;
    }
    if (i >= n) break;
    const c = src[i];
    if (c === " " || c === "\t" || c === "\f" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === "\n") {
      if (brackets.length === 0) push("newline", "", i);
      i++;
      line++;
      lineStart = i;
      if (brackets.length === 0) atLineStart = true;
      continue;
    }
    if (c === "\\") {
      if (src[i + 1] === "\n") {
        i += 2;
        line++;
        lineStart = i;
        continue;
      }
      if (src[i + 1] === "\r" && src[i + 2] === "\n") {
        i += 3;
        line++;
        lineStart = i;
        continue;
      }
      throw syntaxError("unexpected character after line continuation character", line, i - lineStart + 1);
    }
    const start = i;
    // Strings, with optional prefixes r, b, u, f (f-strings are not supported: reported clearly).
    const pre = /^([rRbBuUfF]{0,2})(['"])/.exec(src.slice(i, i + 3));
    if (
      pre &&
      (pre[1] === "" || /^(r|u|b|f|rb|br|fr|rf)$/i.test(pre[1])) &&
      (pre[1] === "" || !ID_CONT.test(src[i - 1] ?? " "))
    ) {
      const prefix = pre[1].toLowerCase();
      if (prefix.includes("f"))
        throw syntaxError(
          "f-strings are not supported in constraints",
          line,
          i - lineStart + 1,
          "build the text with + instead",
        );
      if (prefix.includes("b"))
        throw syntaxError("bytes literals are not supported in constraints", line, i - lineStart + 1);
      const q = pre[2];
      let j = i + pre[1].length;
      const triple = src.startsWith(q.repeat(3), j);
      const delim = triple ? q.repeat(3) : q;
      j += delim.length;
      const bodyStart = j;
      const startLine = line,
        startCol = i - lineStart + 1;
      for (;;) {
        if (j >= n)
          throw syntaxError(
            triple ? "unterminated triple-quoted string literal" : "unterminated string literal",
            startLine,
            startCol,
          );
        const d = src[j];
        if (d === "\\") {
          if (src[j + 1] === "\n") {
            line++;
            lineStart = j + 2;
          }
          j += 2;
          continue;
        }
        if (d === "\n") {
          if (!triple) throw syntaxError("unterminated string literal", startLine, startCol);
          line++;
          lineStart = j + 1;
        }
        if (src.startsWith(delim, j)) break;
        j++;
      }
      const body = src.slice(bodyStart, j);
      toks.push({
        type: "string",
        value: src.slice(start, j + delim.length),
        line: startLine,
        col: startCol,
        str: decode(body, prefix.includes("r"), startLine, startCol),
      });
      i = j + delim.length;
      continue;
    }
    // Numbers.
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m =
        /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:[0-9][0-9_]*)?\.?[0-9_]*(?:[eE][+-]?[0-9_]+)?)[jJ]?/.exec(
          src.slice(i, i + 400),
        )!;
      const text = m[0];
      if (/[jJ]$/.test(text))
        throw syntaxError("complex numbers are not supported in constraints", line, i - lineStart + 1);
      const clean = text.replace(/_/g, "");
      if (/^0[xXoObB]/.test(clean)) {
        push("int", text, i, { num: normalizeInt(BigInt(clean)) });
      } else if (/[.eE]/.test(clean)) {
        push("float", text, i, { num: Number(clean) });
      } else {
        if (/^0[0-9]/.test(clean) && /[1-9]/.test(clean))
          throw syntaxError(
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
            line,
            i - lineStart + 1,
          );
        push("int", text, i, { num: normalizeInt(BigInt(clean)) });
      }
      i += text.length;
      if (ID_START.test(src[i] ?? "")) throw syntaxError("invalid decimal literal", line, i - lineStart + 1);
      continue;
    }
    if (ID_START.test(c) || c.charCodeAt(0) > 0x7f) {
      let j = i;
      while (j < n && (ID_CONT.test(src[j]) || (src.charCodeAt(j) >= 0xd800 && src.charCodeAt(j) <= 0xdfff))) j++;
      if (j === i)
        throw syntaxError(
          `invalid character '${c}' (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`,
          line,
          i - lineStart + 1,
        );
      push("name", src.slice(i, j), i);
      i = j;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op)
      throw syntaxError(
        `invalid character '${c}' (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`,
        line,
        i - lineStart + 1,
      );
    if (op === "(" || op === "[" || op === "{") {
      brackets.push({ ch: op, line, col: i - lineStart + 1 });
      if (brackets.length > MAX_NESTING) throw syntaxError("too many nested parentheses", line, i - lineStart + 1);
    } else if (op in CLOSE) {
      const open = brackets.pop();
      if (!open) throw syntaxError(`unmatched '${op}'`, line, i - lineStart + 1);
      if (open.ch !== CLOSE[op])
        throw syntaxError(
          `closing parenthesis '${op}' does not match opening parenthesis '${open.ch}'${open.line !== line ? ` on line ${open.line}` : ""}`,
          line,
          i - lineStart + 1,
        );
    }
    push("op", op, i);
    i += op.length;
  }
  if (brackets.length) {
    const b = brackets[brackets.length - 1];
    throw syntaxError(`'${b.ch}' was never closed`, b.line, b.col);
  }
  if (toks.length && toks[toks.length - 1].type !== "newline" && toks[toks.length - 1].type !== "dedent")
    toks.push({ type: "newline", value: "", line, col: i - lineStart + 1 });
  while (indents.length > 1) {
    indents.pop();
    toks.push({ type: "dedent", value: "", line, col: 1 });
  }
  toks.push({ type: "eof", value: "", line, col: i - lineStart + 1 });
  return toks;
}

/** Ints are JS numbers while exact, bigints beyond. */
export function normalizeInt(v: bigint): number | bigint {
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}
