/** The languages' check (scripts/check-messages.mjs) on the app's messages, and on made-up ones that must fail it. */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
// @ts-expect-error -- a plain ES module without types, shared with `npm run lint`
import { placeholders, problems, readMessages } from "../../scripts/check-messages.mjs";
import { INVITE_MESSAGES, SIGN_IN_MESSAGES } from "../accounts";

const root = path.resolve(import.meta.dirname, "..", "..");

test("every message is in English and Simplified Chinese, with the same placeholders", () => {
  const messages = readMessages(path.join(root, "messages"));
  assert.deepEqual(Object.keys(messages).sort(), ["en", "zh-CN"]);
  assert.deepEqual(problems(messages), []);
});

test("a key in one language only fails the check, and so does a placeholder one language lacks", () => {
  const found: string[] = problems({
    en: { A: { hello: "Hello {name}", only: "x", n: "{count, plural, one {# pair} other {# pairs}}" } },
    "zh-CN": { A: { hello: "你好", n: "{count} 对" }, B: { extra: "多" } },
  });
  assert.deepEqual(found, [
    "A.hello: placeholders {name} in en but {} in zh-CN",
    "A.only: only in en (missing in zh-CN)",
    "B.extra: only in zh-CN (missing in en)",
  ]);
});

test("placeholders: plain, typed, nested in plural and select branches; quoted braces are text", () => {
  assert.deepEqual(placeholders("{count, plural, =0 {none} one {# pair of {who}} other {# pairs}}"), ["count", "who"]);
  assert.deepEqual(placeholders("{when, date, short} at {place}"), ["place", "when"]);
  assert.deepEqual(placeholders("'{literal}' and {x}"), ["x"]);
  assert.deepEqual(placeholders("no arguments"), []);
});

test("every fixed sentence the server sends for the client to translate has its message (sign-in, invitations, stages)", () => {
  const { en } = readMessages(path.join(root, "messages")) as {
    en: {
      SignIn: { errors: Record<string, string> };
      Invite: { errors: Record<string, string> };
      Dsl: { stages: Record<string, string> };
    };
  };
  for (const k of Object.keys(SIGN_IN_MESSAGES)) assert.ok(en.SignIn.errors[k], `SignIn.errors.${k}`);
  for (const k of Object.keys(INVITE_MESSAGES)) assert.ok(en.Invite.errors[k], `Invite.errors.${k}`);
  for (const s of ["DRAFT", "REVISED", "VERIFIED", "FINAL"]) assert.ok(en.Dsl.stages[s], `Dsl.stages.${s}`);
});
