/**
 * Import problems: every one is reported with its file, record (line of a JSONL file, or
 * element of a JSON array) and JSON path — all of them at once, not only the first.
 */
import type { z } from "zod";
import { AppError } from "../../kernel";

export interface ImportProblem {
  file: string;
  /** 1-based line in JSONL files, 1-based element in JSON arrays; null for whole-file problems. */
  record: number | null;
  path: string;
  message: string;
}

export function formatProblem(p: ImportProblem): string {
  return `${p.file}${p.record !== null ? `:${p.record}` : ""} ${p.path}: ${p.message}`;
}

/** "$.dayInfos[2].scheduleDetail[0].period" from a zod issue path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (s, k) =>
      typeof k === "number"
        ? `${s}[${k}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(k))
          ? `${s}.${String(k)}`
          : `${s}[${JSON.stringify(String(k))}]`,
    "$",
  );
}

export class Problems {
  readonly list: ImportProblem[] = [];
  /** All problems found, listed or not. */
  count = 0;
  /** Stops listing after this many (and only counts the rest), so a thoroughly broken file cannot exhaust memory. */
  constructor(readonly limit = 1000) {}

  add(file: string, record: number | null, path: string, message: string) {
    this.count++;
    if (this.list.length < this.limit) this.list.push({ file, record, path, message });
  }

  /** Problems found beyond the listed ones. */
  get more() {
    return this.count - this.list.length;
  }

  fromZod(file: string, record: number | null, error: z.ZodError, prefix: readonly PropertyKey[] = []) {
    for (const issue of error.issues) {
      // zod says "Invalid input" (a union) or "…, received undefined" for a field that is not there at all.
      const expected = missingField(issue);
      this.add(
        file,
        record,
        jsonPath([...prefix, ...issue.path]),
        expected ? `missing: a required field (${expected})` : issue.message,
      );
    }
  }

  get ok() {
    return this.list.length === 0;
  }

  get truncated() {
    return this.count > this.list.length;
  }
}

/** A refused import as every caller reports it: the API's 422 body, an import job's result, the import panel. */
export interface RefusedImport {
  ok: false;
  message: string;
  problems: ImportProblem[];
  /** Problems beyond the listed ones were only counted (`more` of them). */
  truncated: boolean;
  more: number;
}

/** The one place a refused import is built. */
export function refusedImport(
  message: string,
  problems: ImportProblem[] = [],
  truncated = false,
  more = 0,
): RefusedImport {
  return { ok: false, message, problems, truncated, more };
}

/** A bundle refused for its records' problems: all of them counted, the first `limit` listed. */
export function refusedFor(problems: Problems): RefusedImport {
  const n = problems.count;
  return refusedImport(
    `The bundle has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`,
    problems.list,
    problems.truncated,
    problems.more,
  );
}

/** A bundle that cannot be imported at all (unreadable, over the limit): 422 with the refused import as its body. */
export class ImportRefused extends AppError {
  readonly outcome: RefusedImport;
  constructor(
    message: string,
    readonly problems: ImportProblem[] = [],
  ) {
    const outcome = refusedImport(message, problems);
    super("import_refused", message, { ...outcome });
    this.name = "ImportRefused";
    this.outcome = outcome;
  }
}

/** The type a missing field should have had ("string", "string | number"), or null when the issue is another. */
function missingField(issue: z.core.$ZodIssue): string | null {
  if (issue.code === "invalid_type") return /received undefined$/.test(issue.message) ? issue.expected : null;
  if (issue.code !== "invalid_union" || !issue.errors.length) return null;
  const branches = issue.errors.map((b) => (b.length === 1 && b[0].path.length === 0 ? missingField(b[0]) : null));
  return branches.every((b) => b !== null) ? [...new Set(branches)].join(" | ") : null;
}
