/** next-auth wiring: email + password sign-in, JWT sessions re-checked against the account on every request. */
import type { NextAuthOptions } from "next-auth";
import { decode, type JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import { redirect } from "next/navigation";
import { z } from "zod";
import { config } from "../config";
import { db } from "../db/client";
import type { Role } from "../db/generated/enums";
import { sessionUser, UserError, verifySignIn, type SessionUser } from "../db/users";

const signInInput = z.object({
  email: z.string().trim().email().max(320),
  password: z.string().min(1).max(1000),
});

function clientAddress(headers: unknown): string | null {
  const h = (headers ?? {}) as Record<string, string | string[] | undefined>;
  const fwd = h["x-forwarded-for"];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(",")[0]?.trim();
  return first || (h["x-real-ip"] as string | undefined) || null;
}

export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: config().SESSION_MAX_AGE_HOURS * 3600 },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const parsed = signInInput.safeParse(credentials ?? {});
        if (!parsed.success) throw new Error("Enter a valid email address and your password.");
        try {
          const u = await verifySignIn(db(), parsed.data.email, parsed.data.password, clientAddress(req?.headers));
          return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion };
        } catch (e) {
          if (e instanceof UserError) throw new Error(e.message);
          console.error("sign-in failed:", e);
          throw new Error("Sign-in is unavailable right now. Try again shortly.");
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as unknown as SessionUser;
        token.uid = u.id;
        token.role = u.role;
        token.sv = u.sessionVersion;
      }
      return token;
    },
    session({ session, token }) {
      session.user = { ...session.user, id: token.uid as string, role: token.role as Role } as typeof session.user;
      return { ...session, sv: token.sv };
    },
  },
};

/** What a session token says: who, which role, which session version. Not yet checked against the account. */
export interface SessionClaims {
  userId: string;
  role: Role;
  sessionVersion: number;
}

// Decoding a token (key derivation + decryption) costs more than the rest of a judging request;
// the same token always decodes to the same claims, so each process keeps recent ones until they expire.
const DECODED_MAX = 10_000;
const globalDecoded = globalThis as unknown as { tripjudgeTokens?: Map<string, (SessionClaims & { exp: number }) | null> };
const decoded = (globalDecoded.tripjudgeTokens ??= new Map());

async function decodeClaims(raw: string): Promise<(SessionClaims & { exp: number }) | null> {
  let token: JWT | null = null;
  try {
    token = await decode({ token: raw, secret: process.env.NEXTAUTH_SECRET ?? "" });
  } catch {
    return null; // expired, tampered with, or signed with another secret
  }
  if (!token || typeof token.uid !== "string" || typeof token.sv !== "number" || typeof token.exp !== "number") return null;
  return { userId: token.uid, role: token.role as Role, sessionVersion: token.sv, exp: token.exp };
}

/** The claims of the request's session cookie (the same decoder next-auth uses), or null. */
export async function sessionClaims(): Promise<SessionClaims | null> {
  const jar = await cookies();
  const raw = jar.get("__Secure-next-auth.session-token")?.value ?? jar.get("next-auth.session-token")?.value;
  if (!raw) return null;
  let claims = decoded.get(raw);
  if (claims === undefined) {
    claims = await decodeClaims(raw);
    if (claims) {
      if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value as string);
      decoded.set(raw, claims);
    }
  }
  if (!claims || claims.exp * 1000 <= Date.now()) return null;
  return { userId: claims.userId, role: claims.role, sessionVersion: claims.sessionVersion };
}

/**
 * The signed-in, still-active account, or null. Reads next-auth's session cookie directly: this
 * runs on every request, and getServerSession would run the whole next-auth handler each time.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const claims = await sessionClaims();
  // The token alone is not trusted: deactivation or revocation must end the session at once.
  return claims && sessionUser(db(), claims.userId, claims.sessionVersion);
}

/** For pages: the account, or a redirect to sign-in (or to /forbidden for the wrong role). */
export async function requirePageUser(role?: Role): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  if (role && user.role !== role) redirect("/forbidden");
  return user;
}
