/**
 * What a new user found (issue 43): every page and dialog has no serious or critical axe violation; the judging
 * screen's rationale is a key away (and a few Tabs, the map markers being out of the tab order); a skip can give a
 * reason of the expert's own, from the keyboard; the assignment checkboxes flip at once and come back, with a
 * message, when the server refuses. The dataset has a destination of its own (Axeville), with dimensions (the
 * verdict waiting for them is drawn in colours of its own), and an expert of its own.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEFAULT_DIMENSIONS } from "../lib/results/dimensions";
import { ADMIN, e2eSql, expectAccessible, importExampleAt, shot, signIn } from "./helpers";

const NAME = "Accessibility: 3 days in Axeville";
const EXPERT = { email: "ada.axe@example.org", password: "ada-password-4242" };
const ADMIN_PAGES = [
  "/admin",
  "/admin/import",
  "/admin/assign",
  "/admin/queries",
  "/admin/pairs",
  "/admin/analytics",
  "/admin/leaderboard",
  "/admin/quality",
  "/admin/judges",
  "/admin/weights",
];

async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/**
 * Axeville's dataset (two dimensions, before any judgment) and its expert, made once: each test may run on its own
 * (a failed test restarts the worker, and this runs again).
 */
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  if ((await e2eSql(`SELECT 1 FROM "Destination" WHERE name = 'Axeville'`)).length === 0) {
    await importExampleAt(page, "Axeville", "斧城", NAME);
    const overview = await (await page.request.get("/api/admin/overview")).json();
    const dataset = overview.datasets.find((d: { name: string }) => d.name === NAME).id as string;
    const destination = overview.destinations.find((d: { name: string }) => d.name === "Axeville").id as string;
    const dims = await page.request.patch(`/api/admin/datasets/${dataset}`, {
      data: { dimensions: DEFAULT_DIMENSIONS.slice(1, 3) },
    });
    expect(dims.status()).toBe(200);
    const created = await page.request.post("/api/admin/users", { data: { email: EXPERT.email, name: "Ada Axe" } });
    expect(created.status()).toBe(201);
    const { inviteUrl, userId } = (await created.json()) as { inviteUrl: string; userId: string };
    const token = inviteUrl.split("/invite/")[1];
    const set = await page.request.post(`/api/invite/${token}`, {
      data: { password: EXPERT.password, confirm: EXPERT.password },
    });
    expect(set.status()).toBe(200);
    const fam = await page.request.put("/api/admin/expert-destinations", {
      data: { userIds: [userId], destinationIds: [destination], familiarity: 4 },
    });
    expect(fam.status()).toBe(200);
  }
  await page.close();
});

test("the admin's pages, the constraint and correction editors, sign-in and invite pages pass axe", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/signin");
  await expectAccessible(page, "the sign-in page");
  await page.goto("/invite/not-a-real-token");
  await expectAccessible(page, "the invite page");
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await settled(page);
    await expectAccessible(page, path);
  }
  const [q] = await e2eSql<{ id: string; planId: string }>(
    `SELECT q.id, p.id AS "planId" FROM "Query" q JOIN "Destination" d ON d.id = q."destinationId"
     JOIN "Plan" p ON p."queryId" = q.id WHERE d.name = 'Axeville' ORDER BY p.id LIMIT 1`,
  );
  await page.goto(`/queries/${q.id}/constraints`);
  await settled(page);
  await expectAccessible(page, "the constraint editor");
  await page.goto(`/plans/${q.planId}/correct`);
  await expect(page.locator(".checks[data-pending='false']")).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, "the correction editor");
});

