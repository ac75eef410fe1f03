import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import pg from "pg";
import { ADMIN, DEMO_PASSWORD, e2eDb, signIn } from "./helpers";
import { E2E_SERVER_ENV } from "./server-env";

// The judging API's two hot calls are answered by the server's fast path (lib/judging/http/fast-path.ts) and,
// with TRIPJUDGE_FAST_PATH=0, by Next.js's route handlers: a client must get the same answers from both,
// so every test here runs against each. Nothing here claims a pair.
const WEI = "wei@demo.tripjudge";
const ROUTE_HANDLERS_PORT = 3101;

async function setActive(email: string, active: boolean) {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  try {
    await c.query(`UPDATE "User" SET active = $2 WHERE email = $1`, [email, active]);
  } finally {
    await c.end();
  }
}

async function destinationId(name: string): Promise<string> {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  try {
    return (await c.query<{ id: string }>(`SELECT id FROM "Destination" WHERE name = $1`, [name])).rows[0].id;
  } finally {
    await c.end();
  }
}

/** Runs `fn` with a destination of the expert's that has no pairs (a next-pair call there answers "none"), then removes it. */
async function withEmptyDestination(email: string, fn: (id: string) => Promise<void>) {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  const id = `e2e-empty-${Date.now()}`;
  try {
    await c.query(`INSERT INTO "Destination" (id, name, country, lat, lon) VALUES ($1, $1, 'Nowhere', 0, 0)`, [id]);
    await c.query(
      `INSERT INTO "ExpertDestination" ("userId", "destinationId", familiarity) SELECT id, $2, 3 FROM "User" WHERE email = $1`,
      [email, id],
    );
    await fn(id);
  } finally {
    await c.query(`DELETE FROM "Destination" WHERE id = $1`, [id]);
    await c.end();
  }
}

