/**
 * The client's one way to call the app's API: JSON in and out, `res.ok` always checked, and an error
 * answer (lib/kernel/errors.ts: `{ error, code, … }`) turned into an ApiError whose message is the server's
 * sentence for people and whose `code` is for the code to branch on.
 */
import type { ErrorCode } from "@/lib/kernel/browser";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's code; "network" when the request never got an answer. */
    readonly code: ErrorCode | "network",
    /** The whole error body (e.g. `latest` when a constraint save lost to a newer version). */
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as the JSON body. */
  json?: unknown;
  /** Sent as is (a multipart upload). */
  body?: BodyInit;
  signal?: AbortSignal;
}

/** Calls the API and returns its JSON answer; throws ApiError for any answer that is not ok, and when offline. */
export async function api<T>(url: string, o: CallOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: o.method ?? (o.json !== undefined || o.body !== undefined ? "POST" : "GET"),
      headers: o.json !== undefined ? { "content-type": "application/json" } : undefined,
      body: o.json !== undefined ? JSON.stringify(o.json) : o.body,
      signal: o.signal,
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new ApiError("The server cannot be reached. Check the connection and try again.", 0, "network", {});
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new ApiError(
      typeof body.error === "string" ? body.error : `The server answered ${res.status}.`,
      res.status,
      (body.code as ErrorCode) ?? "internal",
      body,
    );
  return body as T;
}

/** The server's sentence with each field's problem after it (a 400's `details.fieldErrors`), for a download's error. */
export function errorMessage(body: Record<string, unknown>, status: number): string {
  const base = typeof body.error === "string" ? body.error : `The server answered ${status}.`;
  const fields = (body.details as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors;
  const parts = Object.entries(fields ?? {}).flatMap(([k, ms]) => (ms ?? []).map((m) => `${k}: ${m}`));
  return parts.length ? `${base} ${parts.join("; ")}.` : base;
}
