/**
 * Which requests pause the admin processes (decision 017, lib/platform/offload/gate.ts): only experts' judging calls — a
 * judging route (`/api/judge/…`) with a valid session of a role that judges. Anything else (the health check, pages,
 * sign-in, anonymous traffic of any kind) used to pause them too: ~18 health checks a second stretched the quality
 * page from 11.5 s to 261 s (issue 48 item 6). The session is decoded with the judging calls' own decoder, whose
 * cache makes the check a map lookup for every call after an expert's first. An admin's calls (the admin pages and
 * their API, with a valid admin session) go through the gate's door instead (decision 015): while experts judge they
 * are let in one at a time and charged to the admin processes' ration, since the web server's own work for them runs
 * beside the judging calls.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AdminCall } from "../../platform/offload";
import { mayJudge } from "../../accounts";
import { claimsOfToken, sessionTokenOf } from "../../platform/http";

const JUDGING_PATH = /^\/api\/judge\//;
const ADMIN_PATH = /^\/(api\/)?admin(\/|\?|$)/;

/** Whether this request is an expert's judging call (and so should pause the admin processes). */
export async function isExpertJudgingCall(url: string, cookieHeader: string | undefined): Promise<boolean> {
  if (!JUDGING_PATH.test(url)) return false;
  const claims = await claimsOfToken(sessionTokenOf(cookieHeader));
  return claims !== null && mayJudge(claims);
}

/**
 * Pauses the admin processes (`gate`) for as long as `res` is in flight when `req` is an expert's judging call.
 * The check is asynchronous (a first token's decoding): a call that ended meanwhile pauses nothing.
 */
export function pauseForJudging(
  gate: { enter(): void; leave(): void },
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const url = req.url ?? "/";
  if (!JUDGING_PATH.test(url)) return;
  let closed = false;
  res.once("close", () => (closed = true));
  isExpertJudgingCall(url, req.headers.cookie).then(
    (judging) => {
      if (!judging || closed) return;
      gate.enter();
      res.once("close", gate.leave);
    },
    () => {}, // an undecodable session pauses nothing; the call itself answers it
  );
}

/** Whether this request is an admin's call: an admin page or the admin API, with a valid admin session. */
export async function isAdminCall(url: string, cookieHeader: string | undefined): Promise<boolean> {
  if (!ADMIN_PATH.test(url)) return false;
  const claims = await claimsOfToken(sessionTokenOf(cookieHeader));
  return claims?.role === "ADMIN";
}

/**
 * Hands `req` to `handle`: an admin's call once the gate's door lets it in (its admission ends when its answer does, or
 * its client leaves), anything else at once. A client that left while waiting at the door is not handled.
 */
export function throughAdminDoor(
  gate: { admit(): Promise<AdminCall> },
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => void,
): void {
  const url = req.url ?? "/";
  if (!ADMIN_PATH.test(url)) return handle();
  let closed = false;
  res.once("close", () => (closed = true));
  isAdminCall(url, req.headers.cookie).then(
    async (admin) => {
      if (!admin) return handle();
      const call = await gate.admit();
      if (closed) return call.done();
      res.once("close", call.done);
      handle();
    },
    () => handle(), // an undecodable session waits for nothing; the route answers it
  );
}
