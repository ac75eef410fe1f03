/** Route-handler glue: authorize by role, parse with zod, map domain errors to clear HTTP answers. */
import type { z } from "zod";
import type { Role } from "../db/generated/enums";
import type { SessionUser } from "../db/users";
import { config } from "../config";
import { answerFor, bodyTooLarge, errorAnswer, parseJsonText, refuseNul, requireJson as requireJsonType, type Answer } from "./answers";
import { crossSiteRefusal } from "./guards";
import { currentUser } from "./auth";
import { ADMIN_FIGURES, forgetRecent } from "../cache";

/** An Answer as a Response. */
export function respond(a: Answer): Response {
  return new Response(a.body, { status: a.status, headers: { "content-type": "application/json", ...(a.retryAfter ? { "retry-after": String(a.retryAfter) } : {}) } });
}

export function jsonError(status: number, message: string, details?: unknown) {
  return respond(errorAnswer(status, message, details));
}

/** The 403 for a cross-site state change (CSRF), or null. */
export function crossSiteGuard(req: Request): Response | null {
  const cross = crossSiteRefusal(req.method, (n) => req.headers.get(n), config().NEXTAUTH_URL);
  return cross ? jsonError(403, cross) : null;
}

type Handler<C> = (req: Request, ctx: C & { user: SessionUser }) => Promise<Response>;

export function withRole<C extends object>(role: Role | "ANY", handler: Handler<C>) {
  return async (req: Request, ctx: C): Promise<Response> => {
    try {
      // The front server refuses these first; this covers `next dev` and any other server in front.
      const refused = crossSiteGuard(req);
      if (refused) return refused;
      refuseNul(req.url, "address");
      const user = await currentUser();
      if (!user) return jsonError(401, "Sign in first.");
      if (role !== "ANY" && user.role !== role) return jsonError(403, "You do not have access to this.");
      const answer = await handler(req, { ...ctx, user });
      if (user.role === "ADMIN" && req.method !== "GET" && req.method !== "HEAD") forgetRecent(ADMIN_FIGURES);
      return answer;
    } catch (e) {
      return respond(answerFor(e));
    }
  };
}

/** Reads a JSON body (a JSON content type only) of at most `maxBytes`, whatever its framing, and parses it with the schema. */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T, maxBytes = 64 * 1024): Promise<z.infer<T>> {
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
