/**
 * Single sign-on against a real OpenID provider (e2e/oidc-provider.ts, started by e2e/global-setup.ts; the server is
 * configured with it in e2e/server-env.ts): an invited expert enters as their account, sign-out revokes the cookie,
 * unknown / unverified / deactivated users are refused with our sentences, a paused expert is stopped as with a
 * password, a replayed callback, an expired state and an impostor issuer make no session, and the "experts on SSO only" setting.
 * Its experts are its own (sso.*@example.org, and one made from the allowed domain sso-lab.example.org).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { SIGN_IN_MESSAGES } from "../lib/accounts";
import { decode, encode } from "next-auth/jwt";
import { ADMIN, e2eSql, shot, signIn, signOut } from "./helpers";
import { E2E_OIDC_PORT, E2E_SERVER_ENV } from "./server-env";

// Each walk opens several browsers and goes through the provider's pages more than once.
test.describe.configure({ timeout: 150_000 });

const PROVIDER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
const SESSION_COOKIE = "next-auth.session-token";
const STATE_COOKIE = "next-auth.state";

/** A fresh browser (no cookies: neither the app's nor the provider's). */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** An account made by the admin (invited, no password yet); its id. */
async function invited(browser: Browser, email: string, name: string): Promise<string> {
  const existing = await e2eSql<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [email]);
  if (existing.length) return existing[0].id;
  const admin = await freshPage(browser);
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin/);
  const res = await admin.request.post("/api/admin/users", { data: { email, name } });
  expect(res.status()).toBe(201);
  const { userId } = (await res.json()) as { userId: string };
  await admin.context().close();
  return userId;
}

/** From /signin through the provider's login and consent pages, as `login`; back at the app after. */
async function ssoSignIn(page: Page, login: string, opts: { shots?: string } = {}) {
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with Lab ID" }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  expect(page.url().startsWith(PROVIDER)).toBe(true);
  if (opts.shots) await shot(page, `${opts.shots}-provider-login`);
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => u.port !== String(E2E_OIDC_PORT) && !u.pathname.startsWith("/api/auth/callback"));
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
}

async function expectRefused(page: Page, message: string) {
  await expect(page).toHaveURL(/\/signin\?(.*&)?error=/);
  await expect(page.locator("p[role=alert]")).toHaveText(message);
  expect(await sessionCookie(page)).toBeUndefined();
  expect((await page.request.get("/api/expert/waiting")).status()).toBe(401);
}

test("an invited expert signs in with the provider as their account; sign-out revokes the cookie", async ({
  browser,
}) => {
  const id = await invited(browser, "sso.sam@example.org", "Sam Single");
  const page = await freshPage(browser);
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in with Lab ID" })).toBeVisible();
  await shot(page, "oidc-signin");
  await ssoSignIn(page, "Sso.Sam@example.org", { shots: "oidc" });
  await expect(page).toHaveURL(/\/expert/);
  await expect(page.getByRole("heading", { name: "Welcome, Sam", exact: true })).toBeVisible();
  await shot(page, "oidc-expert-home");
  expect((await page.request.get("/api/expert/waiting")).status()).toBe(200);
  // The invitation counts as accepted.
  const [invite] = await e2eSql<{ usedAt: Date | null }>(`SELECT "usedAt" FROM "Invite" WHERE "userId" = $1`, [id]);
  expect(invite.usedAt).not.toBeNull();

  const cookie = await sessionCookie(page);
  expect(cookie).toBeDefined();
  await signOut(page);
  // A copy of the old cookie is worth nothing after sign-out.
  const copy = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await copy.addCookies([cookie!]);
  expect((await copy.request.get("/api/expert/waiting")).status()).toBe(401);
  await copy.close();
});

