/** Route-handler glue: authorize by role, parse with zod, map domain errors to clear HTTP answers. */
import { NextResponse } from "next/server";
import { z, ZodError } from "zod";
import type { Role } from "../db/generated/enums";
import { UserError, type SessionUser } from "../db/users";
import { ImportRefused } from "../importers/problems";
import { currentUser, sessionClaims, type SessionClaims } from "./auth";

export function jsonError(status: number, message: string, details?: unknown) {
  return NextResponse.json({ error: message, ...(details ? { details } : {}) }, { status });
}

type Handler<C> = (req: Request, ctx: C & { user: SessionUser }) => Promise<Response>;
type SessionHandler<C> = (req: Request, ctx: C & { session: SessionClaims }) => Promise<Response>;

/** Maps what a handler throws to a clear answer: 400 for invalid input, the domain's own status, else 500. */
async function answering(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ZodError) return jsonError(400, "The request is not valid.", z.flattenError(e));
    if (e instanceof UserError) return jsonError(e.status, e.message);
    if (e instanceof ImportRefused) return NextResponse.json({ ok: false, message: e.message, problems: e.problems, truncated: false }, { status: 422 });
    console.error(e);
    return jsonError(500, "Something went wrong on the server. Nothing was changed.");
  }
}

export function withRole<C extends object>(role: Role | "ANY", handler: Handler<C>) {
  return (req: Request, ctx: C): Promise<Response> =>
    answering(async () => {
      const user = await currentUser();
      if (!user) return jsonError(401, "Sign in first.");
      if (role !== "ANY" && user.role !== role) return jsonError(403, "You do not have access to this.");
      return handler(req, { ...ctx, user });
    });
}

/**
 * For the judging hot path only: the handler gets the session token's claims, and must pass them
 * to a lib/db call that checks the account in the same statement as its work (one round trip
 * instead of two; a deactivated or signed-out account is still refused at once, with 401).
 */
export function withSession<C extends object>(role: Role, handler: SessionHandler<C>) {
  return (req: Request, ctx: C): Promise<Response> =>
    answering(async () => {
      const session = await sessionClaims();
      if (!session) return jsonError(401, "Sign in first.");
      if (session.role !== role) return jsonError(403, "You do not have access to this.");
      return handler(req, { ...ctx, session });
    });
}

/** Reads a JSON body of bounded size and parses it with the schema. */
export async function parseBody<T extends z.ZodType>(req: Request, schema: T, maxBytes = 64 * 1024): Promise<z.infer<T>> {
  const text = await req.text();
  if (text.length > maxBytes) throw new UserError(`The request body is larger than ${maxBytes} bytes.`, 413);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UserError("The request body is not valid JSON.", 400);
  }
  return schema.parse(data);
}
