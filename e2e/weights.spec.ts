import { expect, test } from "@playwright/test";
import { ADMIN, judgeInDatabase, shot, signIn } from "./helpers";

test("an admin fits the reward weights on labelled pairs, adopts them and restores the defaults", async ({ page }) => {
  test.setTimeout(120_000);
  const rows = [
    ["A", "A", "B"],
    ["B", "B", "B"],
    ["A", "NEITHER", "A"],
    ["B", "A", "B"],
    ["A", "A", "A"],
    ["NEITHER", "NEITHER", "B"],
    ["B", "B", "A"],
    ["A", "A", "NEITHER"],
  ] as const;
  await judgeInDatabase(
    "Rome",
    rows.map((r) => [...r]),
  );
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("link", { name: "Weights" }).click();
  await expect(page.getByRole("heading", { name: "Reward weights" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Fits" })).toContainText("No fit yet.");
  await expect(page.getByText("TripScore's published defaults (Table 6")).toBeVisible();

  await page.getByRole("combobox", { name: "Destination" }).selectOption({ label: "Rome" });
  await page.getByLabel("Folds").fill("2");
  await page.getByLabel("Bootstrap").fill("200");
  const started = page.waitForResponse((r) => r.url().endsWith("/api/admin/fits") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Start fit" }).click();
  expect((await started).status()).toBe(202);
  // While it runs, a second fit on the same data is refused.
  const again = await page.request.post("/api/admin/fits", { data: { folds: 0, bootstrap: 0 } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error).toMatch(/already running/);

  const report = page.getByRole("region", { name: "Fit report" });
  await expect(report).toBeVisible({ timeout: 90_000 });
  await expect(report).toContainText("Train accuracy");
  await expect(report.getByRole("table", { name: "Folds" }).locator("tbody tr")).toHaveCount(2);
  await expect(report.getByRole("table", { name: "Sensitivity" }).locator("tbody tr")).toHaveCount(4);
  await expect(report.getByRole("table", { name: "Weights" })).toContainText("schedule density");
  await expect(report).toContainText("A 4 · B 3 · neither 1"); // the majority labels of the rows above
  await expect(page.getByRole("table", { name: "Fits" })).toContainText("done");
  // Before adopting: how the weights in use score on the same pairs (nothing adopted yet: TripScore's defaults).
  const against = report.getByRole("table", { name: "Fitted and in use, on the same pairs" });
  await expect(against).toContainText("On the same 8 pairs");
  await expect(against.locator("tbody tr")).toHaveCount(3);
  await expect(against.getByRole("row", { name: /In use \(TripScore's defaults\) \d+\.\d %/ })).toBeVisible();
  await shot(page, "weights-report");

  await report.getByRole("button", { name: "Adopt these weights" }).click();
  await expect(report.getByRole("button", { name: "These weights are in use" })).toBeDisabled();
  await expect(page.getByRole("table", { name: "Weight history" })).toContainText("(in use)");
  const card = await (await page.request.get("/api/admin/exports/training-pairs/card")).json();
  expect(card.reward_weights.source).toMatch(/^fit of /);

  await page
    .getByRole("table", { name: "Weight history" })
    .getByRole("row", { name: /published defaults/ })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(page.getByText(/Since .*TripScore's published defaults/)).toBeVisible();
  // The card is read afresh until it shows the restore (the page's text may render from its own refetch first).
  await expect
    .poll(
      async () =>
        (await (await page.request.get("/api/admin/exports/training-pairs/card")).json()).reward_weights.source,
    )
    .toBe("TripScore's published defaults");
  await shot(page, "weights-history");
});
