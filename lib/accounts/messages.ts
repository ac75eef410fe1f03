/**
 * The messages the sign-in and invite pages may show from their `?error=` parameter. Anything else in
 * that parameter was written by whoever made the link, so the pages show a fixed text instead.
 */
export const SIGN_IN_MESSAGES = {
  wrong: "Wrong email or password.",
  deactivated: "This account has been deactivated. Ask an admin to reactivate it.",
  invalid: "Enter a valid email address and your password.",
  unavailable: "Sign-in is unavailable right now. Try again shortly.",
  failed: "Sign-in failed. Try again.",
  // Single sign-on (lib/accounts/sso.ts): our own sentences for next-auth's codes and our refusals.
  ssoUnknown:
    "Your organisation account is not invited to TripJudge. Ask an admin to invite this email address, then sign in again.",
  ssoUnverified:
    "Your organisation account's email address is not verified. Verify it with your provider, then try again.",
  ssoNoEmail: "Your organisation account did not share an email address. Ask your admin to check the SSO settings.",
  ssoFailed: "Single sign-on failed: the provider's answer could not be verified. Start again from this page.",
  ssoOnly: "Experts sign in with single sign-on: use the button above this form.",
} as const;

/** next-auth's own error codes in the `?error=` parameter, in our words. */
const NEXT_AUTH_CODES: Record<string, string> = {
  OAuthCallback: SIGN_IN_MESSAGES.ssoFailed,
  OAuthSignin: SIGN_IN_MESSAGES.unavailable,
  Callback: SIGN_IN_MESSAGES.ssoFailed,
  OAuthAccountNotLinked: SIGN_IN_MESSAGES.ssoFailed,
  AccessDenied: SIGN_IN_MESSAGES.ssoUnknown,
};

const LOCKED = /^Too many failed sign-ins\. Try again in \d{1,3} minute\(s\)\.$/;

export function signInMessage(error: string | undefined | null): string | null {
  if (!error) return null;
  if ((Object.values(SIGN_IN_MESSAGES) as string[]).includes(error) || LOCKED.test(error)) return error;
  if (Object.hasOwn(NEXT_AUTH_CODES, error)) return NEXT_AUTH_CODES[error];
  return SIGN_IN_MESSAGES.failed;
}

export const INVITE_MESSAGES = {
  invalid: "This invite link is not valid. Ask an admin for a new one.",
  used: "This invite link has already been used. Sign in with your password, or ask an admin for a new link.",
  expired: "This invite link has expired. Ask an admin for a new one.",
  deactivated: "This account has been deactivated.",
  mismatch: "The two passwords differ.",
  failed: "The password could not be saved. Try again.",
} as const;

/** Only known messages (those above and the password rules') are shown; `extra` are the password rules' texts. */
export function inviteMessage(error: string | undefined | null, extra: readonly string[]): string | null {
  if (!error) return null;
  return (Object.values(INVITE_MESSAGES) as string[]).includes(error) || extra.includes(error)
    ? error
    : INVITE_MESSAGES.failed;
}
