/**
 * Preference strength (issue 27): an admin turns it on for a dataset before its first judgment, and a new expert
 * judges a pair from the keyboard alone — A, then 3 (decisively), a rationale, Enter (an R pressed right after a choice
 * or strength key, the documented way into the rationale, is not typed there); the judgment stores the
 * strength, and the switch stays once judging has started. The dataset has a destination of its own (Langfang).
 */
import { expect, test } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, importExampleAt, inviteExpert, shot, signIn } from "./helpers";

const NAME = "Strength: 3 days in Langfang";

test("an expert gives an A verdict with its strength from the keyboard; the dataset's switch then stays", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importExampleAt(page, "Langfang", "廊坊", NAME);

  // An expert, their destination, and the switch — before anyone judges.
  const email = `strength.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Sam Strength", email, "Langfang");
  const row = page.getByRole("row", { name: new RegExp(NAME) });
  // The box shows the server's state: checked once the change is stored and the page has read it again.
  await row.getByLabel("ask how much better").click();
  await expect(row.getByLabel("ask how much better")).toBeChecked();
  await shot(page, "strength-admin-switch");

  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "sam-password-4242");
  await expert.setViewportSize({ width: 1280, height: 800 });
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  await expect(expert.locator(".leaflet-container").first()).toBeVisible();
  const assignment = (await main.getAttribute("data-assignment"))!;
  const rationale = expert.locator(".verdict textarea");
  // Neither moves the keys to the rationale; R right after it is the documented "focus the rationale", not text.
  await expert.keyboard.press("0");
  await expect(rationale).toBeFocused();
  await expert.keyboard.press("r");
  await expect(rationale).toBeFocused();
  await expect(rationale).toHaveValue("");
  await expert.keyboard.press("Escape");
  // A first: the strength is asked, and submitting waits for it.
  await expert.keyboard.press("a");
  const strength = expert.getByRole("radiogroup", { name: "How much better is plan A?" });
  await expect(strength).toBeVisible();
  await expect(expert.getByRole("button", { name: /^Submit/ })).toBeDisabled();
  await expert.keyboard.press("3");
  await expect(strength.getByRole("radio", { name: /Decisively/ })).toHaveAttribute("aria-checked", "true");
  // The strength moves the keys to the rationale; an R then is the shortcut again, and the text after it is typed.
  await expect(rationale).toBeFocused();
  await expert.keyboard.press("R");
  await expect(rationale).toHaveValue("");
  await expert.keyboard.type("Plan A keeps every visit within opening hours and the hotel stays the same.");
  await expect(rationale).toHaveValue("Plan A keeps every visit within opening hours and the hotel stays the same.");
  await shot(expert, "strength-judge-screen");
  await expert.keyboard.press("Enter");
  await expect(expert.getByTestId("queue-empty")).toBeVisible();
  const [j] = await e2eSql<{ verdict: string; strength: number; left_is_a: boolean }>(
    `SELECT j.verdict::text, j.strength, a."leftPlanId" = p."planAId" AS left_is_a
       FROM "Judgment" j JOIN "Assignment" a ON a.id = j."assignmentId" JOIN "Pair" p ON p.id = j."pairId"
      WHERE j."assignmentId" = $1`,
    [assignment],
  );
  // "A" on the screen is the left plan: the pair's own A or B, whichever was shown there, with strength 3.
  expect(j).toEqual({ verdict: j.left_is_a ? "A" : "B", strength: 3, left_is_a: j.left_is_a });

  // Judging has started: the switch stays, and the server says so to anyone who tries.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(NAME) }).getByLabel("ask how much better")).toBeDisabled();
  const [ds] = await e2eSql<{ id: string }>(`SELECT id FROM "Dataset" WHERE name = $1`, [NAME]);
  const refused = await page.request.patch(`/api/admin/datasets/${ds.id}`, { data: { preferenceStrength: false } });
  expect(refused.status()).toBe(409);
  await expert.close();
});
