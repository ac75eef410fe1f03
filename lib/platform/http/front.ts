/**
 * The front server's checks, before the fast path or Next.js see a request (scripts/serve.ts): the client's
 * address (set in a header the handlers trust, overwriting one a client sent), cross-site state changes
 * refused, malformed addresses refused, and bodies cut off at their path's cap whatever their framing, so that no reader behind it —
 * next-auth's callbacks included — can be made to hold more.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ERROR_STATUS, type ErrorCode } from "../../kernel";
import { bodyCap, clientAddressOf, CLIENT_ADDRESS_HEADER, crossSiteRefusal } from "./guards";

export interface FrontOptions {
  headers: Record<string, string>;
  importMaxBytes: number;
  trustProxy: number;
  appUrl?: string;
}

function refuse(res: ServerResponse, o: FrontOptions, code: ErrorCode, message: string, close: boolean) {
  const body = JSON.stringify({ error: message, code });
  res.writeHead(ERROR_STATUS[code], {
    ...o.headers,
    ...(close ? { connection: "close" } : {}),
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

function declaredLength(req: IncomingMessage): number {
  return Number(req.headers["content-length"] ?? 0);
}

function wellEscaped(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

/** true when the request was answered here (refused); false lets it go on. */
export function frontGuard(req: IncomingMessage, res: ServerResponse, o: FrontOptions): boolean {
  const address = clientAddressOf(req.socket.remoteAddress, req.headers["x-forwarded-for"], o.trustProxy);
  if (address) req.headers[CLIENT_ADDRESS_HEADER] = address;
  else delete req.headers[CLIENT_ADDRESS_HEADER];
  const header = (n: string) => {
    const v = req.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  const cross = crossSiteRefusal(req.method, header, o.appUrl);
  if (cross) {
    refuse(res, o, "forbidden", cross, !!req.headers["transfer-encoding"] || declaredLength(req) > 0);
    return true;
  }
  const path = (req.url ?? "/").split("?")[0];
  // Next.js answers a malformed %-escape in the path with a bare 500; every server here says what is wrong.
  if (!wellEscaped(path)) {
    refuse(
      res,
      o,
      "malformed_address",
      "The address is not valid: it has a malformed %-escape.",
      !!req.headers["transfer-encoding"] || declaredLength(req) > 0,
    );
    return true;
  }
  const cap = bodyCap(req.method, path, o.importMaxBytes);
  const tooLarge = `The request body is larger than ${cap} bytes.`;
  const declared = declaredLength(req);
  if (declared > cap) {
    refuse(res, o, "too_large", tooLarge, true);
    return true;
  }
  // An answer given before the body was read (a 401 or 405 from a handler that never looks at it): close the
  // connection with it rather than let the server read and discard the rest (up to the cap) to keep it alive.
  if (req.headers["transfer-encoding"] || declared > 0) closeIfBodyUnread(req, res);
  // A Content-Length body is bounded by it (checked above); a chunked one is not.
  if (req.headers["transfer-encoding"]) {
    // Chunked: count what arrives on the socket while this request is open (headers and framing included,
    // hence the allowance) and cut the connection past the cap.
    // The socket is held here: once the response is done, req.socket may already be gone (null).
    const socket = req.socket;
    let seen = 0;
    const allowance = 64 * 1024;
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= cap + allowance) return;
      socket.off("data", onData);
      if (!res.headersSent)
        res.writeHead(413, { ...o.headers, connection: "close", "content-type": "application/json" });
      res.end(JSON.stringify({ error: tooLarge, code: "too_large" }), () => socket.destroy());
      setTimeout(() => socket.destroy(), 1000).unref();
    };
    socket.on("data", onData);
    const done = () => socket.off("data", onData);
    res.once("finish", done);
    res.once("close", done);
  }
  return false;
}

/** Adds `Connection: close` to the answer when it starts before the request's body was read to its end. */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete && !this.headersSent) {
      this.setHeader("connection", "close");
      // Stop reading: the socket ends once the answer is out.
      req.pause();
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
