/** Python exceptions as the DSL raises them: a Python type name, a message, and where (1-based line and column). */
export class PyError extends Error {
  line: number | null;
  column: number | null;
  hint: string | null;
  constructor(
    public type: string,
    message: string,
    line: number | null = null,
    column: number | null = null,
    hint: string | null = null,
  ) {
    super(message);
    this.line = line;
    this.column = column;
    this.hint = hint;
  }
  at(line: number, column: number): this {
    if (this.line === null) {
      this.line = line;
      this.column = column;
    }
    return this;
  }
}

export const syntaxError = (message: string, line: number, column: number, hint: string | null = null) =>
  new PyError("SyntaxError", message, line, column, hint);

/** Raised when a snippet exceeds its step, time, size or nesting budget — not a Python exception; the constraint fails. */
export class LimitError extends PyError {
  constructor(message: string) {
    super("LimitExceeded", message);
  }
}
