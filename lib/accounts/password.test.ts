import assert from "node:assert/strict";
import { test } from "node:test";
import { inviteMessage, signInMessage, SIGN_IN_MESSAGES } from "./messages";
import { MAX_PASSWORD_BYTES, PASSWORD_MESSAGES, passwordProblem } from "./password";

test("new passwords: long enough, within the 72 bytes bcrypt reads, not a common one", () => {
  assert.equal(passwordProblem("short"), PASSWORD_MESSAGES.short);
  assert.equal(passwordProblem("A".repeat(72) + "x"), PASSWORD_MESSAGES.long); // would match "A"*72 + anything
  assert.equal(passwordProblem("é".repeat(37)), PASSWORD_MESSAGES.long); // 74 bytes in UTF-8
  assert.equal(passwordProblem("A".repeat(MAX_PASSWORD_BYTES)), null);
  assert.equal(passwordProblem("1234567890"), PASSWORD_MESSAGES.common);
  assert.equal(passwordProblem("QwertyUiop"), PASSWORD_MESSAGES.common);
  assert.equal(passwordProblem("tram-lantern-87-quince"), null);
});

test("the sign-in and invite pages show only known messages from ?error=", () => {
  assert.equal(signInMessage(SIGN_IN_MESSAGES.wrong), SIGN_IN_MESSAGES.wrong);
  assert.equal(
    signInMessage("Too many failed sign-ins. Try again in 15 minute(s)."),
    "Too many failed sign-ins. Try again in 15 minute(s).",
  );
  assert.equal(signInMessage("Your account is suspended: call +1 555 0100 now"), SIGN_IN_MESSAGES.failed);
  assert.equal(signInMessage("CredentialsSignin"), SIGN_IN_MESSAGES.failed);
  assert.equal(signInMessage(undefined), null);
  assert.equal(inviteMessage(PASSWORD_MESSAGES.common, Object.values(PASSWORD_MESSAGES)), PASSWORD_MESSAGES.common);
  assert.equal(
    inviteMessage("Send your password to evil@example.org", Object.values(PASSWORD_MESSAGES)),
    "The password could not be saved. Try again.",
  );
});