test("an assignment checkbox flips at once; a refusal puts it back and says why", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/assign");
  const row = page.getByRole("row", { name: new RegExp(NAME) });
  const box = row.getByLabel("show to experts");
  const before = await box.isChecked();
  // The server's answer waits until the box has been seen flipped.
  let release: () => void = () => {};
  const answered = new Promise<void>((r) => (release = r));
  await page.route("**/api/admin/datasets/*", async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    await answered;
    await route.fulfill({ status: 503, json: { error: "The database is busy; try again.", code: "unavailable" } });
  });
  await box.click();
  await expect(box).toBeChecked({ checked: !before, timeout: 1000 });
  release();
  const message = page.locator("p[role=alert]");
  await expect(message).toContainText("The database is busy; try again. The change was not saved.");
  await expect(box).toBeChecked({ checked: before });
  await page.unroute("**/api/admin/datasets/*");
  // A change that goes through clears the message and stays.
  await box.click();
  await expect(box).toBeChecked({ checked: !before });
  await expect(message).toHaveCount(0);
  await page.reload();
  await expect(row.getByLabel("show to experts")).toBeChecked({ checked: !before });
  await row.getByLabel("show to experts").click();
  await expect(row.getByLabel("show to experts")).toBeChecked({ checked: before });
});

test("judging: axe on the screen and its dialogs, the rationale a key and a few Tabs away, skip with a reason of one's own", async ({
  page: expert,
}) => {
  test.setTimeout(120_000);
  await signIn(expert, EXPERT.email, EXPERT.password);
  await expect(expert).toHaveURL(/\/expert/);
  await settled(expert);
  await expectAccessible(expert, "the expert's pairs");
  // The build's scripts come compressed (scripts/serve.ts), the map's with them.
  const scripts: { url: string; encoding: string | undefined }[] = [];
  expert.on("response", (r) => {
    if (r.request().resourceType() === "script")
      scripts.push({ url: r.url(), encoding: r.headers()["content-encoding"] });
  });
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  await expect(expert.locator(".leaflet-marker-icon").first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((s) => s.encoding !== "br")).toEqual([]);
  await expect(expert.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectAccessible(expert, "the judging screen");
  await expert.locator(".tl-item").first().click();
  await expectAccessible(expert, "the judging screen with a stop selected");

  // The map markers are not Tab stops: from the top of the page, the rationale is a few Tabs away...
  expect(await expert.locator(".leaflet-marker-icon[tabindex='0']").count()).toBe(0);
  await expert.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expert.keyboard.press("Escape");
  let tabs = 0;
  while (tabs < 40 && !(await expert.locator(".verdict textarea").evaluate((t) => t === document.activeElement))) {
    await expert.keyboard.press("Tab");
    tabs++;
  }
  console.log(`Tabs from the top of the judging screen to the rationale: ${tabs}`);
  expect(tabs).toBeLessThan(20);
  // ...and one key away: R focuses it (and does not type itself); Esc leaves it.
  await expert.keyboard.press("Escape");
  await expert.keyboard.press("r");
  await expect(expert.locator(".verdict textarea")).toBeFocused();
  await expect(expert.locator(".verdict textarea")).toHaveValue("");
  await expert.keyboard.press("Escape");

  await expert.keyboard.press("?");
  const help = expert.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Write the rationale");
  await expect(help).toContainText("Skip this pair");
  await expectAccessible(expert, "the shortcuts help");
  await shot(expert, "judge-help");
  await expert.keyboard.press("Escape");

  // K opens the skip dialog; "Other" takes the expert's own words, which are stored as the reason.
  await expert.keyboard.press("k");
  const skip = expert.getByRole("dialog", { name: "Skip this pair" });
  await expect(skip).toBeVisible();
  await expectAccessible(expert, "the skip dialog");
  await skip.getByLabel("Other").check();
  await skip.getByRole("button", { name: "Skip pair" }).click();
  await expect(skip.getByRole("alert")).toHaveText("Say why you skip, in a few words.");
  await skip.getByLabel("Your reason").fill("The hotel is in another city than the request says");
  await shot(expert, "judge-skip-other");
  await skip.getByRole("button", { name: "Skip pair" }).click();
  await expect(skip).toHaveCount(0);
  const rows = await e2eSql<{ skipReason: string }>(
    `SELECT a."skipReason" FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1 AND a.status = 'SKIPPED'`,
    [EXPERT.email],
  );
  expect(rows.map((r) => r.skipReason)).toEqual(["The hotel is in another city than the request says"]);
});
