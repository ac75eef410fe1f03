/**
 * The production server's fast path for the judging API's two hot calls (POST /api/judge/next,
 * POST /api/judge/<assignment>/submit). They run the same functions as their Next.js route
 * handlers (judging-api.ts) but straight from node:http: on this project's 2-core reference machine
 * a Next.js route handler costs about 1 ms of CPU per request before any of its own work, as much
 * as the claim itself, and experts judging at full speed make hundreds of these calls a second.
 * Everything else goes to Next.js.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerFor, bodyTooLarge, type Answer } from "../../platform/http";
import { assignmentParam, nextPairCall, submitCall, SUBMIT_MAX_BYTES } from "./judging-api";

const SUBMIT_PATH = /^\/api\/judge\/([^/?#]+)\/submit$/;

/** Reads a body of at most `max` bytes; null when it is larger (the rest is not read, and the answer closes the connection). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > max) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
      else {
        req.pause();
        resolve(null);
      }
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The hot call this request is, as a function that answers it; null for everything else. */
function route(req: IncomingMessage): (() => Promise<Answer>) | null {
  const url = req.url ?? "";
  if (!url.startsWith("/api/judge/")) return null;
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  const cookie = req.headers.cookie ?? null;
  if (path === "/api/judge/next" && req.method === "POST")
    return () => nextPairCall(cookie, new URLSearchParams(q < 0 ? "" : url.slice(q + 1)));
  const submit = req.method === "POST" ? SUBMIT_PATH.exec(path) : null;
  if (!submit) return null;
  return async () => {
    const body = await readBody(req, SUBMIT_MAX_BYTES);
    if (body === null) return answerFor(bodyTooLarge(SUBMIT_MAX_BYTES));
    return submitCall(cookie, assignmentParam(submit[1]), body, req.headers["content-type"]);
  };
}

/**
 * Answers the request if it is one of the hot calls and returns true; false leaves it to Next.js.
 * `headers` are added to every answer (the app's security headers from next.config.js).
 */
export function judgingFastPath(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean {
  const call = route(req);
  if (!call) return false;
  call().then(
    (a) => {
      // After a refused oversized body the rest of it is unread: end the connection with the answer.
      const close = a.status === 413 ? { connection: "close" } : {};
      const retry = a.retryAfter ? { "retry-after": String(a.retryAfter) } : {};
      res.writeHead(a.status, {
        ...headers,
        ...close,
        ...retry,
        "content-type": "application/json",
        "cache-control": "private, no-store",
        "content-length": Buffer.byteLength(a.body),
      });
      res.end(a.body);
    },
    (e: unknown) => {
      console.error(e);
      if (!res.headersSent) res.writeHead(500, { ...headers, "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Something went wrong on the server. Nothing was changed.", code: "internal" }));
    },
  );
  return true;
}
