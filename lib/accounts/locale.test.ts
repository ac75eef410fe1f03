import assert from "node:assert/strict";
import { test } from "node:test";
import { chooseLocale, localeOfAcceptLanguage } from "./locale";
import { localeSetting } from "./locale-input";

test("Accept-Language: the highest q among the languages spoken, any Chinese as Simplified Chinese", () => {
  assert.equal(localeOfAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8"), "zh-CN");
  assert.equal(localeOfAcceptLanguage("en-US,en;q=0.9"), "en");
  assert.equal(localeOfAcceptLanguage("fr-FR, en;q=0.5, zh-TW;q=0.7"), "zh-CN");
  assert.equal(localeOfAcceptLanguage("de, fr;q=0.8"), null);
  assert.equal(localeOfAcceptLanguage("zh;q=0, en;q=0.1"), "en");
  assert.equal(localeOfAcceptLanguage(""), null);
  assert.equal(localeOfAcceptLanguage(null), null);
});

test("the account's setting wins over the browser; English when neither says", () => {
  assert.equal(chooseLocale("zh-CN", "en-US"), "zh-CN");
  assert.equal(chooseLocale("en", "zh-CN"), "en");
  assert.equal(chooseLocale(null, "zh-CN,zh"), "zh-CN");
  assert.equal(chooseLocale("klingon", "de"), "en");
  assert.equal(chooseLocale(undefined, undefined), "en");
});

test("the setting a route accepts: a known language or null, nothing else", () => {
  assert.deepEqual(localeSetting.parse({ locale: "zh-CN" }), { locale: "zh-CN" });
  assert.deepEqual(localeSetting.parse({ locale: null }), { locale: null });
  assert.equal(localeSetting.safeParse({ locale: "fr" }).success, false);
  assert.equal(localeSetting.safeParse({}).success, false);
  assert.equal(localeSetting.safeParse({ locale: "en", extra: 1 }).success, false);
});
