/**
 * What the front server enforces before any handler runs (pure, so it is tested directly): the largest
 * body each path may send, whatever its framing (Content-Length or chunked), and the client's address.
 */
import { isIP } from "node:net";

/** JSON API bodies stay well under this; route handlers apply their own, smaller limits. */
export const API_BODY_CAP = 2 * 1024 * 1024;
/** Sign-in and the other next-auth callbacks: a form of a few fields. */
export const AUTH_BODY_CAP = 16 * 1024;
/** A judges' verdict file (JSONL, UTF-8 bytes), the upload's own limit. */
export const JUDGE_FILE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The upload's JSON body: the file inside a string escapes each quote, and a verdict line is mostly quoted keys and
 * values, so a file at its limit nearly doubles (a 1.9 MB file was refused at 2 MiB).
 */
export const JUDGE_BODY_CAP = 2 * JUDGE_FILE_MAX_BYTES + 64 * 1024;

export function bodyCap(method: string | undefined, pathname: string, importMaxBytes: number): number {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return 0;
  if (pathname.startsWith("/api/auth/")) return AUTH_BODY_CAP;
  // A multipart upload of a bundle: the bundle limit plus room for the form's own framing.
  if (pathname === "/api/admin/datasets") return importMaxBytes + 1024 * 1024;
  if (pathname === "/api/admin/judges") return JUDGE_BODY_CAP;
  return API_BODY_CAP;
}

/**
 * The client's address: the socket's peer, unless `trustProxy` proxies in front of the app each append the
 * address they saw to X-Forwarded-For; then it is the entry that many places from the right (entries left of
 * it are whatever the client chose to send).
 */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: number,
): string | null {
  const chain = [
    ...(Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    ...(socketAddress ? [socketAddress] : []),
  ];
  const pick = chain[chain.length - 1 - Math.min(trustProxy, chain.length - 1)];
  if (!pick) return null;
  const bare = pick.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
  return isIP(bare) ? bare : null;
}

/** The header the front server sets (and overwrites when a client sends it) for the handlers to read. */
export const CLIENT_ADDRESS_HEADER = "x-tripjudge-client-address";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: why a state-changing request from another site (another origin, another port of the same
 * host included) is refused, or null when it may proceed. Browsers say where a request comes from
 * (Sec-Fetch-Site, else Origin); a request that says neither does not come from a web page.
 */
export function crossSiteRefusal(
  method: string | undefined,
  header: (name: string) => string | null | undefined,
  appUrl?: string,
): string | null {
  if (!method || SAFE_METHODS.has(method)) return null;
  // Sec-Fetch-Site is written by the browser, never by a page: when present it settles the question (and
  // keeps working behind a proxy that rewrites Host). Older browsers send only Origin.
  const site = header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none" ? null : `A ${site} request may not change anything here.`;
  const origin = header("origin");
  if (!origin) return null;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return "A request from an opaque origin may not change anything here.";
  }
  const own = [header("host"), appUrl ? new URL(appUrl).host : null].filter(Boolean);
  return own.includes(host) ? null : `A request from ${origin} may not change anything here.`;
}
