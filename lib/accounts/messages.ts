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
} as const;

const LOCKED = /^Too many failed sign-ins\. Try again in \d{1,3} minute\(s\)\.$/;

export function signInMessage(error: string | undefined | null): string | null {
  if (!error) return null;
  if ((Object.values(SIGN_IN_MESSAGES) as string[]).includes(error) || LOCKED.test(error)) return error;
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
