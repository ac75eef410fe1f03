import { config } from "../../kernel";

/** Absolute link for an invite token: INVITE_BASE_URL, NEXTAUTH_URL, or the request's own origin. */
export function inviteUrl(req: Request, token: string): string {
  const base = config().INVITE_BASE_URL ?? config().NEXTAUTH_URL ?? new URL(req.url).origin;
  return `${base.replace(/\/$/, "")}/invite/${token}`;
}
