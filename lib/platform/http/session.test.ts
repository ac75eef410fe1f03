import assert from "node:assert/strict";
import { test } from "node:test";
import { encode } from "next-auth/jwt";
import { reloadConfig } from "../../kernel";
import { claimsOfToken, sessionTokenOf } from "./session";

delete process.env.NEXTAUTH_URL;

process.env.NEXTAUTH_SECRET = "session-test-secret";
reloadConfig();
const secret = process.env.NEXTAUTH_SECRET;

test("the session token is found in a Cookie header among others; a malformed one is no session", () => {
  assert.equal(sessionTokenOf("a=1; next-auth.session-token=abc.def; b=2"), "abc.def");
  // Two of the session cookie: readers could disagree on which one is the session, so there is none.
  assert.equal(sessionTokenOf("next-auth.session-token=first; next-auth.session-token=second"), undefined);
  assert.equal(sessionTokenOf("next-auth.session-token=same; a=1; next-auth.session-token=same"), undefined);
  // Over http only the plain name is read; over https only the __Secure- one (no cookie tossing with the other).
  assert.equal(sessionTokenOf("__Secure-next-auth.session-token=secure; next-auth.session-token=plain"), "plain");
  process.env.NEXTAUTH_URL = "https://judge.example.org";
  reloadConfig();
  try {
    assert.equal(sessionTokenOf("next-auth.session-token=plain; __Secure-next-auth.session-token=secure"), "secure");
    assert.equal(sessionTokenOf("next-auth.session-token=tossed"), undefined);
  } finally {
    delete process.env.NEXTAUTH_URL;
    reloadConfig();
  }
  assert.equal(sessionTokenOf("next-auth.session-token=%E0%A4%A"), undefined);
  assert.equal(sessionTokenOf("other=1"), undefined);
  assert.equal(sessionTokenOf(null), undefined);
});

test("a token next-auth signed gives its claims; expired, tampered or incomplete tokens give none", async () => {
  const token = await encode({ token: { uid: "u1", role: "EXPERT", sv: 3 }, secret });
  assert.deepEqual(await claimsOfToken(token), { userId: "u1", role: "EXPERT", sessionVersion: 3 });
  assert.deepEqual(
    await claimsOfToken(token),
    { userId: "u1", role: "EXPERT", sessionVersion: 3 },
    "the same again (from the cache)",
  );
  const expired = await encode({ token: { uid: "u1", role: "EXPERT", sv: 3 }, secret, maxAge: -10 });
  assert.equal(await claimsOfToken(expired), null);
  assert.equal(await claimsOfToken(token.slice(0, -4) + "AAAA"), null);
  assert.equal(
    await claimsOfToken(await encode({ token: { uid: "u1", role: "EXPERT", sv: 3 }, secret: "another-secret" })),
    null,
  );
  assert.equal(
    await claimsOfToken(await encode({ token: { uid: "u1", role: "EXPERT" }, secret })),
    null,
    "no session version",
  );
  assert.equal(await claimsOfToken(undefined), null);
});
