/**
 * Which requests pause the admin processes (decision 017, lib/offload/gate.ts): only experts' judging calls — a
 * judging route (`/api/judge/…`) with a valid session of a role that judges. Anything else (the health check, pages,
 * sign-in, anonymous traffic of any kind) used to pause them too: ~18 health checks a second stretched the quality
 * page from 11.5 s to 261 s (issue 48 item 6). The session is decoded with the judging calls' own decoder, whose
 * cache makes the check a map lookup for every call after an expert's first.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { mayJudge } from "../permissions";
import { claimsOfToken, sessionTokenOf } from "./session";

const JUDGING_PATH = /^\/api\/judge\//;

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
