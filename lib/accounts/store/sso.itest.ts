import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { SIGN_IN_MESSAGES } from "../messages";
import { ssoClaims } from "../sso";
import { getSignInSettings, updateSignInSettings } from "./sign-in-settings";
import { ssoSignIn } from "./sso";
import { acceptInvite, createExpert, ensureAdmin, setActive, verifySignIn } from "./users";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

const ISSUER = "http://127.0.0.1:3571";
const provider = { issuer: ISSUER, allowedDomains: ["lab.example.org"] };
const idToken = (email: string, over: Record<string, unknown> = {}) =>
  ssoClaims({ iss: ISSUER, sub: email, email, email_verified: true, name: "From SSO", ...over }, "email");

let t: TestDatabase;
let adminId: string;
before(async () => {
  t = await createTestDatabase();
  await ensureAdmin(t.db, "root@example.org", "root-password-1");
  adminId = (await t.db.user.findUniqueOrThrow({ where: { email: "root@example.org" } })).id;
});
after(async () => t.drop());

test("an invited expert signs in through SSO as their account, and the invitation counts as accepted", async () => {
  const { userId, token } = await createExpert(t.db, { email: "ana@example.org", name: "Ana" }, adminId);
  const u = await ssoSignIn(t.db, idToken("Ana@Example.org"), provider);
  assert.deepEqual(u, { id: userId, email: "ana@example.org", name: "Ana", role: "EXPERT", sessionVersion: 0 });
  const invite = await t.db.invite.findFirstOrThrow({ where: { userId } });
  assert.ok(invite.usedAt, "the invitation is spent");
  await assert.rejects(acceptInvite(t.db, token, "some-password-1"), /already been used/);
  const events = await t.db.auditEvent.findMany({ where: { targetId: userId, action: "user.accept-invite" } });
  assert.deepEqual(
    events.map((e) => e.data),
    [{ via: "oidc" }],
  );
  // A second sign-in spends nothing more.
  await ssoSignIn(t.db, idToken("ana@example.org"), provider);
  assert.equal(await t.db.auditEvent.count({ where: { targetId: userId, action: "user.accept-invite" } }), 1);
});

test("an unknown email is refused and nothing is created; an allowed domain's is created as an expert once", async () => {
  await assert.rejects(ssoSignIn(t.db, idToken("stranger@elsewhere.org"), provider), {
    message: SIGN_IN_MESSAGES.ssoUnknown,
  });
  assert.equal(await t.db.user.count({ where: { email: "stranger@elsewhere.org" } }), 0);
  const both = await Promise.all([
    ssoSignIn(t.db, idToken("new@lab.example.org"), provider),
    ssoSignIn(t.db, idToken("new@lab.example.org"), provider),
  ]);
  assert.equal(both[0].id, both[1].id);
  const made = await t.db.user.findUniqueOrThrow({
    where: { email: "new@lab.example.org" },
    include: { destinations: true },
  });
  assert.equal(made.role, "EXPERT");
  assert.equal(made.name, "From SSO");
  assert.equal(made.passwordHash, null);
  assert.deepEqual(made.destinations, []);
  const audits = await t.db.auditEvent.findMany({ where: { targetId: made.id, action: "user.create" } });
  assert.equal(audits.length, 1);
  assert.equal(audits[0].actorId, null);
  assert.equal((audits[0].data as { via: string }).via, "oidc");
});

test("unverified emails and deactivated accounts are refused", async () => {
  await assert.rejects(ssoSignIn(t.db, idToken("ana@example.org", { email_verified: false }), provider), {
    message: SIGN_IN_MESSAGES.ssoUnverified,
  });
  const { userId } = await createExpert(t.db, { email: "gone@example.org", name: "Gone" }, adminId);
  await setActive(t.db, userId, false, adminId);
  await assert.rejects(ssoSignIn(t.db, idToken("gone@example.org"), provider), {
    message: SIGN_IN_MESSAGES.deactivated,
  });
  await assert.rejects(ssoSignIn(t.db, idToken("ana@example.org", { iss: "http://127.0.0.1:9999" }), provider), {
    message: SIGN_IN_MESSAGES.ssoFailed,
  });
});

test("experts on SSO only: an expert's right password is refused naming SSO; admins and reviewers keep theirs", async () => {
  const { token } = await createExpert(t.db, { email: "pw@example.org", name: "Pw" }, adminId);
  await acceptInvite(t.db, token, "expert-password-1");
  const rev = await createExpert(t.db, { email: "rev@example.org", name: "Rev", role: "REVIEWER" }, adminId);
  await acceptInvite(t.db, rev.token, "reviewer-password-1");
  assert.equal((await getSignInSettings(t.db)).expertsSsoOnly, false);
  await updateSignInSettings(t.db, { expertsSsoOnly: true }, adminId);
  const sso = { ssoConfigured: true };
  await assert.rejects(verifySignIn(t.db, "pw@example.org", "expert-password-1", null, sso), {
    message: SIGN_IN_MESSAGES.ssoOnly,
  });
  // A wrong password still says only that it is wrong.
  await assert.rejects(verifySignIn(t.db, "pw@example.org", "not-the-password", null, sso), {
    message: SIGN_IN_MESSAGES.wrong,
  });
  assert.equal((await verifySignIn(t.db, "rev@example.org", "reviewer-password-1", null, sso)).role, "REVIEWER");
  assert.equal((await verifySignIn(t.db, "root@example.org", "root-password-1", null, sso)).role, "ADMIN");
  // Without SSO configured the setting waits: experts keep their passwords.
  assert.equal((await verifySignIn(t.db, "pw@example.org", "expert-password-1", null)).role, "EXPERT");
  const audit = await t.db.auditEvent.findFirstOrThrow({ where: { targetId: "sign-in" } });
  assert.deepEqual(audit.data, { before: { expertsSsoOnly: false }, after: { expertsSsoOnly: true } });
  await updateSignInSettings(t.db, { expertsSsoOnly: false }, adminId);
});