test("unknown and unverified users are refused with a sentence; an allowed domain's user becomes an expert", async ({
  browser,
}) => {
  const stranger = await freshPage(browser);
  await ssoSignIn(stranger, "stranger@elsewhere.example.org");
  await expectRefused(stranger, SIGN_IN_MESSAGES.ssoUnknown);
  await shot(stranger, "oidc-refused-unknown");
  expect(await e2eSql(`SELECT 1 FROM "User" WHERE email = 'stranger@elsewhere.example.org'`)).toHaveLength(0);

  await invited(browser, "sso.unverified@example.org", "Una Unverified");
  const unverified = await freshPage(browser);
  await ssoSignIn(unverified, "sso.unverified@example.org");
  await expectRefused(unverified, SIGN_IN_MESSAGES.ssoUnverified);

  const newcomer = await freshPage(browser);
  await ssoSignIn(newcomer, "nina.newcomer@sso-lab.example.org");
  await expect(newcomer).toHaveURL(/\/expert/);
  const [made] = await e2eSql<{ role: string; destinations: number }>(
    `SELECT u.role::text AS role, (SELECT count(*)::int FROM "ExpertDestination" d WHERE d."userId" = u.id) AS destinations
       FROM "User" u WHERE email = 'nina.newcomer@sso-lab.example.org'`,
  );
  expect(made).toEqual({ role: "EXPERT", destinations: 0 });
});

test("a deactivated expert is refused; a paused one enters but judges nothing, as with a password", async ({
  browser,
}) => {
  const gone = await invited(browser, "sso.gone@example.org", "Gus Gone");
  await e2eSql(`UPDATE "User" SET active = false WHERE id = $1`, [gone]);
  const page = await freshPage(browser);
  await ssoSignIn(page, "sso.gone@example.org");
  await expectRefused(page, SIGN_IN_MESSAGES.deactivated);

  const paused = await invited(browser, "sso.paused@example.org", "Pia Paused");
  await e2eSql(`UPDATE "User" SET standing = 'PAUSED', active = true WHERE id = $1`, [paused]);
  try {
    const expert = await freshPage(browser);
    await ssoSignIn(expert, "sso.paused@example.org");
    await expect(expert).toHaveURL(/\/expert/);
    const next = await expert.request.post("/api/judge/next", { data: {} });
    expect(next.status()).toBe(200);
    expect(await next.json()).toMatchObject({ assignment: null, standing: { state: "PAUSED" } });
    await expert.goto("/judge");
    await expect(expert.getByTestId("standing-notice")).toContainText("paused");
    await shot(expert, "oidc-paused");
  } finally {
    // quality.spec.ts counts the paused experts: this one leaves the count as it found it.
    await e2eSql(`UPDATE "User" SET standing = 'ACTIVE', active = false WHERE id = $1`, [paused]);
  }
});

test("a replayed callback makes no session", async ({ browser }) => {
  await invited(browser, "sso.rita@example.org", "Rita Replay");
  const page = await freshPage(browser);
  let callback: string | null = null;
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/callback/oidc")) callback ??= r.url();
  });
  await ssoSignIn(page, "sso.rita@example.org");
  await expect(page).toHaveURL(/\/expert/);
  expect(callback).not.toBeNull();
  // Another browser (no state cookie) and the first one again (its state cookie was spent): both refused.
  const thief = await freshPage(browser);
  await thief.goto(callback!);
  await expectRefused(thief, SIGN_IN_MESSAGES.ssoFailed);
  await shot(thief, "oidc-refused-replay");
  const before = await sessionCookie(page);
  const replay = await page.request.get(callback!, { maxRedirects: 0 });
  expect(replay.headers().location).toMatch(/\/api\/auth\/error\?error=OAuthCallback/);
  expect((await sessionCookie(page))?.value).toBe(before?.value); // no new session was made
});