function judgingApiTests() {
  test("the judging API refuses strangers, admins, bad bodies and unknown pairs with clear errors", async ({
    page,
    browser,
    baseURL,
  }) => {
    const anon = await browser.newContext();
    const res = await anon.request.post(`${baseURL}/api/judge/next`);
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: "Sign in first.", code: "unauthenticated" });
    // The app's security headers come with these answers too.
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["content-type"]).toContain("application/json");
    const forged = await anon.request.post(`${baseURL}/api/judge/x/submit`, {
      headers: { cookie: "next-auth.session-token=forged" },
      data: {},
    });
    expect(forged.status()).toBe(401);
    const badEscapeCookie = await anon.request.post(`${baseURL}/api/judge/next`, {
      headers: { cookie: "next-auth.session-token=%E0%A4%A" },
    });
    expect(badEscapeCookie.status()).toBe(401);
    await anon.close();

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin/);
    expect((await page.request.post("/api/judge/next")).status()).toBe(403);
    await page.context().clearCookies();

    await signIn(page, WEI, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/expert/);
    const api = page.request;
    const valid = {
      choice: "left",
      rationale: "A valid rationale of some length.",
      timeOnTaskMs: 1000,
      clientRequestId: "e2e-api-0001",
    };
    const unknown = await api.post("/api/judge/no-such-assignment/submit", { data: valid });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: "This pair is not assigned to you.", code: "not_assigned" });
    const notJson = await api.post("/api/judge/no-such-assignment/submit", {
      headers: { "content-type": "application/json" },
      data: Buffer.from("{choice: left"),
    });
    expect(notJson.status()).toBe(400);
    expect((await notJson.json()).error).toContain("not valid JSON");
    expect((await notJson.json()).code).toBe("invalid_json");
    const wrongType = await api.post("/api/judge/no-such-assignment/submit", {
      data: { ...valid, choice: "maybe", timeOnTaskMs: "soon" },
    });
    expect(wrongType.status()).toBe(400);
    expect(Object.keys((await wrongType.json()).details.fieldErrors).sort()).toEqual(["choice", "timeOnTaskMs"]);
    const huge = await api.post("/api/judge/no-such-assignment/submit", {
      data: { ...valid, rationale: "x".repeat(200_000) },
    });
    expect(huge.status()).toBe(413);
    // The same without a length up front (chunked): refused once it passes the limit, with an answer.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${baseURL}/api/judge/no-such-assignment/submit`,
        { method: "POST", headers: { cookie, "content-type": "application/json", "transfer-encoding": "chunked" } },
        (res) => {
          let body = "";
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(`{"choice":"left","rationale":"`);
      for (let i = 0; i < 20; i++) req.write("y".repeat(10_000));
      req.end(`"}`);
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error).toContain("larger than");
    const badQuery = await api.post(`/api/judge/next?exclude=${"a,".repeat(300)}`);
    expect(badQuery.status()).toBe(400);
    const badEscape = await api.post("/api/judge/%E0%A4%A/submit", { data: valid });
    expect(badEscape.status()).toBe(400);
    expect((await badEscape.json()).error).toBe("The address is not valid: it has a malformed %-escape.");
    // A destination filter that names no destination, or one that is not the expert's, is said to be so (not
    // answered as an empty queue); Paris is not one of Wei's demo destinations.
    const unknownDestination = await api.post("/api/judge/next?destination=no-such-destination");
    expect(unknownDestination.status()).toBe(404);
    expect((await unknownDestination.json()).error).toBe('There is no destination with the id "no-such-destination".');
    const paris = await destinationId("Paris");
    const notTheirs = await api.post(`/api/judge/next?destination=${paris}`);
    expect(notTheirs.status()).toBe(403);
    expect((await notTheirs.json()).error).toBe("Paris is not one of your destinations: an admin assigns them.");

    // Deactivation ends the session at once, even though its token has not expired.
    await setActive(WEI, false);
    try {
      expect((await api.post("/api/judge/no-such-assignment/submit", { data: valid })).status()).toBe(401);
      expect((await api.post("/api/judge/next?destination=none")).status()).toBe(401);
    } finally {
      await setActive(WEI, true);
    }
    expect((await api.post("/api/judge/no-such-assignment/submit", { data: valid })).status()).toBe(404);
  });

  test("a settings change reaches the judging calls at once", async ({ page, browser, baseURL }) => {
    const admin = await browser.newContext({ baseURL: baseURL });
    const adminPage = await admin.newPage();
    await signIn(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/admin/);
    const before = await (await adminPage.request.get("/api/admin/settings")).json();

    await signIn(page, WEI, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/expert/);
    const submit = (rationale: string) =>
      page.request.post("/api/judge/no-such-assignment/submit", {
        data: { choice: "neither", rationale, timeOnTaskMs: 5, clientRequestId: `e2e-settings-${rationale.length}` },
      });
    const rationale = "Twenty-five characters ok"; // 25
    expect((await submit(rationale)).status()).toBe(404); // long enough now; the call reads (and caches) the settings
    try {
      expect((await adminPage.request.put("/api/admin/settings", { data: { rationaleMinLength: 33 } })).status()).toBe(
        200,
      );
      const short = await submit(rationale);
      expect(short.status()).toBe(400);
      expect((await short.json()).error).toBe("Write a rationale of at least 33 characters.");
      await withEmptyDestination(WEI, async (empty) => {
        const none = await page.request.post(`/api/judge/next?destination=${empty}`);
        expect(await none.json()).toEqual({ assignment: null, rationaleMinLength: 33 });
      });
    } finally {
      await adminPage.request.put("/api/admin/settings", { data: { rationaleMinLength: before.rationaleMinLength } });
      await admin.close();
    }
  });
}

test.describe("through the fast path", judgingApiTests);

test.describe("through the route handlers (TRIPJUDGE_FAST_PATH=0)", () => {
  test.use({ baseURL: `http://localhost:${ROUTE_HANDLERS_PORT}` });
  let server: ChildProcess | undefined;
  let serverLog = "";
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A second server on the same database and the same build, started as scripts/start.ts starts it.
    server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
      env: {
        ...process.env,
        ...E2E_SERVER_ENV,
        DATABASE_URL: e2eDb(),
        PORT: String(ROUTE_HANDLERS_PORT),
        NEXTAUTH_URL: `http://localhost:${ROUTE_HANDLERS_PORT}`,
        TRIPJUDGE_FAST_PATH: "0",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    server.stderr?.on("data", (d) => (serverLog += d));
    await expect
      .poll(async () => (await fetch(`http://localhost:${ROUTE_HANDLERS_PORT}/api/health`).catch(() => null))?.status, {
        timeout: 100_000,
      })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill("SIGTERM");
    // Every refusal above must be an answer, never a crash behind it (an oversized chunked body once threw here).
    expect(serverLog).not.toContain("uncaughtException");
  });
  judgingApiTests();
});
