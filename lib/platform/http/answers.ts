/**
 * HTTP answers without the framework: what an error becomes (status and JSON body), and a bounded
 * JSON body parsed with its zod schema. Shared by the Next.js glue (api.ts) and the judging fast path.
 */
import { z, ZodError } from "zod";
import { AppError, ERROR_STATUS, type ErrorBody, type ErrorCode } from "../../kernel";

export interface Answer {
  status: number;
  /** JSON text. */
  body: string;
  /** Seconds after which a retry may succeed (503 while the database is unreachable). */
  retryAfter?: number;
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOENT",
  "ETIMEDOUT",
  "EPIPE",
  "P1001",
  "P1002",
  "P1017",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);
const UNREACHABLE_TEXT =
  /Can't reach database server|Connection terminated|connect ECONNREFUSED|connect ENOENT|the database system is (starting up|shutting down|in recovery mode)|not yet accepting connections|terminating connection due to administrator command|Server has closed the connection/i;

type ErrorLike = {
  code?: unknown;
  errorCode?: unknown;
  originalCode?: unknown;
  message?: unknown;
  originalMessage?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/**
 * The first error in `e`'s chain for which `test` answers: the error itself, then what it wraps — pg's `cause`,
 * or Prisma's driver adapter, whose errors (P2010, P2039, …) carry PostgreSQL's own code as
 * `meta.driverAdapterError.cause.originalCode`.
 */
function inChain<T>(e: unknown, test: (err: ErrorLike, message: string) => T | null, depth = 0): T | null {
  const err = e as ErrorLike | null;
  if (!err || typeof err !== "object" || depth > 5) return null;
  const message =
    typeof err.message === "string" ? err.message : typeof err.originalMessage === "string" ? err.originalMessage : "";
  return (
    test(err, message) ?? inChain(err.meta?.driverAdapterError, test, depth + 1) ?? inChain(err.cause, test, depth + 1)
  );
}

const codesOf = (err: ErrorLike) =>
  [err.code, err.errorCode, err.originalCode].filter((c): c is string => typeof c === "string");

/** Errors that say the database cannot be reached (down, restarting, refusing connections), not that the request is wrong. */
export function databaseUnreachable(e: unknown): string | null {
  return inChain(e, (err, message) => {
    const code = codesOf(err).find((c) => UNREACHABLE_CODES.has(c));
    if (code) return `${code}: ${message.split("\n")[0]}`.trim();
    return UNREACHABLE_TEXT.test(message) ? (message.split("\n").find((l) => l.trim()) ?? message) : null;
  });
}

/** A deadlock or serialization failure (40P01, 40001), raw or wrapped by Prisma's driver adapter. */
export function databaseBusy(e: unknown): boolean {
  return inChain(e, (err) => (codesOf(err).some((c) => c === "40P01" || c === "40001") ? true : null)) === true;
}

/** The answer of a refusal: its code's status, `{ error, code, details? }` (lib/kernel/errors.ts). */
export function errorAnswer(code: ErrorCode, message: string, details?: unknown): Answer {
  const body: ErrorBody = { error: message, code, ...(details ? { details } : {}) };
  return { status: ERROR_STATUS[code], body: JSON.stringify(body) };
}

/**
 * zod's issues by field, as z.flattenError groups them (`formErrors`, `fieldErrors`) but with each field named by its
 * whole path: a nested body's problem is `settings.alpha`, not all of them `settings` (a flat body's are the same).
 */
export function issuesByField(e: ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const i of e.issues) {
    if (!i.path.length) formErrors.push(i.message);
    else (fieldErrors[i.path.map(String).join(".")] ??= []).push(i.message);
  }
  return { formErrors, fieldErrors };
}

/** The 400 of input that does not fit: its first problem in the sentence, field by field in `details`. */
export function invalidRequest(e: ZodError): Answer {
  const [first] = e.issues;
  const where = first?.path.length ? `${first.path.map(String).join(".")}: ` : "";
  const more = e.issues.length > 1 ? ` (and ${e.issues.length - 1} more, in details)` : "";
  const text = first ? `: ${where}${first.message.replace(/\.$/, "")}${more}` : "";
  return errorAnswer("invalid_request", `The request is not valid${text}.`, issuesByField(e));
}

/** 400 for invalid input, the domain's own status for its refusals, 500 (logged) for anything else. */
export function answerFor(e: unknown): Answer {
  if (e instanceof ZodError) return invalidRequest(e);
  if (e instanceof AppError) {
    // A refusal for now (busy, a process restarting) says when to try again.
    const retry = e.retryAfter ?? (e.code === "unavailable" ? 5 : undefined);
    const answer = e.extra
      ? { status: ERROR_STATUS[e.code], body: JSON.stringify({ ...e.extra, error: e.message, code: e.code }) }
      : errorAnswer(e.code, e.message);
    return retry ? { ...answer, retryAfter: retry } : answer;
  }
  // Two transactions waited for each other (or a serializable one lost): nothing was changed; trying again works.
  if (databaseBusy(e))
    return {
      ...errorAnswer("unavailable", "The database was busy with a conflicting change. Nothing was changed; try again."),
      retryAfter: 1,
    };
  if (databaseUnreachable(e)) {
    console.error(`database unreachable: ${databaseUnreachable(e)}`);
    return {
      ...errorAnswer(
        "unavailable",
        "The database cannot be reached right now. Nothing was changed; try again in a few seconds.",
      ),
      retryAfter: 5,
    };
  }
  console.error(e);
  return errorAnswer("internal", "Something went wrong on the server. Nothing was changed.");
}

/** The refusal of a body over the limit (413). */
export function bodyTooLarge(maxBytes: number): AppError {
  return new AppError("too_large", `The request body is larger than ${maxBytes} bytes.`);
}

/** Refuses a body that does not say it is JSON (a cross-site form can only send form and text types): 415. */
export function requireJson(contentType: string | null | undefined) {
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ""))
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
}

/** NUL characters: JSON and URLs can carry them, PostgreSQL's text cannot; refused up front (400), never a 500. */
export function refuseNul(text: string, where: "body" | "address") {
  if (
    where === "body" ? /\\u0000/i.test(text) || text.includes("\u0000") : /%00/.test(text) || text.includes("\u0000")
  ) {
    throw new AppError("invalid_request", `NUL characters are not accepted in the request ${where}.`);
  }
}

/** Parses a JSON body of bounded size with the schema. */
export function parseJsonText<T extends z.ZodType>(text: string, schema: T, maxBytes = 64 * 1024): z.infer<T> {
  if (text.length > maxBytes) throw bodyTooLarge(maxBytes);
  refuseNul(text, "body");
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON.");
  }
  return schema.parse(data);
}
