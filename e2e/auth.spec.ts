import { expect, test } from "@playwright/test";
import { ADMIN, EXPERT, shot, signIn, signOut } from "./helpers";

test("an expert signs in, sees the pairs waiting per destination, signs out", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin/);
  await shot(page, "signin");
  await signIn(page, EXPERT.email, EXPERT.password);
  await expect(page).toHaveURL(/\/expert/);
  await expect(page.getByRole("heading", { name: "Welcome, Amélie" })).toBeVisible();
  const paris = page.getByTestId("dest-Paris");
  await expect(paris).toBeVisible();
  // The demo has Paris pairs, none judged yet: the count is positive and the total matches the rows.
  const parisCount = Number(await paris.locator("td.num").innerText());
  expect(parisCount).toBeGreaterThan(0);
  const counts = await page.locator("tbody td.num").allInnerTexts();
  const total = counts.map(Number).reduce((a, b) => a + b, 0);
  await expect(page.getByTestId("waiting-total")).toHaveText(`${total} pairs wait for your judgment.`);
  await shot(page, "expert-home");
  await signOut(page);
  await page.goto("/expert");
  await expect(page).toHaveURL(/\/signin/);
});

test("a shared address opened signed out comes back after sign-in; an address elsewhere does not", async ({ page }) => {
  const shared = "/admin/pairs?agreement=split&q=%E5%BC%80%E6%94%BE%E6%97%B6%E9%97%B4+-%E9%97%AD%E9%A6%86";
  await page.goto(shared);
  await expect(page).toHaveURL(/\/signin\?next=%2Fadmin%2Fpairs%3Fagreement%3Dsplit/);
  const signInHere = async () => {
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  };
  await signInHere();
  await expect(page).toHaveURL((u) => u.pathname + u.search === shared);
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("开放时间 -闭馆");
  await signOut(page);
  // Another site's address, or one a browser reads as another site's, is not followed: home instead.
  for (const next of ["//evil.example/admin", "https://evil.example/", "/\\evil.example"]) {
    await page.goto(`/signin?next=${encodeURIComponent(next)}`);
    await signInHere();
    await expect(page).toHaveURL(/\/admin$/);
    expect(new URL(page.url()).host).not.toContain("evil");
    await signOut(page);
  }
});

test("wrong password and unknown user get a clear message, no stack trace", async ({ page }) => {
  await signIn(page, EXPERT.email, "not-the-password");
  await expect(page.locator("p[role=alert]")).toHaveText("Wrong email or password.");
  await signIn(page, "nobody@example.org", "whatever-password");
  await expect(page.locator("p[role=alert]")).toHaveText("Wrong email or password.");
  await signIn(page, "not-an-email", "x");
  await expect(page.locator("p[role=alert]")).toContainText("valid email");
  await expect(page.locator("body")).not.toContainText("at ");
});

test("an admin creates an expert; the invite link sets a password once; the expert signs in", async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const email = `new.expert.${Date.now()}@example.org`;
  await page.getByLabel("Name").fill("Nora Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create expert" }).click();
  const link = await page.getByTestId("invite-link").innerText();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByTestId(`user-${email}`)).toContainText("Invited");
  await shot(page, "admin-home");

  // Creating the same address twice is refused with a clear message.
  await page.getByLabel("Name").fill("Nora Again");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create expert" }).click();
  await expect(page.locator("p[role=alert]")).toContainText("already exists");

  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await guest.getByLabel("New password").fill("short");
  await guest.getByLabel("Repeat it").fill("short");
  await guest.getByRole("button", { name: "Set password" }).click();
  await expect(guest.locator("p[role=alert]")).toContainText("at least 10");
  await guest.getByLabel("New password").fill("a-good-password-42");
  await guest.getByLabel("Repeat it").fill("a-good-password-42");
  await shot(guest, "invite");
  await guest.getByRole("button", { name: "Set password" }).click();
  await expect(guest).toHaveURL(/\/signin\?set=1/);
  // The link is spent.
  await guest.goto(link);
  await expect(guest.getByTestId("invite-error")).toContainText("already been used");
  await guest.goto("/invite/not-a-real-token");
  await expect(guest.getByTestId("invite-error")).toContainText("not valid");

  await signIn(guest, email, "a-good-password-42");
  await expect(guest).toHaveURL(/\/expert/);
  await expect(guest.getByText("No destinations are assigned to you yet")).toBeVisible();
  await guest.close();
});

