/** Route-handler glue: authorize by role, parse with zod, map domain errors to clear HTTP answers. */
import type { z } from "zod";
import type { Role } from "../db/generated/enums";
import type { SessionUser } from "../db/users";
import { answerFor, bodyTooLarge, errorAnswer, parseJsonText, type Answer } from "./answers";
import { currentUser } from "./auth";

/** An Answer as a Response. */
export function respond(a: Answer): Response {
  return new Response(a.body, { status: a.status, headers: { "content-type": "application/json" } });
}

export function jsonError(status: number, message: string, details?: unknown) {
  return respond(errorAnswer(status, message, details));
}

type Handler<C> = (req: Request, ctx: C & { user: SessionUser }) => Promise<Response>;

export function withRole<C extends object>(role: Role | "ANY", handler: Handler<C>) {
  return async (req: Request, ctx: C): Promise<Response> => {
    try {
      const user = await currentUser();
      if (!user) return jsonError(401, "Sign in first.");
      if (role !== "ANY" && user.role !== role) return jsonError(403, "You do not have access to this.");
      return await handler(req, { ...ctx, user });
    } catch (e) {
      return respond(answerFor(e));
    }
  };
}

/** Reads a JSON body of bounded size and parses it with the schema. */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T, maxBytes = 64 * 1024): Promise<z.infer<T>> {
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw bodyTooLarge(maxBytes);
  return parseJsonText(await req.text(), schema, maxBytes);
}
