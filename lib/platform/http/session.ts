/**
 * Session tokens without the framework: next-auth's session cookie decoded with next-auth's own
 * decoder (which rejects expired or tampered tokens). Used by Next.js route handlers through
 * auth.ts and by the judging fast path in scripts/serve.ts.
 */
import { processCache, config } from "../../kernel";
import { decode, type JWT } from "next-auth/jwt";
import type { Role } from "../../accounts";

/** What a session token says: who, which role, which session version. Not yet checked against the account. */
export interface SessionClaims {
  userId: string;
  role: Role;
  sessionVersion: number;
}

/**
 * The one session cookie name next-auth's configuration uses: the `__Secure-` name when the app is served
 * over https (next-auth's useSecureCookies), the plain one otherwise. Only that name is read, so a cookie
 * tossed in under the other name from a sibling subdomain is no session.
 */
export function sessionCookieName(appUrl = config().NEXTAUTH_URL): string {
  return appUrl?.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

// Decoding a token (key derivation + decryption) costs more than the rest of a judging request;
// the same token always decodes to the same claims, so each process keeps recent ones until they expire.
const DECODED_MAX = 10_000;
const decoded = processCache("session-tokens", () => new Map<string, SessionClaims & { exp: number }>());

async function decodeClaims(raw: string): Promise<(SessionClaims & { exp: number }) | null> {
  let token: JWT | null = null;
  try {
    token = await decode({ token: raw, secret: config().NEXTAUTH_SECRET ?? "" });
  } catch {
    return null; // expired, tampered with, or signed with another secret
  }
  if (!token || typeof token.uid !== "string" || typeof token.sv !== "number" || typeof token.exp !== "number")
    return null;
  return { userId: token.uid, role: token.role as Role, sessionVersion: token.sv, exp: token.exp };
}

/** The claims of a raw session token, or null when it is not valid (now). */
export async function claimsOfToken(raw: string | undefined): Promise<SessionClaims | null> {
  if (!raw) return null;
  let claims = decoded.get(raw) ?? null;
  if (!claims) {
    claims = await decodeClaims(raw);
    if (claims) {
      if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value as string);
      decoded.set(raw, claims);
    }
  }
  if (!claims || claims.exp * 1000 <= Date.now()) return null;
  return { userId: claims.userId, role: claims.role, sessionVersion: claims.sessionVersion };
}

/** The session token in a Cookie header, if any. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName();
  let token: string | undefined;
  let seen = 0;
  for (const part of cookieHeader.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      // Two session cookies (one planted for another path or domain): readers could disagree on which is the
      // session, so there is none.
      if (++seen > 1) return undefined;
      try {
        token = decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined; // not a token next-auth wrote: no session
      }
    }
  }
  return token;
}
