/**
 * next-auth wiring: email + password sign-in, and single sign-on with OpenID Connect when TRIPJUDGE_OIDC_ISSUER is set
 * (docs/decisions/023); JWT sessions re-checked against the account on every request.
 */
import { AppError, config } from "../../kernel";
import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { headers } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "../db/client";
import { mayCall, oidcSettings, type OidcSettings, type Role, SIGN_IN_MESSAGES, ssoClaims } from "../../accounts";
import { revokeSessions, sessionUser, ssoSignIn, verifySignIn, type SessionUser } from "../../accounts/store";
import { CLIENT_ADDRESS_HEADER } from "../http/guards";
import { claimsOfToken, sessionCookieName, sessionTokenOf, type SessionClaims } from "../http/session";

const signInInput = z.object({
  email: z.string().trim().email().max(320),
  password: z.string().min(1).max(1000),
});

/** The address the front server found (scripts/serve.ts; X-Forwarded-For only with TRUST_PROXY), or null. */
function clientAddress(headers: unknown): string | null {
  // Without the front server (next dev) nothing overwrites the header: a client could write it.
  if (!config().TRIPJUDGE_FRONT) return null;
  const v = ((headers ?? {}) as Record<string, string | string[] | undefined>)[CLIENT_ADDRESS_HEADER];
  return (Array.isArray(v) ? v[0] : v) || null;
}

/** The provider's id in next-auth's URLs (/api/auth/signin/oidc, /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

/** The configured OpenID provider, or null (no SSO: the sign-in page shows passwords only). */
export function ssoProvider(): OidcSettings | null {
  return oidcSettings(config());
}

function oidcProvider(o: OidcSettings): OAuthConfig<Record<string, unknown>> {
  return {
    id: OIDC_PROVIDER_ID,
    name: o.name,
    type: "oauth",
    wellKnown: `${o.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
    issuer: o.issuer,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    // The ID token's signature, issuer, audience, expiry and nonce are checked by openid-client; the issuer
    // once more against the configured one in signIn below (a discovery document may name another).
    idToken: true,
    checks: ["state", "nonce", "pkce"],
    profile: (p) => ({ id: String(p.sub), email: null, name: null }),
  };
}

export const authOptions: NextAuthOptions = {
  // The session cookie is named here, from the one function its readers use (./session.ts), so that they
  // read the very cookie next-auth writes (docs/decisions/005).
  useSecureCookies: sessionCookieName().startsWith("__Secure-"),
  cookies: {
    sessionToken: {
      name: sessionCookieName(),
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: sessionCookieName().startsWith("__Secure-") },
    },
  },
  session: { strategy: "jwt", maxAge: config().SESSION_MAX_AGE_HOURS * 3600 },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        const parsed = signInInput.safeParse(credentials ?? {});
        if (!parsed.success) throw new Error(SIGN_IN_MESSAGES.invalid);
        try {
          const u = await verifySignIn(db(), parsed.data.email, parsed.data.password, clientAddress(req?.headers), {
            ssoConfigured: ssoProvider() !== null,
          });
          return { id: u.id, email: u.email, name: u.name, role: u.role, sessionVersion: u.sessionVersion };
        } catch (e) {
          if (e instanceof AppError) throw new Error(e.message);
          console.error("sign-in failed:", e);
          throw new Error(SIGN_IN_MESSAGES.unavailable);
        }
      },
    }),
    ...(ssoProvider() ? [oidcProvider(ssoProvider()!)] : []),
  ],
  events: {
    // Signing out revokes the session: a copy of its token stops working everywhere, the fast path included.
    async signOut({ token }) {
      if (typeof token?.uid === "string") await revokeSessions(db(), token.uid);
    },
  },
  callbacks: {
    // An OIDC sign-in becomes the account its verified email names (lib/accounts/sso.ts), so that the token
    // carries the same claims as a password's; a refusal's message reaches /signin as ?error=.
    async signIn({ user, account, profile }) {
      if (account?.provider !== OIDC_PROVIDER_ID) return true;
      const o = ssoProvider();
      if (!o || !profile) throw new Error(SIGN_IN_MESSAGES.ssoFailed);
      try {
        const u = await ssoSignIn(db(), ssoClaims(profile as Record<string, unknown>, o.emailClaim), o);
        Object.assign(user, u); // the object next-auth hands to the jwt callback next
        return true;
      } catch (e) {
        if (e instanceof AppError) throw new Error(e.message);
        console.error("single sign-on failed:", e);
        throw new Error(SIGN_IN_MESSAGES.unavailable);
      }
    },
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

/** The claims of the request's session cookie, or null. */
async function sessionClaims(): Promise<SessionClaims | null> {
  // Read from the raw Cookie header, as the judging fast path reads it (lib/platform/http/session.ts): Next.js's cookie
  // jar keeps one value per name, so it cannot see two session cookies, where the readers could disagree.
  return claimsOfToken(sessionTokenOf((await headers()).get("cookie")));
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

/** For pages: the account, or a redirect to sign-in (or to /forbidden for the wrong role: one, or any of a list). */
export async function requirePageUser(role?: Role | readonly Role[]): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/signin");
  if (role && !mayCall(user, role)) redirect("/forbidden");
  return user;
}
