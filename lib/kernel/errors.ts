/**
 * Every refusal the app gives, by code, and its HTTP status. Clients branch on `code` (stable), people
 * read `error` (the message). Thrown anywhere below the routes as AppError; lib/platform/http/answers.ts
 * turns it into `{ "error": message, "code": code }` with the status.
 */
export const ERROR_STATUS = {
  /** The input does not match the schema, or breaks a rule (details say which field, when known). */
  invalid_request: 400,
  invalid_json: 400,
  rationale_too_short: 400,
  /** An A or B verdict on a dataset with preference strength came without a strength (1–3). */
  strength_required: 400,
  /** A strength came with Neither, or on a dataset that does not ask for one. */
  strength_not_asked: 400,
  /** The dataset asks per-dimension verdicts and one of its dimensions came unanswered. */
  dimensions_required: 400,
  /** Dimension answers on a dataset that asks none. */
  dimensions_not_asked: 400,
  /** A dimension outside the dataset's set, an answer it does not allow, or a strength where none is asked (or missing). */
  dimensions_invalid: 400,
  malformed_address: 400,
  unauthenticated: 401,
  wrong_credentials: 401,
  forbidden: 403,
  deactivated: 403,
  /** The expert's standing (paused, qualifying, qualification failed) does not allow this now (decision 009). */
  not_active: 403,
  not_found: 404,
  /** The assignment is not this expert's (or does not exist). */
  not_assigned: 404,
  conflict: 409,
  already_exists: 409,
  /** A judgment's client request id was already used for another judgment. */
  request_reused: 409,
  /** The pair was skipped, released or reassigned by an admin: the judgment was not stored. */
  withdrawn: 409,
  /** The claim lapsed and its slot went to another expert: the judgment was not stored. */
  slot_taken: 409,
  /** The assignment is no longer claimed (submitted, skipped or released). */
  not_claimed: 409,
  /** An invite or a page link that was valid once and is no longer. */
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  nothing_changed: 422,
  import_refused: 422,
  /** A plan correction breaks a check its source passed (`regressions` says which and why): it was not saved. */
  correction_regressed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Marks every AppError, whichever copy of this module made it (below). */
const APP_ERROR = Symbol.for("tripjudge.AppError");

export class AppError extends Error {
  /** Seconds after which trying again may work (sent as Retry-After); `unavailable` refusals have one always. */
  readonly retryAfter?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** More for the client, merged into the answer's body (e.g. the newer version a save lost to). */
    readonly extra?: Record<string, unknown>,
    retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
    if (retryAfter !== undefined) this.retryAfter = retryAfter;
    (this as unknown as Record<symbol, true>)[APP_ERROR] = true;
  }

  /**
   * An AppError from another copy of this module is one too: the admin processes' pool is loaded by scripts/serve.ts
   * while the route handlers that catch its refusals use Next.js's bundled copy, where a plain `instanceof` failed
   * and the pool's "busy" (503) was answered 500 "internal" (issue 48 item 8). Subclasses keep the usual check.
   */
  static [Symbol.hasInstance](x: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, x);
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The body of every error answer. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}
