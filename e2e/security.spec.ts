/** What an attacker tried (issue "Security and faults"): cross-site requests, a copied token after sign-out, huge bodies. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, signIn, signOut } from "./helpers";

const base = () => test.info().project.use.baseURL!;

/** A page on another port of the same host: same site, another origin. */
async function attackerSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

test("a page on another port cannot create accounts with the admin's cookie (form and no-cors fetch)", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const stamp = Date.now();
  const site = await attackerSite(`<!doctype html><body>
    <form id="f" method="POST" action="${base()}/api/admin/users" enctype="text/plain" target="sink">
      <input name='{"email":"csrf-form-${stamp}@example.org","name":"x","ignore":"' value='"}'>
    </form><iframe name="sink"></iframe>
    <script>
      fetch("${base()}/api/admin/users", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" },
        body: JSON.stringify({ email: "csrf-fetch-${stamp}@example.org", name: "y" }) }).finally(() => { document.getElementById("f").submit(); document.title = "sent"; });
    </script></body>`);
  try {
    await page.goto(site.url);
    await expect(page).toHaveTitle("sent");
    await page.waitForTimeout(1500);
  } finally {
    await site.close();
  }
  await page.goto("/admin");
  const users = await (await page.request.get("/api/admin/users")).json();
  const emails = (users.users as { email: string }[]).map((u) => u.email);
  expect(emails.filter((e) => e.includes(`csrf-`) && e.includes(String(stamp)))).toEqual([]);
  // Said plainly to a client that sends a foreign Origin, and a body that is not JSON is refused too.
  const foreign = await page.request.post("/api/admin/users", {
    data: { email: `origin-${stamp}@example.org`, name: "z" },
    headers: { origin: "http://localhost:1" },
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error).toContain("may not change anything here");
  const textPlain = await page.request.post("/api/admin/users", {
    data: JSON.stringify({ email: `text-${stamp}@example.org`, name: "z" }),
    headers: { "content-type": "text/plain" },
  });
  expect(textPlain.status()).toBe(415);
  // A claim is a POST: a GET (a link, an <img>) claims nothing.
  expect((await page.request.get("/api/judge/next")).status()).toBe(405);
  // NUL characters and impossible dates: clear 400s, before anything streams.
  expect((await page.request.patch("/api/admin/users/abc%00def", { data: { active: true } })).status()).toBe(400);
  for (const url of [
    "/api/admin/exports/judgments?dataset=a%00b",
    "/api/admin/exports/judgments?from=9999-99-99",
    "/api/admin/exports/judgments?to=2026-02-30",
  ]) {
    const r = await page.request.get(url);
    expect(r.status(), url).toBe(400);
  }
  expect((await page.request.patch("/api/admin/users/x", { data: { active: "a\u0000" } })).status()).toBe(400);
});

test("signing out ends the session: a token copied before works nowhere afterwards, the fast path included", async ({
  page,
  browser,
}) => {
  await signIn(page, "wei@demo.tripjudge", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/expert/);
  const copied = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const thief = await browser.newContext({ baseURL: base(), extraHTTPHeaders: { cookie: copied } });
  // A call the session answers without claiming anything: there is no destination "none" (404, not 401).
  expect((await thief.request.post("/api/judge/next?destination=none")).status()).toBe(404);
  await page.goto("/expert");
  await signOut(page);
  expect((await thief.request.post("/api/judge/next?destination=none")).status()).toBe(401);
  expect(
    (
      await thief.request.post("/api/judge/x/submit", {
        data: {
          choice: "left",
          rationale: "A rationale long enough for any setting of the minimum.",
          timeOnTaskMs: 1,
          clientRequestId: "copied-token-1",
        },
      })
    ).status(),
  ).toBe(401);
  expect((await thief.request.get("/api/expert/waiting")).status()).toBe(401);
  await thief.close();
  // Signing in again works.
  await signIn(page, "wei@demo.tripjudge", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/expert/);
});

test("a request with two session cookies has no session, on the judging fast path and on pages alike", async ({
  page,
  browser,
}) => {
  const tokenOf = async (email: string) => {
    const ctx = await browser.newContext({ baseURL: base() });
    const p = await ctx.newPage();
    await signIn(p, email, DEMO_PASSWORD);
    await expect(p).toHaveURL(/\/expert/);
    const c = (await ctx.cookies()).find((x) => /session-token$/.test(x.name))!;
    await ctx.close();
    return c;
  };
  const a = await tokenOf("wei@demo.tripjudge");
  const b = await tokenOf("kenji@demo.tripjudge");
  const both = await browser.newContext({
    baseURL: base(),
    extraHTTPHeaders: { cookie: `${a.name}=${a.value}; ${b.name}=${b.value}` },
  });
  expect((await both.request.post("/api/judge/next?destination=none")).status()).toBe(401);
  expect((await both.request.get("/api/expert/waiting")).status()).toBe(401);
  const shown = await both.newPage();
  await shown.goto("/expert");
  await expect(shown).toHaveURL(/\/signin/);
  await both.close();
  // Each alone is a session.
  const one = await browser.newContext({ baseURL: base(), extraHTTPHeaders: { cookie: `${a.name}=${a.value}` } });
  expect((await one.request.post("/api/judge/next?destination=none")).status()).toBe(404); // a session: not 401
  await one.close();
  void page;
});

test("an endless chunked body to the sign-in callback is cut off at its limit with 413, and the server keeps serving", async () => {
  const started = Date.now();
  const answer = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
    let sent = 0;
    const req = http.request(
      `${base()}/api/auth/callback/credentials`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent });
      },
    );
    req.on("error", (e) => (sent > 0 ? resolve({ status: 0, sent }) : reject(e)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      // Up to 300 MB unless the server stops reading first.
      while (sent < 300 * 1024 * 1024 && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
  expect(answer.status === 413 || answer.status === 0).toBe(true);
  expect(answer.sent).toBeLessThan(50 * 1024 * 1024);
  expect(Date.now() - started).toBeLessThan(20_000);
  const health = await fetch(`${base()}/api/health`);
  expect(health.status).toBe(200);
});
