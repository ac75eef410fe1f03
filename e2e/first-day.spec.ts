/**
 * The first day with default settings (the README's five minutes as an admin, steps 1–3), as an admin and a new
 * expert do it in the browser: import a dataset, create an expert, open the invite link, give them the destination,
 * judge a real pair. Runs before quality.spec.ts changes the qualification settings; the dataset has a destination
 * of its own (Chengde).
 */
import { expect, test } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, exampleBundleAt, inviteExpert, shot, signIn } from "./helpers";
import { DEFAULT_SETTINGS } from "../lib/judging";

test("the first day with default settings: import, invite, destinations, and a new expert judges a real pair", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);

  // Import, with the defaults of the import form.
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page.getByLabel(/Make gold pairs after the import/)).toBeChecked();
  await page
    .getByTestId("bundle-files")
    .setInputFiles(exampleBundleAt("Chengde", "承德", "First day: 3 days in Chengde"));
  await shot(page, "first-day-import");
  await page.getByRole("button", { name: "Check and import" }).click();
  await expect(page.getByTestId("import-summary")).toContainText("Imported “First day: 3 days in Chengde”");
  // The gold job the import queued finishes in the background.
  let gold: { status: string; result: { made: number } | null } | undefined;
  await expect
    .poll(
      async () => {
        const jobs = (await (await page.request.get("/api/admin/jobs?kind=gold")).json()).jobs as {
          title: string;
          status: string;
          result: { made: number } | null;
        }[];
        gold = jobs.find((j) => j.title.includes("First day: 3 days in Chengde"));
        return gold?.status;
      },
      { timeout: 60_000 },
    )
    .toBe("DONE");
  const goldPairs = gold!.result!.made;

  // A new expert, invited (the link sets their password), and their destination on the assignment page.
  const email = `first.day.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Fiona First", email, "Chengde");

  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "fiona-password-42");
  await expert.setViewportSize({ width: 1400, height: 900 });
  await expert.goto("/judge");

  // The qualification set is the default length, or what gold pairs exist for Chengde when the import's seeded sample
  // made fewer (the sample follows the plans' random ids, so the count varies from run to run): answered right, it passes.
  const main = expert.locator("main.judge");
  const setLength = Math.min(goldPairs, DEFAULT_SETTINGS.qualificationLength);
  for (let i = 0; i < setLength; i++) {
    await expect(expert.getByTestId("qualification-banner")).toContainText(`pair ${i + 1} of`);
    const id = (await main.getAttribute("data-assignment"))!;
    const [g] = await e2eSql<{ left_is_a: boolean; label: string }>(
      `SELECT a."leftIsA" AS left_is_a, g.label::text FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" WHERE a.id = $1`,
      [id],
    );
    expect(g).toBeTruthy();
    await expert.keyboard.press((g.label === "A") === g.left_is_a ? "1" : "2");
    await expert.keyboard.type("This plan keeps to the opening hours and the nights the request needs.");
    await expert.keyboard.press("Enter");
    await expect(expert.getByTestId("qualification-feedback")).toContainText("Right.");
    if (i === setLength - 1) await expect(expert.getByTestId("qualification-feedback")).toContainText("You passed");
    await expert.keyboard.press("Enter");
  }

  // A real pair: not a gold answer, and judged like any other.
  await expect(main).toBeVisible();
  await expect(expert.getByTestId("qualification-banner")).toHaveCount(0);
  const assignment = (await main.getAttribute("data-assignment"))!;
  expect(await e2eSql(`SELECT 1 FROM "GoldAnswer" WHERE id = $1`, [assignment])).toHaveLength(0);
  await shot(expert, "first-day-real-pair");
  await expert.keyboard.press("1");
  await expert.keyboard.type("Plan A paces the days better and keeps the hike easy, as the request asks.");
  await expert.keyboard.press("Enter");
  await expect(expert.getByTestId("queue-empty")).toBeVisible();
  const judged = await e2eSql<{ verdict: string }>(
    `SELECT j.verdict::text FROM "Judgment" j JOIN "User" u ON u.id = j."userId" WHERE u.email = $1 AND j."assignmentId" = $2`,
    [email, assignment],
  );
  expect(judged).toHaveLength(1);
  const [standing] = await e2eSql<{ standing: string }>(`SELECT standing::text FROM "User" WHERE email = $1`, [email]);
  expect(standing.standing).toBe(goldPairs > 0 ? "ACTIVE" : "QUALIFYING");
  await expert.close();
});