test("another client sets an invited expert's password through POST /api/invite/<token>, once", async ({
  page,
  browser,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const email = `api.invite.${Date.now()}@example.org`;
  const created = await page.request.post("/api/admin/users", { data: { email, name: "Api Invitee" } });
  expect(created.status()).toBe(201);
  const { inviteUrl } = (await created.json()) as { inviteUrl: string };
  const token = inviteUrl.split("/invite/")[1];
  const client = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const weak = await client.request.post(`/api/invite/${token}`, { data: { password: "short", confirm: "short" } });
  expect(weak.status()).toBe(400);
  const ok = await client.request.post(`/api/invite/${token}`, {
    data: { password: "an-api-password-42", confirm: "an-api-password-42" },
  });
  expect(ok.status()).toBe(200);
  const again = await client.request.post(`/api/invite/${token}`, {
    data: { password: "another-password-42", confirm: "another-password-42" },
  });
  expect(again.status()).toBe(410);
  expect((await again.json()).code).toBe("gone");
  await client.close();
  const expert = await browser.newPage();
  await signIn(expert, email, "an-api-password-42");
  await expect(expert).toHaveURL(/\/expert/);
  await expert.close();
});

test("a deactivated expert is signed out at once and cannot sign in", async ({ page, browser }) => {
  const expert = await browser.newPage();
  await signIn(expert, "kenji@demo.tripjudge", EXPERT.password);
  await expect(expert).toHaveURL(/\/expert/);

  await signIn(page, ADMIN.email, ADMIN.password);
  const row = page.getByTestId("user-kenji@demo.tripjudge");
  await row.getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");

  // The open session stops working.
  await expert.goto("/expert");
  await expect(expert).toHaveURL(/\/signin/);
  await signIn(expert, "kenji@demo.tripjudge", EXPERT.password);
  await expect(expert.locator("p[role=alert]")).toContainText("deactivated");

  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(row).toContainText("Active");
  await signIn(expert, "kenji@demo.tripjudge", EXPERT.password);
  await expect(expert).toHaveURL(/\/expert/);
  await expert.close();
});

test("an expert gets 403 or a redirect on every admin page and admin API route", async ({ page }) => {
  await signIn(page, EXPERT.email, EXPERT.password);
  await expect(page).toHaveURL(/\/expert/);
  for (const path of ["/admin", "/admin/import", "/admin/assign", "/admin/analytics", "/admin/weights"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/forbidden/);
    await expect(page.getByRole("heading", { name: /403/ })).toBeVisible();
  }
  const api = page.request;
  const calls: [string, string][] = [
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users"],
    ["PATCH", "/api/admin/users/some-id"],
    ["POST", "/api/admin/users/some-id/invite"],
    ["GET", "/api/admin/destinations"],
    ["GET", "/api/admin/datasets"],
    ["POST", "/api/admin/datasets"],
    ["GET", "/api/admin/analytics"],
    ["GET", "/api/admin/exports/training-pairs"],
    ["GET", "/api/admin/fits"],
    ["POST", "/api/admin/fits"],
    ["GET", "/api/admin/fits/some-id"],
    ["POST", "/api/admin/fits/some-id/adopt"],
    ["POST", "/api/admin/weights"],
  ];
  for (const [method, url] of calls) {
    const res = await api.fetch(url, { method, data: method === "GET" ? undefined : {} });
    expect(res.status(), `${method} ${url}`).toBe(403);
  }
  // And anonymous callers get 401.
  const anon = await page.context().browser()!.newContext();
  const res = await anon.request.get(`${test.info().project.use.baseURL}/api/admin/users`);
  expect(res.status()).toBe(401);
  await anon.close();
});

test("admin API rejects malformed and oversized payloads with clear errors", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const bad = await page.request.post("/api/admin/users", {
    headers: { "content-type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toContain("not valid JSON");
  const wrong = await page.request.post("/api/admin/users", { data: { email: 42, name: "" } });
  expect(wrong.status()).toBe(400);
  const huge = await page.request.post("/api/admin/users", { data: { email: "a@b.co", name: "x".repeat(100_000) } });
  expect(huge.status()).toBe(413);
  const health = await page.request.get("/api/health");
  expect(await health.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
});
