import { AppError } from "../../kernel";
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { THROTTLE } from "../throttle";
import {
  acceptInvite,
  checkInvite,
  createExpert,
  createInvite,
  ensureAdmin,
  revokeSessions,
  sessionUser,
  setActive,
  verifySignIn,
} from "./users";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
let adminId: string;
before(async () => {
  t = await createTestDatabase();
  await ensureAdmin(t.db, "root@example.org", "root-password-1");
  adminId = (await t.db.user.findUniqueOrThrow({ where: { email: "root@example.org" } })).id;
});
after(async () => t.drop());

test("an invite sets a password exactly once, even when used twice at the same time", async () => {
  const { token, userId } = await createExpert(t.db, { email: "Ana@Example.org ", name: "Ana" }, adminId);
  assert.deepEqual(await checkInvite(t.db, token), { ok: true, email: "ana@example.org", name: "Ana" });
  await assert.rejects(verifySignIn(t.db, "ana@example.org", "anything-at-all", null), /Wrong email or password/);
  const results = await Promise.allSettled([
    acceptInvite(t.db, token, "first-password-1"),
    acceptInvite(t.db, token, "second-password-2"),
  ]);
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  const check = await checkInvite(t.db, token);
  assert.ok(!check.ok && /already been used/.test(check.reason));
  const winner = results.findIndex((r) => r.status === "fulfilled") === 0 ? "first-password-1" : "second-password-2";
  const u = await verifySignIn(t.db, "ana@example.org", winner, null);
  assert.equal(u.id, userId);
  assert.equal(u.role, "EXPERT");
  await assert.rejects(
    createExpert(t.db, { email: "ana@example.org", name: "Again" }, adminId),
    (e: unknown) => e instanceof AppError && e.status === 409,
  );
});

test("an expired or unknown invite is refused with a reason", async () => {
  const { token, userId } = await createExpert(t.db, { email: "late@example.org", name: "Late" }, adminId);
  await t.db.invite.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
  const c = await checkInvite(t.db, token);
  assert.ok(!c.ok && /expired/.test(c.reason));
  await assert.rejects(acceptInvite(t.db, token, "some-password-1"), /expired/);
  const u = await checkInvite(t.db, "nope");
  assert.ok(!u.ok && /not valid/.test(u.reason));
  assert.equal((await t.db.user.findUniqueOrThrow({ where: { id: userId } })).passwordHash, null);
});

test("deactivation ends open sessions and refuses sign-in; reactivation restores sign-in", async () => {
  const { token, userId } = await createExpert(t.db, { email: "bo@example.org", name: "Bo" }, adminId);
  await acceptInvite(t.db, token, "bo-password-123");
  const session = await verifySignIn(t.db, "bo@example.org", "bo-password-123", null);
  assert.ok(await sessionUser(t.db, userId, session.sessionVersion));
  await setActive(t.db, userId, false, adminId);
  assert.equal(await sessionUser(t.db, userId, session.sessionVersion), null);
  await assert.rejects(verifySignIn(t.db, "bo@example.org", "bo-password-123", null), /deactivated/);
  await setActive(t.db, userId, true, adminId);
  const again = await verifySignIn(t.db, "bo@example.org", "bo-password-123", null);
  // The old session stays ended; a new sign-in works.
  assert.equal(await sessionUser(t.db, userId, session.sessionVersion), null);
  assert.ok(await sessionUser(t.db, userId, again.sessionVersion));
  await assert.rejects(setActive(t.db, adminId, false, adminId), /your own account/);
  const events = await t.db.auditEvent.findMany({ where: { targetId: userId }, orderBy: { createdAt: "asc" } });
  assert.deepEqual(
    events.map((e) => e.action),
    ["user.create", "user.invite", "user.accept-invite", "user.deactivate", "user.reactivate"],
  );
  assert.deepEqual(
    events.slice(3).map((e) => e.data),
    [
      { before: { active: true }, after: { active: false } },
      { before: { active: false }, after: { active: true } },
    ],
  );
});

