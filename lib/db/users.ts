/** Accounts: creation, invites, activation, sign-in checks with throttling. */
import { hashPassword, randomToken, sha256, verifyPassword } from "../auth/password";
import { afterFailure, currentFailures, delayFor, lockedFor, THROTTLE, type ThrottleState } from "../auth/throttle";
import { poolOf, type Db } from "./client";
import type { Role } from "./generated/client";

export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export class UserError extends Error {
  constructor(
    message: string,
    public status = 400,
  ) {
    super(message);
  }
}

export async function audit(db: Db, actorId: string | null, action: string, targetType: string, targetId: string, data?: object) {
  await db.auditEvent.create({ data: { actorId, action, targetType, targetId, data: data ?? undefined } });
}

export async function createInvite(db: Db, userId: string, actorId: string | null): Promise<string> {
  const token = randomToken();
  await db.invite.create({ data: { userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS), createdById: actorId } });
  await audit(db, actorId, "user.invite", "User", userId);
  return token;
}

export async function createExpert(db: Db, input: { email: string; name: string }, actorId: string): Promise<{ userId: string; token: string }> {
  const email = input.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) throw new UserError(`An account for ${email} already exists.`, 409);
  const user = await db.user.create({ data: { email, name: input.name.trim(), role: "EXPERT" } });
  await audit(db, actorId, "user.create", "User", user.id, { email, role: "EXPERT" });
  return { userId: user.id, token: await createInvite(db, user.id, actorId) };
}

export type InviteCheck = { ok: true; email: string; name: string } | { ok: false; reason: string };

export async function checkInvite(db: Db, token: string): Promise<InviteCheck> {
  const invite = await db.invite.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
  if (!invite) return { ok: false, reason: "This invite link is not valid. Ask an admin for a new one." };
  if (invite.usedAt) return { ok: false, reason: "This invite link has already been used. Sign in with your password, or ask an admin for a new link." };
  if (invite.expiresAt < new Date()) return { ok: false, reason: "This invite link has expired. Ask an admin for a new one." };
  if (!invite.user.active) return { ok: false, reason: "This account has been deactivated." };
  return { ok: true, email: invite.user.email, name: invite.user.name };
}

/** Sets the password and spends the invite; a second use of the same link is refused atomically. */
export async function acceptInvite(db: Db, token: string, password: string): Promise<{ email: string }> {
  const check = await checkInvite(db, token);
  if (!check.ok) throw new UserError(check.reason, 410);
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const spent = await tx.invite.updateMany({
      where: { tokenHash: sha256(token), usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) throw new UserError("This invite link has already been used.", 410);
    const invite = await tx.invite.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    const user = await tx.user.update({
      where: { id: invite.userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
    });
    await tx.auditEvent.create({ data: { actorId: user.id, action: "user.accept-invite", targetType: "User", targetId: user.id } });
    return { email: user.email };
  });
}

export async function setActive(db: Db, userId: string, active: boolean, actorId: string) {
  if (userId === actorId && !active) throw new UserError("You cannot deactivate your own account.");
  const user = await db.user.update({
    where: { id: userId },
    // Bumping the session version ends every session the account has open.
    data: { active, sessionVersion: { increment: 1 } },
  });
  await audit(db, actorId, active ? "user.reactivate" : "user.deactivate", "User", userId);
  return user;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionVersion: number;
}

const GENERIC = "Wrong email or password.";

async function readThrottle(db: Db, key: string): Promise<ThrottleState | null> {
  return db.loginThrottle.findUnique({ where: { key } });
}

async function recordFailure(db: Db, key: string, now: Date) {
  const next = afterFailure(await readThrottle(db, key), now, key.startsWith("ip:") ? THROTTLE.lockAfterForAddress : THROTTLE.lockAfter);
  await db.loginThrottle.upsert({ where: { key }, create: { key, ...next }, update: next });
}

/** Verifies a sign-in. Throws UserError with a message safe to show; slows down and locks out guessing. */
export async function verifySignIn(db: Db, emailRaw: string, password: string, clientAddress: string | null): Promise<SessionUser> {
  const email = emailRaw.trim().toLowerCase();
  const now = new Date();
  // Addresses are known only behind a proxy that sets X-Forwarded-For; otherwise only the account is throttled.
  const keys = [`email:${email}`, ...(clientAddress ? [`ip:${clientAddress}`] : [])];
  const states = await Promise.all(keys.map((k) => readThrottle(db, k)));
  const locked = Math.max(0, ...states.map((s) => lockedFor(s, now) ?? 0));
  if (locked > 0) {
    throw new UserError(`Too many failed sign-ins. Try again in ${Math.ceil(locked / 60_000)} minute(s).`, 429);
  }
  const wait = Math.max(0, ...states.map((s) => delayFor(currentFailures(s, now))));
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));

  const user = await db.user.findUnique({ where: { email } });
  const ok = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !ok) {
    await Promise.all(keys.map((k) => recordFailure(db, k, now)));
    throw new UserError(GENERIC, 401);
  }
  if (!user.active) throw new UserError("This account has been deactivated. Ask an admin to reactivate it.", 403);
  await db.loginThrottle.deleteMany({ where: { key: keys[0] } });
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}

/** The account behind a session, or null when it was deactivated or its sessions were revoked. */
export async function sessionUser(db: Db, id: string, sessionVersion: number): Promise<SessionUser | null> {
  // Every request asks this: one indexed row over the plain driver.
  const { rows } = await poolOf(db).query<SessionUser & { active: boolean }>({ name: "tj_session_user", text: `SELECT id, email, name, role::text AS role, "sessionVersion", active FROM "User" WHERE id = $1`, values: [id] },
  );
  const user = rows[0];
  if (!user || !user.active || user.sessionVersion !== sessionVersion) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, sessionVersion: user.sessionVersion };
}

export async function ensureAdmin(db: Db, email: string, password: string, name = "Admin"): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email: normalized } })) return false;
  await db.user.create({ data: { email: normalized, name, role: "ADMIN", passwordHash: await hashPassword(password) } });
  return true;
}
