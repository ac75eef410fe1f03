/**
 * A failure as it crosses from an admin-computation thread to the web server: structured clone keeps only an
 * error's message, so what lib/platform/http/answers.ts decides by (an AppError's code and extra, a database outage or
 * deadlock found anywhere in the chain) is carried explicitly and rebuilt on the other side.
 */
import { AppError, ERROR_STATUS, type ErrorCode } from "../../kernel";
import { databaseBusy, databaseUnreachable } from "../http/answers";

export interface TaskFailure {
  name: string;
  message: string;
  code?: string;
  extra?: Record<string, unknown>;
}

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: TaskFailure };

/** In the thread: what the web server needs to answer for `e` as if it had happened there. */
export function failureOf(e: unknown): TaskFailure {
  const err = (e ?? {}) as Error & { code?: unknown; extra?: Record<string, unknown> };
  if (e instanceof AppError)
    return { name: "AppError", message: e.message, code: e.code, ...(e.extra ? { extra: e.extra } : {}) };
  if (databaseBusy(e)) return { name: "DatabaseError", message: String(err.message), code: "40P01" };
  const unreachable = databaseUnreachable(e);
  if (unreachable) return { name: "DatabaseError", message: unreachable, code: "08006" };
  return {
    name: typeof err.name === "string" ? err.name : "Error",
    message: typeof err.message === "string" ? err.message : String(e),
  };
}

/** On the web server: the error again. */
export function rebuildError(f: TaskFailure): Error {
  if (f.name === "AppError" && f.code && f.code in ERROR_STATUS)
    return new AppError(f.code as ErrorCode, f.message, f.extra);
  return Object.assign(new Error(f.message), { name: f.name, ...(f.code ? { code: f.code } : {}) });
}
