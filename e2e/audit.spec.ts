/**
 * The audit log (issue 47, part 4): an admin changes a setting and an expert's destination, finds both on the Audit log
 * page with before → after, filters it by the address, exports it as CSV and JSONL (the download itself logged);
 * an expert is refused the API and the page. A destination (Auditville) and an expert of the spec's own.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, acceptInvite, e2eSql, importExampleAt, inviteExpert, shot, signIn, signOut } from "./helpers";

const EXPERT = { name: "Aud Itor", email: "aud.itor@example.org", password: "aud-itor-password-7" };

test("an admin reads, filters and exports the audit log; an expert may not", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  if ((await e2eSql(`SELECT 1 FROM "Destination" WHERE name = 'Auditville'`)).length === 0)
    await importExampleAt(page, "Auditville", "审计城", "Audit: 3 days in Auditville");

  // A setting, through the Assignments page (put back at the end), and a destination given, then changed.
  await page.goto("/admin/assign");
  const lease = page.getByLabel("Lease (minutes)");
  const was = Number(await lease.inputValue());
  await lease.fill(String(was + 1));
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect
    .poll(async () => (await (await page.request.get("/api/admin/settings")).json()).leaseMinutes)
    .toBe(was + 1);
  const link = await inviteExpert(page, EXPERT.name, EXPERT.email, "Auditville");
  // The matrix shows a change at once: wait for the server to have it before the next.
  const stored = async () =>
    (
      await e2eSql<{ familiarity: number }>(
        `SELECT ed.familiarity FROM "ExpertDestination" ed JOIN "User" u ON u.id = ed."userId" WHERE u.email = $1`,
        [EXPERT.email],
      )
    )[0]?.familiarity;
  await expect.poll(stored).toBe(3);
  await page.getByLabel(`${EXPERT.name} – Auditville`).selectOption("5");
  await expect.poll(stored).toBe(5);

  // The log, newest first: the familiarity 3 → 5, then 0 → 3, then the lease.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const events = page.getByRole("table", { name: "Audit events" });
  await expect(events.getByRole("row").nth(1)).toContainText("destination.assign");
  await expect(events.getByRole("row").nth(1)).toContainText(`${EXPERT.email} · Auditville: 3 → 5`);
  await expect(events.getByRole("row").nth(2)).toContainText(`${EXPERT.email} · Auditville: 0 → 3`);

  // Filtered by the form: the address holds the filter.
  await page.getByLabel("Action starts with").fill("settings.upd");
  await page.getByLabel("Who (e-mail or id)").fill(ADMIN.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=settings\.upd/);
  await expect(page).toHaveURL(/actor=admin%40demo\.tripjudge/);
  const first = events.getByRole("row").nth(1);
  await expect(first).toContainText("settings.update");
  await expect(first).toContainText(`leaseMinutes: ${was} → ${was + 1}`);
  await expect(first).toContainText(ADMIN.email);
  await expect(events.getByRole("row")).toHaveCount(2);
  await shot(page, "audit-log-filtered");

  await page.goto("/admin/audit?action=destination&targetType=ExpertDestination");
  await expect(events.getByRole("row").first()).toBeVisible();
  await shot(page, "audit-log");
  // A bad filter says what is wrong.
  await page.goto("/admin/audit?from=2026-02-30");
  await expect(page.getByRole("region", { name: "Filters" }).getByRole("alert")).toContainText(
    "Give a date as YYYY-MM-DD.",
  );
  await page.goto("/admin/audit?actor=nobody%40example.org");
  await expect(page.getByRole("region", { name: "Filters" }).getByRole("alert")).toContainText(
    'No account has the e-mail or id "nobody@example.org".',
  );

  // Exports of the same filter: CSV by its link, JSON Lines by the API; each download is itself logged.
  await page.goto("/admin/audit?action=destination.assign");
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
  const lines = readFileSync((await csv.path())!, "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("id,at,actor_email,actor_name,action,target_type,target_id,target_name,data");
  expect(lines.slice(1).every((l) => l.includes(",destination.assign,"))).toBe(true);
  expect(lines[1]).toContain(ADMIN.email);
  expect(lines[1]).toContain(`""${EXPERT.email} · Auditville"":5`);
  const jsonl = await page.request.get("/api/admin/audit/export?format=jsonl&action=destination.assign");
  expect(jsonl.status()).toBe(200);
  expect(jsonl.headers()["content-disposition"]).toMatch(/^attachment; filename="audit-.*\.jsonl"$/);
  const rows = (await jsonl.text())
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(rows.length).toBe(lines.length - 1);
  expect(rows[0].data.before[`${EXPERT.email} · Auditville`]).toBe(3);
  expect(rows[0].data.after[`${EXPERT.email} · Auditville`]).toBe(5);
  expect(rows[0].actor.email).toBe(ADMIN.email);
  const logged = async () =>
    (await (await page.request.get("/api/admin/audit?action=audit.export&limit=2")).json()).rows;
  await expect
    .poll(async () => (await logged()).map((r: { data: { format: string } }) => r.data.format))
    .toEqual(["jsonl", "csv"]);
  expect((await logged())[0].data).toMatchObject({
    filters: "action=destination.assign",
    count: rows.length,
    complete: true,
  });

  // The lease back as it was.
  const back = await page.request.put("/api/admin/settings", { data: { leaseMinutes: was } });
  expect(back.status()).toBe(200);
  await signOut(page);

  // The expert: 403 from the API, no page.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const expert = await context.newPage();
  await acceptInvite(expert, link, EXPERT.email, EXPERT.password);
  expect((await expert.request.get("/api/admin/audit")).status()).toBe(403);
  expect((await expert.request.get("/api/admin/audit/export?format=csv")).status()).toBe(403);
  await expert.goto("/admin/audit");
  await expect(expert).toHaveURL(/\/forbidden/);
  await context.close();
});