test("a sign-in whose state has expired makes no session", async ({ browser }) => {
  await invited(browser, "sso.esme@example.org", "Esme Expired");
  const page = await freshPage(browser);
  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with Lab ID" }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  // The state cookie next-auth set (15 minutes' life), sealed again as if issued 20 minutes ago: what the app gets
  // from a browser left on the provider's login page too long.
  const [state] = (await page.context().cookies()).filter((c) => c.name === STATE_COOKIE);
  expect(state).toBeDefined();
  const sealed = { secret: E2E_SERVER_ENV.NEXTAUTH_SECRET, salt: STATE_COOKIE };
  const payload = await decode({ ...sealed, token: state.value });
  expect(payload?.value).toBeTruthy();
  const { value, provider } = payload as { value: string; provider: string };
  const stale = await encode({ ...sealed, token: { value, provider }, maxAge: -5 * 60 });
  await page.context().addCookies([{ ...state, value: stale }]);
  await page.getByPlaceholder("Enter any login").fill("sso.esme@example.org");
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => u.port !== String(E2E_OIDC_PORT) && !u.pathname.startsWith("/api/auth/callback"));
  await expectRefused(page, SIGN_IN_MESSAGES.ssoFailed);
  await shot(page, "oidc-refused-expired-state");
});

test("a provider answering as another issuer is refused", async ({ browser }) => {
  await invited(browser, "sso.ivan@example.org", "Ivan Issuer");
  const page = await freshPage(browser);
  expect((await page.request.post(`${PROVIDER}/__e2e/impostor/on`)).status()).toBe(204);
  try {
    await ssoSignIn(page, "sso.ivan@example.org");
    await expectRefused(page, SIGN_IN_MESSAGES.ssoFailed);
  } finally {
    await page.request.post(`${PROVIDER}/__e2e/impostor/off`);
  }
});

test("experts on SSO only: an expert's password is refused naming SSO; the admin's still works", async ({
  browser,
  page,
}) => {
  const admin = page;
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin/);
  const created = await admin.request.post("/api/admin/users", {
    data: { email: `sso.pat.${Date.now()}@example.org`, name: "Pat Password" },
  });
  const { inviteUrl } = (await created.json()) as { inviteUrl: string };
  const email = (
    await e2eSql<{ email: string }>(
      `SELECT email FROM "User" WHERE name = 'Pat Password' ORDER BY "createdAt" DESC LIMIT 1`,
    )
  )[0].email;
  const set = await admin.request.post(`/api/invite/${inviteUrl.split("/invite/")[1]}`, {
    data: { password: "pat-password-4242", confirm: "pat-password-4242" },
  });
  expect(set.status()).toBe(200);

  const section = admin.getByRole("region", { name: "Sign-in" });
  const box = section.getByRole("checkbox", { name: /Experts sign in with single sign-on only/ });
  await admin.goto("/admin");
  await expect(section).toContainText("Sign in with Lab ID");
  /** Flips the box and waits for the server's answer (the box itself flips at once). */
  const setBox = async (on: boolean) => {
    const saved = admin.waitForResponse(
      (r) => r.url().endsWith("/api/admin/sign-in-settings") && r.request().method() === "PUT",
    );
    await box.setChecked(on);
    expect((await saved).status()).toBe(200);
  };
  try {
    await setBox(true);
    await admin.reload();
    await expect(box).toBeChecked();
    await shot(admin, "oidc-admin-setting");
    const expert = await freshPage(browser);
    await signIn(expert, email, "pat-password-4242");
    await expect(expert.locator("p[role=alert]")).toHaveText(SIGN_IN_MESSAGES.ssoOnly);
    await shot(expert, "oidc-password-refused");
    // Admins keep their passwords: the way back in.
    const again = await freshPage(browser);
    await signIn(again, ADMIN.email, ADMIN.password);
    await expect(again).toHaveURL(/\/admin/);
  } finally {
    // Put back through the API whatever failed above: later specs sign experts in with passwords.
    const off = await admin.request.put("/api/admin/sign-in-settings", { data: { expertsSsoOnly: false } });
    expect(off.status()).toBe(200);
  }
  await admin.goto("/admin");
  await setBox(true);
  await setBox(false);
  await admin.reload();
  await expect(box).not.toBeChecked();
  const expert = await freshPage(browser);
  await signIn(expert, email, "pat-password-4242");
  await expect(expert).toHaveURL(/\/expert/);
});
