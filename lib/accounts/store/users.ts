/** Accounts: creation, invites, activation, sign-in checks with throttling. */
import { maySetActive, type InvitedRole, type Role } from "../permissions";
import { getSettings } from "../../judging/store";
import { AppError } from "../../kernel";
import { hashPassword, passwordProblem, randomToken, sha256, verifyPassword } from "../password";
import { INVITE_MESSAGES, SIGN_IN_MESSAGES } from "../messages";
import { passwordRefused } from "../sso";
import { getSignInSettings } from "./sign-in-settings";
import { reserveAttempt, throttleKeys, type Reservation, type ThrottleState } from "../throttle";
import { poolOf, type Db } from "../../platform/db";

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export async function audit(
  db: Db,
  actorId: string | null,
  action: string,
  targetType: string,
  targetId: string,
  data?: object,
) {
  await db.auditEvent.create({ data: { actorId, action, targetType, targetId, data: data ?? undefined } });
}

/**
 * A new invite (or password-reset) link; the account's earlier unused links stop working. Links are for
 * experts and reviewers only: an admin account is never reset through a link another admin could read.
 */
export async function createInvite(db: Db, userId: string, actorId: string | null): Promise<string> {
  const token = randomToken();
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true, active: true } });
    if (!user) throw new AppError("not_found", "No such user.");
    if (!user.active) throw new AppError("conflict", "Reactivate the account before inviting it.");
    if (user.role === "ADMIN")
      throw new AppError(
        "forbidden",
        "Invite links are for expert and reviewer accounts only; an admin's password is set with ADMIN_PASSWORD or by the admin.",
      );
    await tx.invite.updateMany({
      where: { userId, usedAt: null, expiresAt: { gt: new Date() } },
      data: { expiresAt: new Date() },
    });
    await tx.invite.create({
      data: { userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS), createdById: actorId },
    });
  });
  await audit(db, actorId, "user.invite", "User", userId);
  return token;
}

/** A new expert (the default) or reviewer, with a one-time invite link to set their password. */
export async function createExpert(
  db: Db,
  input: { email: string; name: string; role?: InvitedRole },
  actorId: string,
): Promise<{ userId: string; token: string }> {
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? "EXPERT";
  if (await db.user.findUnique({ where: { email } }))
    throw new AppError("already_exists", `An account for ${email} already exists.`);
  // New experts qualify first when the settings ask for a qualification set; a reviewer judges nothing, so stands active.
  const qualifying = role === "EXPERT" && (await getSettings(db)).qualificationLength > 0;
  const user = await db.user.create({
    data: { email, name: input.name.trim(), role, standing: qualifying ? "QUALIFYING" : "ACTIVE" },
  });
  await audit(db, actorId, "user.create", "User", user.id, { email, role, standing: user.standing });
  return { userId: user.id, token: await createInvite(db, user.id, actorId) };
}

export type InviteCheck = { ok: true; email: string; name: string } | { ok: false; reason: string };

export async function checkInvite(db: Db, token: string): Promise<InviteCheck> {
  const invite = await db.invite.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!invite) return { ok: false, reason: INVITE_MESSAGES.invalid };
  if (invite.usedAt) return { ok: false, reason: INVITE_MESSAGES.used };
  if (invite.expiresAt < new Date()) return { ok: false, reason: INVITE_MESSAGES.expired };
  if (!invite.user.active) return { ok: false, reason: INVITE_MESSAGES.deactivated };
  return { ok: true, email: invite.user.email, name: invite.user.name };
}

/** Sets the password and spends the invite; a second use of the same link is refused atomically. */
export async function acceptInvite(db: Db, token: string, password: string): Promise<{ email: string }> {
  const check = await checkInvite(db, token);
  if (!check.ok) throw new AppError("gone", check.reason);
  const weak = passwordProblem(password);
  if (weak) throw new AppError("invalid_request", weak);
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const spent = await tx.invite.updateMany({
      where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) throw new AppError("gone", INVITE_MESSAGES.used);
    const invite = await tx.invite.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    const user = await tx.user.update({
      where: { id: invite.userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    // The password is set: every other link to set it is void.
    await tx.invite.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: new Date() } });
    await tx.auditEvent.create({
      data: { actorId: user.id, action: "user.accept-invite", targetType: "User", targetId: user.id },
    });
    return { email: user.email };
  });
}

