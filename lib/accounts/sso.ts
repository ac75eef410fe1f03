/**
 * Single sign-on with OpenID Connect (docs/decisions/023): who may enter is still the admin's decision. Pure: the
 * provider's claims and the account found for its email in, the decision out; lib/accounts/store/sso.ts acts on it.
 */
import { z } from "zod";
import type { Role } from "./permissions";
import { SIGN_IN_MESSAGES } from "./messages";

/** The provider's settings as the app uses them (from TRIPJUDGE_OIDC_*, lib/kernel/config.ts). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailClaim: string;
  allowedDomains: readonly string[];
  name: string;
}

/** The OIDC settings of a parsed configuration, or null when no issuer is set (no SSO). */
export function oidcSettings(c: {
  TRIPJUDGE_OIDC_ISSUER?: string;
  TRIPJUDGE_OIDC_CLIENT_ID?: string;
  TRIPJUDGE_OIDC_CLIENT_SECRET?: string;
  TRIPJUDGE_OIDC_EMAIL_CLAIM: string;
  TRIPJUDGE_OIDC_ALLOWED_DOMAINS: readonly string[];
  TRIPJUDGE_OIDC_NAME: string;
}): OidcSettings | null {
  if (!c.TRIPJUDGE_OIDC_ISSUER || !c.TRIPJUDGE_OIDC_CLIENT_ID || !c.TRIPJUDGE_OIDC_CLIENT_SECRET) return null;
  return {
    issuer: c.TRIPJUDGE_OIDC_ISSUER,
    clientId: c.TRIPJUDGE_OIDC_CLIENT_ID,
    clientSecret: c.TRIPJUDGE_OIDC_CLIENT_SECRET,
    emailClaim: c.TRIPJUDGE_OIDC_EMAIL_CLAIM,
    allowedDomains: c.TRIPJUDGE_OIDC_ALLOWED_DOMAINS,
    name: c.TRIPJUDGE_OIDC_NAME,
  };
}

/** Issuers compare as the same URL with or without the trailing slash (providers differ, e.g. Google's has none). */
export function sameIssuer(configured: string, claimed: unknown): boolean {
  const norm = (s: string) => s.replace(/\/+$/, "");
  return typeof claimed === "string" && claimed.length > 0 && norm(claimed) === norm(configured);
}

/** What an ID token says about who signs in, read with the configured email claim. */
export interface SsoClaims {
  issuer: unknown;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export function ssoClaims(token: Record<string, unknown>, emailClaim: string): SsoClaims {
  const raw = token[emailClaim];
  const email = typeof raw === "string" && /^[^\s@]+@[^\s@]+$/.test(raw.trim()) ? raw.trim().toLowerCase() : null;
  // Only `true` counts (some providers send the string "true"); absent means not verified.
  const v = token.email_verified;
  const name = typeof token.name === "string" && token.name.trim() ? token.name.trim().slice(0, 200) : null;
  return { issuer: token.iss, email, emailVerified: v === true || v === "true", name };
}

/** The account an email belongs to, as far as the decision needs it. */
export interface KnownAccount {
  id: string;
  role: Role;
  active: boolean;
}

export type SsoDecision =
  | { kind: "account"; accountId: string }
  | { kind: "create"; email: string; name: string }
  | { kind: "refuse"; message: string };

/**
 * Who an OIDC sign-in is: the existing (or invited) account of its verified email; a new expert when the email's
 * domain is allowed; else refused. Checked in this order so that no refusal says whether an account exists except
 * to its verified owner.
 */
export function decideSsoSignIn(
  claims: SsoClaims,
  expectedIssuer: string,
  account: KnownAccount | null,
  allowedDomains: readonly string[],
): SsoDecision {
  if (!sameIssuer(expectedIssuer, claims.issuer)) return { kind: "refuse", message: SIGN_IN_MESSAGES.ssoFailed };
  if (!claims.email) return { kind: "refuse", message: SIGN_IN_MESSAGES.ssoNoEmail };
  if (!claims.emailVerified) return { kind: "refuse", message: SIGN_IN_MESSAGES.ssoUnverified };
  if (account) {
    if (!account.active) return { kind: "refuse", message: SIGN_IN_MESSAGES.deactivated };
    return { kind: "account", accountId: account.id };
  }
  const domain = claims.email.slice(claims.email.lastIndexOf("@") + 1);
  if (allowedDomains.includes(domain))
    return {
      kind: "create",
      email: claims.email,
      name: claims.name ?? claims.email.slice(0, claims.email.indexOf("@")),
    };
  return { kind: "refuse", message: SIGN_IN_MESSAGES.ssoUnknown };
}

/** Passwords refused for this role by the "experts sign in with SSO only" setting (admins and reviewers keep theirs). */
export function passwordRefused(role: Role, expertsSsoOnly: boolean, ssoConfigured: boolean): boolean {
  return role === "EXPERT" && expertsSsoOnly && ssoConfigured;
}

/** The sign-in settings an admin keeps (Setting "sign-in", lib/accounts/store/sign-in-settings.ts). */
export const signInSettingsSchema = z.object({
  /** Experts sign in with single sign-on only (takes effect only while SSO is configured). */
  expertsSsoOnly: z.boolean().default(false),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;
/** An admin's change (what is not sent stays as it is). */
export const signInSettingsPatchSchema = signInSettingsSchema.partial().strict();
