import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { THROTTLE } from "../auth/throttle";
import { acceptInvite, checkInvite, createExpert, ensureAdmin, sessionUser, setActive, UserError, verifySignIn } from "./users";
import { createTestDatabase, type TestDatabase } from "./testing";

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
  const results = await Promise.allSettled([acceptInvite(t.db, token, "first-password-1"), acceptInvite(t.db, token, "second-password-2")]);
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  const check = await checkInvite(t.db, token);
  assert.ok(!check.ok && /already been used/.test(check.reason));
  const winner = results.findIndex((r) => r.status === "fulfilled") === 0 ? "first-password-1" : "second-password-2";
  const u = await verifySignIn(t.db, "ana@example.org", winner, null);
  assert.equal(u.id, userId);
  assert.equal(u.role, "EXPERT");
  await assert.rejects(createExpert(t.db, { email: "ana@example.org", name: "Again" }, adminId), (e: unknown) => e instanceof UserError && e.status === 409);
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
  assert.deepEqual(events.map((e) => e.action), ["user.create", "user.invite", "user.accept-invite", "user.deactivate", "user.reactivate"]);
});

test("repeated failed sign-ins are slowed down, then refused for a while, even with the right password", async () => {
  const started = Date.now();
  for (let i = 0; i < THROTTLE.lockAfter; i++) {
    await assert.rejects(verifySignIn(t.db, "root@example.org", `wrong-${i}`, "10.1.2.3"), /Wrong email or password/);
  }
  // freeFailures attempts are instant, then 500 ms, 1000 ms, … : the guesses took measurably longer.
  assert.ok(Date.now() - started >= THROTTLE.delayStepMs * 3);
  await assert.rejects(verifySignIn(t.db, "root@example.org", "root-password-1", "10.9.9.9"), (e: unknown) => e instanceof UserError && e.status === 429 && /Try again in 15 minute/.test(e.message));
  // Another account is unaffected (the address has not reached its own, higher limit).
  await ensureAdmin(t.db, "other@example.org", "other-password-1");
  assert.ok(await verifySignIn(t.db, "other@example.org", "other-password-1", "10.1.2.3"));
});
