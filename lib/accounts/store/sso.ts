/** Single sign-on's accounts: the decision of lib/accounts/sso.ts applied to the database (docs/decisions/023). */
import { getSettings } from "../../judging/store";
import { AppError } from "../../kernel";
import type { Db } from "../../platform/db";
import { SIGN_IN_MESSAGES } from "../messages";
import { decideSsoSignIn, type SsoClaims } from "../sso";
import { audit, type SessionUser } from "./users";

const asSession = (u: SessionUser): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  sessionVersion: u.sessionVersion,
});

/**
 * The account an OIDC sign-in enters as: its email's account (an open invitation counts as accepted), or a new
 * expert with no destinations when the email's domain is allowed. Refusals throw with the sentence /signin shows.
 */
export async function ssoSignIn(
  db: Db,
  claims: SsoClaims,
  provider: { issuer: string; allowedDomains: readonly string[] },
): Promise<SessionUser> {
  const existing = claims.email ? await db.user.findUnique({ where: { email: claims.email } }) : null;
  const d = decideSsoSignIn(claims, provider.issuer, existing, provider.allowedDomains);
  if (d.kind === "refuse") throw new AppError("forbidden", d.message);
  if (d.kind === "account") {
    // Invited and never set a password: signing in through the organisation accepts the invitation.
    const spent = await db.invite.updateMany({
      where: { userId: d.accountId, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (spent.count > 0) await audit(db, d.accountId, "user.accept-invite", "User", d.accountId, { via: "oidc" });
    return asSession(existing!);
  }
  // New experts qualify first when the settings ask for it, as invited ones do (createExpert).
  const qualifying = (await getSettings(db)).qualificationLength > 0;
  const made = await db.user.createMany({
    data: [{ email: d.email, name: d.name, role: "EXPERT", standing: qualifying ? "QUALIFYING" : "ACTIVE" }],
    skipDuplicates: true, // two first sign-ins at once: one account
  });
  const user = await db.user.findUniqueOrThrow({ where: { email: d.email } });
  if (made.count === 1)
    await audit(db, null, "user.create", "User", user.id, {
      email: d.email,
      role: "EXPERT",
      standing: user.standing,
      via: "oidc",
    });
  if (!user.active) throw new AppError("deactivated", SIGN_IN_MESSAGES.deactivated);
  return asSession(user);
}
