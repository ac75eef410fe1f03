import assert from "node:assert/strict";
import { test } from "node:test";
import { CONFIG_SCHEMA, configProblems } from "../kernel";
import { SIGN_IN_MESSAGES, signInMessage } from "./messages";
import { decideSsoSignIn, oidcSettings, passwordRefused, sameIssuer, ssoClaims, type KnownAccount } from "./sso";

const ISSUER = "https://login.example.org/realms/lab";
const claims = (over: Record<string, unknown> = {}) =>
  ssoClaims(
    { iss: ISSUER, sub: "s1", email: "Ana@Lab.Example.org", email_verified: true, name: "Ana", ...over },
    "email",
  );
const expert: KnownAccount = { id: "u1", role: "EXPERT", active: true };

test("a verified email of an existing (or invited) account signs in as that account", () => {
  assert.deepEqual(decideSsoSignIn(claims(), ISSUER, expert, []), { kind: "account", accountId: "u1" });
  // Case and a trailing slash on the issuer do not matter.
  assert.equal(claims().email, "ana@lab.example.org");
  assert.deepEqual(decideSsoSignIn(claims({ iss: ISSUER + "/" }), ISSUER, expert, []).kind, "account");
});

test("an unknown email is refused, unless its domain is allowed: then a new expert", () => {
  assert.deepEqual(decideSsoSignIn(claims(), ISSUER, null, []), {
    kind: "refuse",
    message: SIGN_IN_MESSAGES.ssoUnknown,
  });
  assert.deepEqual(decideSsoSignIn(claims(), ISSUER, null, ["example.org"]), {
    kind: "refuse",
    message: SIGN_IN_MESSAGES.ssoUnknown, // a parent domain is not the email's domain
  });
  assert.deepEqual(decideSsoSignIn(claims(), ISSUER, null, ["lab.example.org"]), {
    kind: "create",
    email: "ana@lab.example.org",
    name: "Ana",
  });
  assert.deepEqual(decideSsoSignIn(claims({ name: undefined }), ISSUER, null, ["lab.example.org"]), {
    kind: "create",
    email: "ana@lab.example.org",
    name: "ana",
  });
});

test("an unverified or missing email is refused with its own message, even for a known account", () => {
  for (const v of [false, undefined, "false", 1])
    assert.deepEqual(decideSsoSignIn(claims({ email_verified: v }), ISSUER, expert, ["lab.example.org"]), {
      kind: "refuse",
      message: SIGN_IN_MESSAGES.ssoUnverified,
    });
  assert.equal(decideSsoSignIn(claims({ email_verified: "true" }), ISSUER, expert, []).kind, "account");
  for (const email of [undefined, "", "not-an-email", 42])
    assert.deepEqual(decideSsoSignIn(claims({ email }), ISSUER, expert, []), {
      kind: "refuse",
      message: SIGN_IN_MESSAGES.ssoNoEmail,
    });
});

test("the email comes from the configured claim", () => {
  const c = ssoClaims({ iss: ISSUER, upn: "bo@lab.example.org", email_verified: true }, "upn");
  assert.equal(c.email, "bo@lab.example.org");
  assert.equal(ssoClaims({ iss: ISSUER, upn: "bo@lab.example.org" }, "email").email, null);
});

test("an ID token from another issuer is refused before anything else", () => {
  assert.equal(sameIssuer(ISSUER, ISSUER), true);
  for (const other of ["https://evil.example.org/realms/lab", ISSUER + "x", "", undefined, null, 7])
    assert.equal(sameIssuer(ISSUER, other), false, String(other));
  assert.deepEqual(decideSsoSignIn(claims({ iss: "https://evil.example.org" }), ISSUER, expert, []), {
    kind: "refuse",
    message: SIGN_IN_MESSAGES.ssoFailed,
  });
});

test("a deactivated account is refused as with a password", () => {
  assert.deepEqual(decideSsoSignIn(claims(), ISSUER, { ...expert, active: false }, []), {
    kind: "refuse",
    message: SIGN_IN_MESSAGES.deactivated,
  });
});

test("passwords off for experts only, and only while SSO is configured", () => {
  assert.equal(passwordRefused("EXPERT", true, true), true);
  assert.equal(passwordRefused("EXPERT", true, false), false);
  assert.equal(passwordRefused("EXPERT", false, true), false);
  assert.equal(passwordRefused("ADMIN", true, true), false);
  assert.equal(passwordRefused("REVIEWER", true, true), false);
});

test("the configuration: no issuer, no SSO; an issuer needs its client; domains are parsed", () => {
  assert.equal(oidcSettings(CONFIG_SCHEMA.parse({})), null);
  assert.deepEqual(configProblems({ TRIPJUDGE_OIDC_ISSUER: ISSUER }).sort(), [
    "TRIPJUDGE_OIDC_CLIENT_ID: required with TRIPJUDGE_OIDC_ISSUER",
    "TRIPJUDGE_OIDC_CLIENT_SECRET: required with TRIPJUDGE_OIDC_ISSUER",
  ]);
  assert.equal(configProblems({ TRIPJUDGE_OIDC_ALLOWED_DOMAINS: "lab.example.org, not a domain" }).length, 1);
  const s = oidcSettings(
    CONFIG_SCHEMA.parse({
      TRIPJUDGE_OIDC_ISSUER: ISSUER,
      TRIPJUDGE_OIDC_CLIENT_ID: "tripjudge",
      TRIPJUDGE_OIDC_CLIENT_SECRET: "s3cret",
      TRIPJUDGE_OIDC_ALLOWED_DOMAINS: " Lab.Example.org,@example.edu ",
    }),
  );
  assert.deepEqual(s, {
    issuer: ISSUER,
    clientId: "tripjudge",
    clientSecret: "s3cret",
    emailClaim: "email",
    allowedDomains: ["lab.example.org", "example.edu"],
    name: "single sign-on",
  });
});

test("next-auth's error codes become our sentences on /signin", () => {
  assert.equal(signInMessage("OAuthCallback"), SIGN_IN_MESSAGES.ssoFailed);
  assert.equal(signInMessage(SIGN_IN_MESSAGES.ssoUnknown), SIGN_IN_MESSAGES.ssoUnknown);
  assert.equal(signInMessage("toString"), SIGN_IN_MESSAGES.failed);
});