export async function setActive(db: Db, userId: string, active: boolean, actorId: string) {
  if (!maySetActive({ id: actorId, role: "ADMIN" }, userId, active))
    throw new AppError("invalid_request", "You cannot deactivate your own account.");
  const was = await db.user.findUnique({ where: { id: userId }, select: { active: true } });
  if (!was) throw new AppError("not_found", "No such user.");
  const user = await db.user.update({
    where: { id: userId },
    // Bumping the session version ends every session the account has open.
    data: { active, sessionVersion: { increment: 1 } },
  });
  await audit(db, actorId, active ? "user.reactivate" : "user.deactivate", "User", userId, {
    before: { active: was.active },
    after: { active },
  });
  return user;
}

/** Sign-out: every token issued to the account so far stops working (the session version moves on). */
export async function revokeSessions(db: Db, userId: string) {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionVersion: number;
}

const GENERIC = SIGN_IN_MESSAGES.wrong;

/**
 * Counts an attempt against a key atomically (the row is locked while the policy decides), before the
 * password is checked: simultaneous attempts are counted one after another.
 */
async function reserve(db: Db, key: string, lockAfter: number): Promise<Reservation> {
  return db.$transaction(async (tx) => {
    // One statement makes the row if need be, locks it and reads it: an INSERT … DO NOTHING then a SELECT found no
    // row when a concurrent correct sign-in deleted it in between ("Sign-in is unavailable", issue 48).
    const [row] = await tx.$queryRaw<ThrottleState[]>`INSERT INTO "LoginThrottle" (key, failures) VALUES (${key}, 0)
      ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
      RETURNING failures, "lastFailureAt", "lockedUntil"`;
    const r = reserveAttempt(row, new Date(), lockAfter);
    if (r.allowed) await tx.loginThrottle.update({ where: { key }, data: r.state });
    return r;
  });
}

export async function verifySignIn(
  db: Db,
  emailRaw: string,
  password: string,
  clientAddress: string | null,
  opts: { ssoConfigured?: boolean } = {},
): Promise<SessionUser> {
  const email = emailRaw.trim().toLowerCase();
  const keys = throttleKeys(email, clientAddress);
  let wait = 0;
  for (const k of keys) {
    const r = await reserve(db, k.key, k.lockAfter);
    if (!r.allowed)
      throw new AppError(
        "rate_limited",
        `Too many failed sign-ins. Try again in ${Math.ceil(r.lockedMs / 60_000)} minute(s).`,
      );
    wait = Math.max(wait, r.delayMs);
  }
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const user = await db.user.findUnique({ where: { email } });
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok) throw new AppError("wrong_credentials", GENERIC);
  // The right password: this attempt was no failure.
  await db.loginThrottle.deleteMany({ where: { key: keys[0].key } });
  if (keys[1])
    await db.$executeRaw`UPDATE "LoginThrottle" SET failures = GREATEST(failures - 1, 0) WHERE key = ${keys[1].key}`;
  if (!user.active) throw new AppError("deactivated", SIGN_IN_MESSAGES.deactivated);
  // Said only after the right password, so that it tells no stranger which emails are experts'.
  if (passwordRefused(user.role, (await getSignInSettings(db)).expertsSsoOnly, opts.ssoConfigured ?? false))
    throw new AppError("forbidden", SIGN_IN_MESSAGES.ssoOnly);
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}

/** The account behind a session, or null when it was deactivated or its sessions were revoked. */
export async function sessionUser(db: Db, id: string, sessionVersion: number): Promise<SessionUser | null> {
  // Every request asks this: one indexed row over the plain driver, by the database's one definition of a
  // standing session (tj_session_user: active, same session version), which the judging functions use too.
  const { rows } = await poolOf(db).query<SessionUser>({
    name: "tj_session_user",
    text: `SELECT id, email, name, role::text AS role, "sessionVersion" FROM tj_session_user($1, $2)`,
    values: [id, sessionVersion],
  });
  return rows[0] ?? null;
}

export async function ensureAdmin(db: Db, email: string, password: string, name = "Admin"): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email: normalized } })) return false;
  await db.user.create({
    data: { email: normalized, name, role: "ADMIN", passwordHash: await hashPassword(password) },
  });
  return true;
}
