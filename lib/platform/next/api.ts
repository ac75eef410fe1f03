/** Route-handler glue: authorize by role, parse with zod, map domain errors to clear HTTP answers. */
import { z } from "zod";
import type { SessionUser } from "../../accounts/store";
import { config, type ErrorCode, ADMIN_FIGURES, forgetRecent } from "../../kernel";
import {
  answerFor,
  bodyTooLarge,
  errorAnswer,
  parseJsonText,
  refuseNul,
  requireJson as requireJsonType,
  type Answer,
} from "../http/answers";
import { crossSiteRefusal } from "../http/guards";
import { currentUser } from "./auth";
import { mayCall, type Role } from "../../accounts";
import { db } from "../db/client";
import { forgetStoredFigures } from "../db/figures";

/** An Answer as a Response. */
export function respond(a: Answer): Response {
  return new Response(a.body, {
    status: a.status,
    headers: { "content-type": "application/json", ...(a.retryAfter ? { "retry-after": String(a.retryAfter) } : {}) },
  });
}

export function jsonError(code: ErrorCode, message: string, details?: unknown) {
  return respond(errorAnswer(code, message, details));
}

/** The 403 for a cross-site state change (CSRF), or null. */
export function crossSiteGuard(req: Request): Response | null {
  const cross = crossSiteRefusal(req.method, (n) => req.headers.get(n), config().NEXTAUTH_URL);
  return cross ? jsonError("forbidden", cross) : null;
}

/** What a handler gets besides the request: who is asking, and the route's parameters as its schema parsed them. */
export interface Caller<P> {
  user: SessionUser;
  params: P;
}

/** Next.js's second argument of a route handler (its dynamic segments). */
interface RouteContext {
  params?: Promise<unknown>;
}

/** An id in a route's path. */
export const idParam = z.string().min(1).max(64);
/** The parameters of a route whose one dynamic segment is `[id]`. */
export const idParams = z.object({ id: idParam });
/** A job's route: job ids are UUIDs (pg-boss's). */
export const jobParams = z.object({ id: z.uuid() });

/** Who a route answers: one role, any of a list (the review routes: REVIEW_ROLES), or every signed-in account. */
export type RouteRole = Role | readonly Role[] | "ANY";

/**
 * A route handler that answers only `role` (or any signed-in user): it refuses cross-site state changes,
 * parses the route's parameters with `params` (400 with the fields when they do not fit), turns every
 * error into its answer (lib/kernel/errors.ts), and after an admin's change forgets the admin pages' shared figures (a
 * reviewer's rejection moves the figures' data version as a submit does: decision 014).
 */
export function withRole(
  role: RouteRole,
  handler: (req: Request, caller: Caller<Record<string, never>>) => Promise<Response>,
): (req: Request, ctx: RouteContext) => Promise<Response>;
export function withRole<S extends z.ZodType>(
  role: RouteRole,
  route: { params: S },
  handler: (req: Request, caller: Caller<z.infer<S>>) => Promise<Response>,
): (req: Request, ctx: RouteContext) => Promise<Response>;
export function withRole(
  role: RouteRole,
  routeOrHandler: { params: z.ZodType } | ((req: Request, caller: Caller<never>) => Promise<Response>),
  maybeHandler?: (req: Request, caller: Caller<never>) => Promise<Response>,
) {
  const schema = typeof routeOrHandler === "function" ? null : routeOrHandler.params;
  const handler = (typeof routeOrHandler === "function" ? routeOrHandler : maybeHandler!) as (
    req: Request,
    caller: Caller<unknown>,
  ) => Promise<Response>;
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    try {
      // The front server refuses these first; this covers any other server in front.
      const refused = crossSiteGuard(req);
      if (refused) return refused;
      refuseNul(req.url, "address");
      const user = await currentUser();
      if (!user) return jsonError("unauthenticated", "Sign in first.");
      if (!mayCall(user, role)) return jsonError("forbidden", "You do not have access to this.");
      const params = schema ? schema.parse(await ctx.params) : {};
      const answer = await handler(req, { user, params });
      if (user.role === "ADMIN" && req.method !== "GET" && req.method !== "HEAD") {
        forgetRecent(ADMIN_FIGURES);
        // The change is made: a failure to forget (the database gone since) must not answer it as failed.
        await forgetStoredFigures(db()).catch((e) =>
          console.error(`stored figures not forgotten: ${(e as Error).message}`),
        );
      }
      return answer;
    } catch (e) {
      return respond(answerFor(e));
    }
  };
}

/**
 * A route answered by one of the framework-free judging calls (lib/judging/http/judging-api.ts), which read the
 * raw body themselves: cross-site refusal, the body read up to `maxBytes`, then the call's answer.
 */
export async function answerWithBody(
  req: Request,
  maxBytes: number,
  call: (body: string) => Promise<Answer>,
): Promise<Response> {
  const refused = crossSiteGuard(req);
  if (refused) return refused;
  let body: string;
  try {
    body = await readText(req, maxBytes);
  } catch (e) {
    return respond(answerFor(e));
  }
  return respond(await call(body));
}

/** Reads a JSON body (a JSON content type only) of at most `maxBytes`, whatever its framing, and parses it with the schema. */
export async function parseBody<T extends z.ZodType>(
  req: Request,
  schema: T,
  maxBytes = 64 * 1024,
): Promise<z.infer<T>> {
  requireJsonType(req.headers.get("content-type"));
  return parseJsonText(await readText(req, maxBytes), schema, maxBytes);
}

/** The body as text, reading no more than `maxBytes` (413 past it). */
export async function readText(req: Request, maxBytes: number): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw bodyTooLarge(maxBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
