import assert from "node:assert/strict";
import { test } from "node:test";
import { returnPath, signInFor } from "./return-path";

test("a page of this site is followed back after sign-in, with its query", () => {
  assert.equal(returnPath("/admin/pairs?q=%E5%BC%80&agreement=split"), "/admin/pairs?q=%E5%BC%80&agreement=split");
  assert.equal(returnPath("/admin/pairs/abc-123"), "/admin/pairs/abc-123");
  assert.equal(signInFor("/admin/pairs?q=x y"), "/signin?next=%2Fadmin%2Fpairs%3Fq%3Dx%20y");
  assert.equal(signInFor("/"), "/signin");
});

test("another origin, the sign-in page, an API or an oversized or odd path goes home instead", () => {
  for (const bad of [
    null,
    undefined,
    "",
    "admin",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "/admin\\..\\x",
    "/signin",
    "/signin?next=/admin",
    "/api/admin/users",
    "/admin\r\nSet-Cookie: x=1",
    `/${"a".repeat(2001)}`,
  ])
    assert.equal(returnPath(bad), null, String(bad));
  assert.equal(signInFor("//evil.example/"), "/signin");
});
