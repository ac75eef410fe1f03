/** An account's language setting in PostgreSQL: unset at first, set, cleared, and what the request's choice makes of it. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { chooseLocale } from "../locale";
import { accountLocale, setAccountLocale } from "./locale";
import { ensureAdmin } from "./users";
import { createTestDatabase, type TestDatabase } from "../../testing/database";

let t: TestDatabase;
let id: string;
before(async () => {
  t = await createTestDatabase();
  await ensureAdmin(t.db, "lang@example.org", "lang-password-1");
  id = (await t.db.user.findUniqueOrThrow({ where: { email: "lang@example.org" } })).id;
});
after(async () => t.drop());

test("a new account follows the browser; its setting then wins over it, until cleared", async () => {
  assert.equal(await accountLocale(t.db, id), null);
  assert.equal(chooseLocale(await accountLocale(t.db, id), "zh-CN,zh;q=0.9"), "zh-CN");
  await setAccountLocale(t.db, id, "zh-CN");
  assert.equal(await accountLocale(t.db, id), "zh-CN");
  assert.equal(chooseLocale(await accountLocale(t.db, id), "en-US"), "zh-CN");
  await setAccountLocale(t.db, id, "en");
  assert.equal(chooseLocale(await accountLocale(t.db, id), "zh-CN"), "en");
  await setAccountLocale(t.db, id, null);
  assert.equal(await accountLocale(t.db, id), null);
  assert.equal(await accountLocale(t.db, "no-such-account"), null);
});