test("repeated failed sign-ins are slowed down, then refused for a while from that address, even with the right password", async () => {
  const started = Date.now();
  for (let i = 0; i < THROTTLE.lockAfter; i++) {
    await assert.rejects(verifySignIn(t.db, "root@example.org", `wrong-${i}`, "10.1.2.3"), /Wrong email or password/);
  }
  // freeFailures attempts are instant, then 500 ms, 1000 ms, … : the guesses took measurably longer.
  assert.ok(Date.now() - started >= THROTTLE.delayStepMs * 3);
  await assert.rejects(
    verifySignIn(t.db, "root@example.org", "root-password-1", "10.1.2.3"),
    (e: unknown) => e instanceof AppError && e.status === 429 && /Try again in 15 minute/.test(e.message),
  );
  // Whoever knows the e-mail cannot lock its owner out: the right password works from an address without failures.
  assert.equal((await verifySignIn(t.db, "root@example.org", "root-password-1", "10.9.9.9")).email, "root@example.org");
  // Another account is unaffected (the address has not reached its own, higher limit).
  await ensureAdmin(t.db, "other@example.org", "other-password-1");
  assert.ok(await verifySignIn(t.db, "other@example.org", "other-password-1", "10.1.2.3"));
});

test("simultaneous sign-ins cannot check more passwords than the limit", async () => {
  await ensureAdmin(t.db, "race@example.org", "race-password-1");
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof AppError ? String(e.status) : "other"),
    );
  const burst = (n: number, address: string, rightAt: number | null) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        outcome(verifySignIn(t.db, "race@example.org", i === rightAt ? "race-password-1" : `guess-${i}`, address)),
      ),
    );
  const counts = (xs: string[]) => xs.reduce<Record<string, number>>((c, x) => ({ ...c, [x]: (c[x] ?? 0) + 1 }), {});
  // 60 at once, the right password last: at most lockAfter are checked, the rest refused unchecked.
  const first = counts(await burst(60, "10.7.7.7", 59));
  assert.equal((first["401"] ?? 0) + (first.ok ?? 0), THROTTLE.lockAfter, JSON.stringify(first));
  assert.equal(first["429"], 60 - THROTTLE.lockAfter);
  assert.equal(first.ok ?? 0, 0);
  // Two more bursts of 150 from the same address check nothing more.
  const more = counts([...(await burst(150, "10.7.7.7", null)), ...(await burst(150, "10.7.7.7", null))]);
  assert.deepEqual(more, { 429: 300 });
});

test("parallel correct sign-ins of one account all succeed (no race on the throttle row)", async () => {
  // Issue 48: seven at once gave one "Sign-in is unavailable" (a correct sign-in deleted the row another had just
  // made sure of). Many rounds, as a race needs.
  await ensureAdmin(t.db, "parallel@example.org", "parallel-password-1");
  const failures: string[] = [];
  for (let round = 0; round < 15; round++) {
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, () => verifySignIn(t.db, "parallel@example.org", "parallel-password-1", "10.3.3.3")),
    );
    for (const r of results) if (r.status === "rejected") failures.push(String((r.reason as Error).message));
  }
  assert.deepEqual(failures, []);
});

test("a newer invite link voids the older ones; setting the password voids every link; admins get no links", async () => {
  const { token: first, userId } = await createExpert(t.db, { email: "cy@example.org", name: "Cy" }, adminId);
  const second = await createInvite(t.db, userId, adminId);
  const old = await checkInvite(t.db, first);
  assert.ok(!old.ok && /expired/.test(old.reason), "the first link stops working when a new one is issued");
  await assert.rejects(
    acceptInvite(t.db, first, "cy-password-first"),
    (e: unknown) => e instanceof AppError && e.status === 410,
  );
  const third = await createInvite(t.db, userId, adminId);
  await acceptInvite(t.db, third, "cy-password-third");
  assert.equal((await checkInvite(t.db, second)).ok, false, "setting the password voids the other links");
  await assert.rejects(
    acceptInvite(t.db, second, "cy-password-second"),
    (e: unknown) => e instanceof AppError && e.status === 410,
  );
  assert.ok(await verifySignIn(t.db, "cy@example.org", "cy-password-third", null));
  await assert.rejects(createInvite(t.db, adminId, adminId), (e: unknown) => e instanceof AppError && e.status === 403);
  // Weak passwords are refused by the invite too, whatever the page sent.
  const fourth = await createInvite(t.db, userId, adminId);
  await assert.rejects(acceptInvite(t.db, fourth, "1234567890"), /most common/);
  await assert.rejects(acceptInvite(t.db, fourth, "A".repeat(73)), /at most 72 bytes/);
});

test("signing out revokes: the session's token no longer names a standing session", async () => {
  const { token, userId } = await createExpert(t.db, { email: "di@example.org", name: "Di" }, adminId);
  await acceptInvite(t.db, token, "di-password-123");
  const session = await verifySignIn(t.db, "di@example.org", "di-password-123", null);
  assert.ok(await sessionUser(t.db, userId, session.sessionVersion));
  await revokeSessions(t.db, userId);
  assert.equal(await sessionUser(t.db, userId, session.sessionVersion), null);
});
