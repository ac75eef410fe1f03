/**
 * Per-dimension verdicts (issue 27): an admin picks four of the default dimensions and writes one of their own for
 * a dataset with preference strength, before its first judgment; a new expert answers the five dimensions and the
 * overall verdict from the keyboard alone on a laptop-sized screen (the maps stay in view), and the judgment stores
 * them in the pair's own A/B terms. The dataset has a destination of its own (Baoding).
 */
import { expect, test } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, importExampleAt, inviteExpert, shot, signIn } from "./helpers";

const NAME = "Dimensions: 3 days in Baoding";

test("an expert answers five dimensions with strengths and the overall verdict from the keyboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importExampleAt(page, "Baoding", "保定", NAME);

  const email = `dimensions.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Dana Dimensions", email, "Baoding");
  const row = page.getByRole("row", { name: new RegExp(NAME) });
  await row.getByLabel("ask how much better").click();
  await expect(row.getByLabel("ask how much better")).toBeChecked();
  // Four defaults and one of the admin's own, saved as the set's first version.
  await row.getByRole("button", { name: `Edit the dimensions of ${NAME}` }).click();
  const editor = row.getByRole("group", { name: `Dimensions of ${NAME}` });
  for (const d of ["Request fulfilment", "Route efficiency", "Pacing and timing", "Attractions"])
    await editor.getByLabel(d).check();
  await editor.getByLabel("Name of your own dimension").fill("Food");
  await editor.getByLabel("Description of your own dimension").fill("Meals near where the traveller is");
  await editor.getByRole("button", { name: "Add" }).click();
  await shot(page, "dimensions-admin-editor");
  await editor.getByRole("button", { name: "Save 5 dimensions" }).click();
  await expect(row).toContainText("5 dimensions (v1)");

  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "dana-password-4242");
  await expert.setViewportSize({ width: 1366, height: 768 });
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  await expect(expert.locator(".leaflet-container").first()).toBeVisible();
  const assignment = (await main.getAttribute("data-assignment"))!;
  // A laptop screen: the verdict panel, five dimensions and all, leaves the maps in view.
  // The viewport as the expert sees it (shot() takes the full page).
  await expert.screenshot({ path: "screenshots/dimensions-laptop.png" });
  const map = (await expert.locator(".plan-map").first().boundingBox())!;
  const panel = (await expert.getByRole("region", { name: "Your verdict" }).boundingBox())!;
  expect(map.y + map.height).toBeLessThanOrEqual(panel.y + 1);
  expect(panel.y + panel.height).toBeLessThanOrEqual(768 + 1);

  const dims = expert.getByRole("group", { name: "Dimension by dimension" });
  await expect(dims.locator(".dimension.active")).toHaveAttribute("data-dimension", "request");
  await expect(expert.getByRole("button", { name: /^Submit/ })).toBeDisabled();
  // request: A, clearly (2) · route: about the same · pacing: B, slightly (1) · attractions: not applicable ·
  // food: A decisively (3); then the overall verdict: A, decisively.
  for (const key of ["a", "2", "s", "b", "1", "n", "1", "3"]) await expert.keyboard.press(key);
  await expect(dims.locator('[data-dimension="d_food"] [aria-checked="true"]')).toHaveCount(2);
  await expect(dims.locator(".dimension.done")).toHaveCount(5);
  // ↑ goes back to a dimension and ↓ returns to the overall row.
  await expert.keyboard.press("ArrowUp");
  await expect(dims.locator(".dimension.active")).toHaveAttribute("data-dimension", "d_food");
  await expert.keyboard.press("ArrowDown");
  await expert.keyboard.press("a");
  await expert.keyboard.press("3");
  await expert.keyboard.type("Plan A keeps the route tight and the meals close to the sights.");
  await shot(expert, "dimensions-judge-screen");
  await expert.keyboard.press("Enter");
  await expect(expert.getByTestId("queue-empty")).toBeVisible();

  const [j] = await e2eSql<{ verdict: string; strength: number; dimensions: unknown; left_is_a: boolean }>(
    `SELECT j.verdict::text, j.strength, j.dimensions, a."leftPlanId" = p."planAId" AS left_is_a
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
      WHERE j."assignmentId" = $1`,
    [assignment],
  );
  // "A" on the screen is the left plan: the pair's own A or B, whichever was shown there.
  const [left, right] = j.left_is_a ? ["A", "B"] : ["B", "A"];
  expect(j.verdict).toBe(left);
  expect(j.strength).toBe(3);
  expect(j.dimensions).toEqual({
    request: { v: left, s: 2 },
    route: { v: "SAME" },
    pacing: { v: right, s: 1 },
    attractions: { v: "NA" },
    d_food: { v: left, s: 3 },
  });

  // Two more experts answer the same way: the pair completes, and the admin's pages show the dimensions.
  for (const name of ["Dev Dimensions", "Dee Dimensions"]) {
    const mail = `${name.split(" ")[0].toLowerCase()}.${Date.now()}@example.org`;
    const invite = await inviteExpert(page, name, mail, "Baoding");
    const other = await browser.newPage();
    await acceptInvite(other, invite, mail, "dimension-password-4242");
    await other.goto("/judge");
    await expect(other.locator("main.judge")).toBeVisible();
    const theirs = other.getByRole("group", { name: "Dimension by dimension" });
    // Keys pressed the moment the pair shows count: the draft is there in the first frame and the keys are bound
    // before it paints (CI once lost a first key pressed then).
    for (const key of ["a", "2", "s", "b", "1", "n", "1", "3", "a", "3"]) await other.keyboard.press(key);
    await expect(theirs.locator(".dimension.done")).toHaveCount(5);
    await other.keyboard.type("Plan A keeps the route tight and the meals close to the sights.");
    await expect(other.getByRole("button", { name: /^Submit/ })).toBeEnabled();
    await other.keyboard.press("Enter");
    await expect(other.getByTestId("queue-empty")).toBeVisible();
    await other.close();
  }
  await page.goto("/admin/analytics");
  const perDimension = page.getByRole("table", { name: "Agreement per dimension" });
  await expect(perDimension).toBeVisible();
  // One row per dimension and one for the signed preference, of this dataset.
  await expect(perDimension.locator("tbody tr", { hasText: NAME })).toHaveCount(6);
  await expect(perDimension.locator('tr[data-scale="signed"]', { hasText: NAME })).toContainText("Signed preference");
  await shot(page, "dimensions-agreement");
  await page.goto("/admin/leaderboard");
  await expect(page.getByRole("table", { name: "Win table" })).toBeVisible();
  await page.getByLabel("Verdict").selectOption("route");
  await expect(page.getByTestId("figures-progress")).toHaveCount(0);
  // Every expert found the routes about the same: three ties, and a mean signed preference of 0.
  const win = page.getByRole("table", { name: "Win table" }).locator("tbody tr").first();
  await expect(win.locator("td").nth(2)).toHaveText("3");
  await expect(win.locator("td").nth(5)).toHaveText("3");
  await expect(win.locator("td").nth(9)).toHaveText("0.00");
  await shot(page, "dimensions-leaderboard");
  await page.goto("/admin/weights");
  const vsReward = page.getByTestId("dimensions-vs-reward");
  await expect(vsReward).toBeVisible();
  await vsReward.getByLabel("Dataset").selectOption({ label: NAME });
  await expect(vsReward.getByRole("table", { name: "Humans against the reward per dimension" })).toContainText(
    "Route efficiency",
  );
  await shot(page, "dimensions-weights");

  // Judging has started: the set stays.
  const [ds] = await e2eSql<{ id: string }>(`SELECT id FROM "Dataset" WHERE name = $1`, [NAME]);
  const refused = await page.request.patch(`/api/admin/datasets/${ds.id}`, { data: { dimensions: null } });
  expect(refused.status()).toBe(409);
  await expert.close();
});
