import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { embeddedUrl } from "../lib/platform/db";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { E2E_SERVER_ENV } from "./server-env";

export const DEMO_PASSWORD = E2E_SERVER_ENV.DEMO_PASSWORD;
export const ADMIN = { email: "admin@demo.tripjudge", password: E2E_SERVER_ENV.ADMIN_PASSWORD };
export const EXPERT = { email: "amelie@demo.tripjudge", password: DEMO_PASSWORD };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A new expert opens their invite link in `page`, sets `password` and signs in (their pairs page is open after). */
export async function acceptInvite(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat it").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/signin\?set=1/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/expert/);
}

/**
 * As an admin: creates an expert on the admin page and gives them `destination` on the Assign page (familiarity
 * 3, by the bulk form); returns their invite link.
 */
export async function inviteExpert(page: Page, name: string, email: string, destination: string): Promise<string> {
  await page.goto("/admin");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create expert" }).click();
  const link = await page.getByTestId("invite-link").innerText();
  await page.goto("/admin/assign");
  await page.getByLabel(`Select ${name}`).check();
  await page.getByLabel(`Select ${destination}`).check();
  await page.getByRole("button", { name: "Assign selected" }).click();
  await expect(page.getByLabel(`${name} – ${destination}`)).toHaveValue("3");
  return link;
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** Uploads a bundle through the API and waits for its import job to succeed; returns the job as the API shows it. */
export async function importThroughApi(page: Page, multipart: FormData) {
  const res = await page.request.post("/api/admin/datasets", { multipart });
  expect(res.status()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()).status, { timeout: 60_000 })
    .toBe("DONE");
  return (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()) as { status: string; result: unknown };
}

/** The database of the server under test (playwright.config.ts), as its app role, over its Unix socket. */
export const e2eDb = () =>
  embeddedUrl({
    dataDir: E2E_SERVER_ENV.EMBEDDED_PG_DIR,
    port: Number(E2E_SERVER_ENV.EMBEDDED_PG_PORT),
    database: E2E_SERVER_ENV.EMBEDDED_PG_DATABASE,
  });

/**
 * Completes untouched pairs of a destination (none the three experts ever had, released or skipped ones included) straight in the database, one row of verdicts (slots 1–3, by
 * the three Paris experts) per pair: a fast way to have labelled pairs for pages that read them.
 */
export async function judgeInDatabase(
  destination: string,
  verdicts: ("A" | "B" | "NEITHER")[][],
  rationale = (v: string) => `Rationale ${v}`,
): Promise<string[]> {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  try {
    const pairs = (
      await c.query<{ id: string; planAId: string }>(
        `SELECT p.id, p."planAId" FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
       WHERE d.name = $1 AND p.status = 'OPEN' AND p."claimedCount" = 0 AND p."submittedCount" = 0
         AND NOT EXISTS (SELECT 1 FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a."pairId" = p.id
                           AND u.email IN ('amelie@demo.tripjudge', 'kenji@demo.tripjudge', 'giulia@demo.tripjudge'))
       ORDER BY p.id DESC LIMIT $2`,
        [destination, verdicts.length],
      )
    ).rows;
    if (pairs.length < verdicts.length) throw new Error(`only ${pairs.length} untouched ${destination} pairs`);
    const experts = (
      await c.query<{ id: string }>(
        `SELECT id FROM "User" WHERE email IN ('amelie@demo.tripjudge', 'kenji@demo.tripjudge', 'giulia@demo.tripjudge') ORDER BY email`,
      )
    ).rows;
    for (const [pi, pair] of pairs.entries()) {
      for (const [slot, expert] of experts.entries()) {
        const a = await c.query<{ id: string }>(
          `INSERT INTO "Assignment" (id, "pairId", "userId", slot, status, "leftPlanId", "leaseExpiresAt", "completedAt")
           VALUES (gen_random_uuid()::text, $1, $2, $3, 'SUBMITTED', $4, now(), now()) RETURNING id`,
          [pair.id, expert.id, slot + 1, pair.planAId],
        );
        await c.query(
          `INSERT INTO "Judgment" (id, "assignmentId", "pairId", "userId", verdict, rationale, "timeOnTaskMs", "clientRequestId")
           VALUES (gen_random_uuid()::text, $1, $2, $3, $4::"Verdict", $5, 60000, gen_random_uuid()::text)`,
          [a.rows[0].id, pair.id, expert.id, verdicts[pi][slot], rationale(verdicts[pi][slot])],
        );
      }
      await c.query(`UPDATE "Pair" SET status = 'COMPLETE', "submittedCount" = 3 WHERE id = $1`, [pair.id]);
    }
    return pairs.map((p) => p.id);
  } finally {
    await c.end();
  }
}

/** One query on the database of the server under test. */
export async function e2eSql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/**
 * The TripScore example bundle moved to a city no other spec uses (its own destination and alias), under a name of
 * its own: the files as an upload takes them.
 */
export function exampleBundleAt(city: string, alias: string, name: string) {
  const root = path.resolve("public/examples/tripscore-beijing");
  return readdirSync(root).map((file) => {
    const text = readFileSync(path.join(root, file), "utf8")
      .replace(/"(name|city|destination)": "Beijing"/g, `"$1": "${city}"`)
      .replace('"aliases": ["北京"]', `"aliases": ["${alias}"]`)
      .replace("TripScore example: 3 days in Beijing", name);
    return { name: file, mimeType: "application/json", buffer: Buffer.from(text) };
  });
}

/** Imports the example moved to `city` through the API (no gold pairs: the spec's expert judges real pairs at once). */
export async function importExampleAt(page: Page, city: string, alias: string, name: string) {
  const form = new FormData();
  for (const f of exampleBundleAt(city, alias, name)) form.append("files", new Blob([f.buffer]), f.name);
  form.append("makeGold", "off");
  return importThroughApi(page, form);
}

/**
 * axe-core on the page as it stands (open dialogs included): fails the test with every serious or critical
 * violation listed (rule, what to do, the elements and why). Called on each page and dialog the specs visit.
 */
export async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // A11Y_COUNTS=<file>: one line a page counting the violated elements by impact (docs/accessibility.md); with
  // A11Y_SURVEY=1 nothing fails, so one run counts every page of code that has violations.
  if (process.env.A11Y_COUNTS) {
    const count = (impact: string) =>
      violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
    const line = { where, critical: count("critical"), serious: count("serious"), moderate: count("moderate") };
    const rules = violations.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`);
    appendFileSync(process.env.A11Y_COUNTS, JSON.stringify({ ...line, rules }) + "\n");
    if (process.env.A11Y_SURVEY === "1") return;
  }
  // The lesser ones are said, not failed on.
  for (const v of violations.filter((v) => !bad.includes(v)))
    console.log(`axe on ${where}: ${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  const listed = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`)
        .join("\n"),
  );
  expect(listed, `axe on ${where} (${page.url()})`).toEqual([]);
}
