import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, DEMO_PASSWORD, e2eSql, importThroughApi, shot, signIn } from "./helpers";

// Runs after import.spec.ts, which imported the one-pair TripScore Beijing example.
const AMELIE = "amelie@demo.tripjudge";
const KENJI = "kenji@demo.tripjudge";
const GIULIA = "giulia@demo.tripjudge";
const WEI = "wei@demo.tripjudge";

async function expertPage(browser: Browser, email: string): Promise<Page> {
  const page = await browser.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/expert/);
  return page;
}

async function openJudge(page: Page, destinationId: string) {
  await page.goto(`/judge?destination=${destinationId}`);
  await expect(page.locator("main.judge, [data-testid=queue-empty]").first()).toBeVisible();
  return page
    .locator("main.judge")
    .getAttribute("data-pair", { timeout: 1000 })
    .catch(() => null);
}

const sql = e2eSql;

test("three experts judge one pair; a fourth never gets it; skips and expired leases hand the slot on", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  // A second one-pair dataset, imported through the API (folder upload as multipart files).
  const form = new FormData();
  const dir = path.resolve("public/examples/tripcraft-fortwayne");
  for (const name of readdirSync(dir)) form.append("files", new Blob([readFileSync(path.join(dir, name))]), name);
  // No gold pairs: this test counts which expert gets the one real pair (a gold pair would stand in now and then).
  form.append("makeGold", "off");
  await importThroughApi(page, form);
  const overview = await (await page.request.get("/api/admin/overview")).json();
  const beijing = overview.destinations.find((d: { name: string }) => d.name === "Beijing").id as string;

  // Without the destination, an expert never gets its pairs: the screen says it is not theirs.
  const amelie = await expertPage(browser, AMELIE);
  await amelie.goto(`/judge?destination=${beijing}`);
  await expect(amelie.locator("p.error[role=alert]")).toHaveText(
    "Beijing is not one of your destinations: an admin assigns them.",
  );
  await expect(amelie.getByRole("link", { name: "Back to your pairs" })).toBeVisible();
  await shot(amelie, "judge-not-your-destination");

  // Admin gives Beijing to four experts at once (bulk).
  await page.goto("/admin/assign");
  for (const name of ["Amélie Laurent", "Kenji Watanabe", "Giulia Romano", "Wei Chen"])
    await page.getByLabel(`Select ${name}`).check();
  await page.getByLabel("Select Beijing").check();
  await page.getByRole("button", { name: "Assign selected" }).click();
  await expect(page.getByLabel("Wei Chen – Beijing")).toHaveValue("3");
  await shot(page, "admin-assign");

  const kenji = await expertPage(browser, KENJI);
  const wei = await expertPage(browser, WEI);
  const giulia = await expertPage(browser, GIULIA);
  const pair = await openJudge(amelie, beijing);
  expect(pair).toBeTruthy();
  expect(await openJudge(kenji, beijing)).toBe(pair);
  expect(await openJudge(wei, beijing)).toBe(pair);
  // The pair is full: the fourth expert gets nothing.
  expect(await openJudge(giulia, beijing)).toBeNull();

  // Wei skips: the slot goes to Giulia; Wei never sees the pair again.
  await wei.getByRole("button", { name: "Skip…" }).click();
  await wei.getByRole("dialog", { name: "Skip this pair" }).getByRole("button", { name: "Skip pair" }).click();
  await expect(wei.getByTestId("queue-empty")).toBeVisible();
  expect(await openJudge(giulia, beijing)).toBe(pair);

  // Amélie judges with the keyboard only.
  await amelie.setViewportSize({ width: 1280, height: 800 });
  await expect(amelie.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expect(amelie.getByText("location unknown").first()).toBeVisible();
  await shot(amelie, "judge-1280");
  await amelie.keyboard.press("?");
  await expect(amelie.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await amelie.keyboard.press("Escape");
  await amelie.keyboard.press("1");
  await expect(amelie.getByRole("radio", { name: /A is better/ })).toHaveAttribute("aria-checked", "true");
  await amelie.keyboard.type("Plan A keeps one hotel and visits the Forbidden City on an open day.");
  await amelie.keyboard.press("Enter");
  await expect(amelie.getByTestId("queue-empty")).toBeVisible();

  // Kenji's draft survives a reload.
  await kenji.setViewportSize({ width: 1920, height: 1080 });
  await kenji.keyboard.press("2");
  await kenji.keyboard.type("Plan B is worse: it changes hotels and repeats the Summer Palace.");
  await kenji.waitForTimeout(300);
  await kenji.reload();
  await expect(kenji.getByRole("radio", { name: /B is better/ })).toHaveAttribute("aria-checked", "true");
  await expect(kenji.locator(".verdict textarea")).toHaveValue(
    "Plan B is worse: it changes hotels and repeats the Summer Palace.",
  );
  await shot(kenji, "judge-1920");
  await kenji.locator(".verdict textarea").focus();
  await kenji.keyboard.press("Enter");
  await expect(kenji.getByTestId("queue-empty")).toBeVisible();

  // Giulia uses the mouse, picks Neither.
  await giulia.getByRole("radio", { name: /Neither/ }).click();
  await giulia.locator(".verdict textarea").fill("Neither plan books a dinner near the hotel on the second night.");
  await giulia.getByRole("button", { name: /^Submit/ }).click();
  await expect(giulia.getByTestId("queue-empty")).toBeVisible();

  const rows = await sql<{ verdict: string; email: string; left_is_a: boolean; rationale: string }>(
    `SELECT j.verdict, u.email, a."leftPlanId" = p."planAId" AS left_is_a, j.rationale FROM "Judgment" j JOIN "User" u ON u.id = j."userId"
     JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId" WHERE j."pairId" = $1 ORDER BY u.email`,
    [pair],
  );
  expect(rows.map((r) => r.email)).toEqual([AMELIE, GIULIA, KENJI]);
  const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
  // Verdicts are stored in the pair's A/B terms, whichever side each expert saw A on.
  expect(byEmail[AMELIE].verdict).toBe(byEmail[AMELIE].left_is_a ? "A" : "B");
  expect(byEmail[KENJI].verdict).toBe(byEmail[KENJI].left_is_a ? "B" : "A");
  expect(byEmail[GIULIA].verdict).toBe("NEITHER");
  expect((await sql(`SELECT status FROM "Pair" WHERE id = $1`, [pair]))[0]).toEqual({ status: "COMPLETE" });
  expect(await openJudge(wei, beijing)).toBeNull();

  // Fort Wayne, one rater per pair: an expired lease frees the slot, and the late submit is refused.
  const fw = overview.destinations.find((d: { name: string }) => d.name === "Fort Wayne").id as string;
  await page.getByLabel("Amélie Laurent – Fort Wayne").selectOption("4");
  await expect(page.getByLabel("Amélie Laurent – Fort Wayne")).toHaveValue("4");
  await page.getByLabel("Kenji Watanabe – Fort Wayne").selectOption("2");
  await expect(page.getByLabel("Kenji Watanabe – Fort Wayne")).toHaveValue("2");
  const raters = page.getByLabel("Raters per pair for TripCraft example: 3 days in Fort Wayne");
  await raters.fill("1");
  await raters.blur();
  await expect
    .poll(
      async () =>
        (
          await sql(
            `SELECT DISTINCT p."requiredRaters" FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId" WHERE d.name = 'Fort Wayne'`,
          )
        )[0],
    )
    .toEqual({ requiredRaters: 1 });
  const fwPair = await openJudge(amelie, fw);
  expect(fwPair).toBeTruthy();
  expect(await openJudge(kenji, fw)).toBeNull();
  await page.reload();
  await expect(page.getByTestId("claim-Amélie Laurent")).toContainText("Fort Wayne");
  await sql(
    `UPDATE "Assignment" SET "leaseExpiresAt" = now() - interval '1 minute' WHERE "pairId" = $1 AND status = 'CLAIMED'`,
    [fwPair],
  );
  expect(await openJudge(kenji, fw)).toBe(fwPair);
  await amelie.getByRole("radio", { name: /A is better/ }).click();
  await amelie.locator(".verdict textarea").fill("A keeps the museum visit within opening hours.");
  await amelie.getByRole("button", { name: /^Submit/ }).click();
  await expect(amelie.locator(".verdict p[role=alert]")).toContainText("expired and its slot went to another expert");
  await expect(amelie.locator(".verdict textarea")).toHaveValue("A keeps the museum visit within opening hours.");
});

test("experts never see model names; admins can release a claim", async ({ page, browser }) => {
  const giulia = await expertPage(browser, GIULIA);
  await giulia.goto("/judge");
  await expect(giulia.locator("main.judge")).toBeVisible();
  const text = await giulia.locator("main.judge").innerText();
  for (const model of ["atlas-7b", "meridian-70b", "voyager-pro"]) expect(text).not.toContain(model);
  const pair = await giulia.locator("main.judge").getAttribute("data-pair");

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/assign");
  const claim = page.getByTestId("claim-Giulia Romano").filter({ hasText: pair!.slice(0, 8) });
  await claim.getByRole("button", { name: "Release" }).click();
  await expect(claim).toHaveCount(0);
  await giulia.getByRole("radio", { name: /A is better/ }).click();
  await giulia.locator(".verdict textarea").fill("Released while I was reading; this must not be stored.");
  await giulia.getByRole("button", { name: /^Submit/ }).click();
  await expect(giulia.locator(".verdict p[role=alert]")).toContainText("taken back by an admin");
});
