import { expect, test, type Page } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, judgeInDatabase, shot, signIn } from "./helpers";

// Gold pairs are made for Paris only (analytics.spec, before this one, judges just two Paris pairs), and the demo dataset's gold rate is set back to 0 at the end, so that
// the specs after this one never meet a gold pair.
const sql = e2eSql;

/** The assignment on screen, and whether it is a gold answer (and which screen side is right). */
let lastOnScreen: string | null = null;
async function onScreen(page: Page) {
  const main = page.locator("main.judge");
  await expect(main).toBeVisible();
  // Wait for the screen to move on from the pair answered last (a refused submit would say why).
  await expect(main)
    .not.toHaveAttribute("data-assignment", lastOnScreen ?? "none")
    .catch(async (e) => {
      throw new Error(
        `${(e as Error).message}\non screen: ${(
          await page
            .locator(".verdict")
            .innerText()
            .catch(() => "")
        )
          .replace(/\n/g, " ")
          .slice(0, 800)}`,
      );
    });
  const id = (await main.getAttribute("data-assignment"))!;
  lastOnScreen = id;
  const rows = await sql<{ left_is_a: boolean; label: string }>(
    `SELECT a."leftIsA" AS left_is_a, g.label::text FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId" WHERE a.id = $1`,
    [id],
  );
  const gold = rows[0]
    ? {
        right: (rows[0].label === "A") === rows[0].left_is_a ? "1" : "2",
        wrong: (rows[0].label === "A") === rows[0].left_is_a ? "2" : "1",
      }
    : null;
  return { id, gold };
}

async function answer(page: Page, key: string) {
  // Esc leaves the rationale field (kept focused from the pair before), so that the key chooses.
  await page.keyboard.press("Escape");
  await page.keyboard.press(key);
  await page.keyboard.type("The other plan keeps to the opening hours, meal times and nights that the request needs.");
  await page.keyboard.press("Enter");
}

/** The comparison screen's structure, without its content: what an expert could tell pairs apart by. */
const structure = (page: Page) =>
  page.locator("main.judge").evaluate((m) =>
    [...m.querySelectorAll("*")]
      .filter((e) => !e.closest(".plan-map, .timeline, .tl-list, .request, .day-select button"))
      .slice(0, 80)
      .map((e) => `${e.tagName}.${[...e.classList].filter((c) => !/^(on|hl|sel)$/.test(c)).join(".")}`)
      .join(" "),
  );

test("a new expert qualifies with feedback, meets gold pairs that look like any other, is paused by the gold test and resumed by an admin", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const datasets = (await (await page.request.get("/api/admin/datasets")).json()).datasets as {
    id: string;
    name: string;
  }[];
  const demo = datasets.find((d) => d.name === "TripJudge demo")!;
  const overview = await (await page.request.get("/api/admin/overview")).json();
  const paris = overview.destinations.find((d: { name: string }) => d.name === "Paris").id as string;

  // Qualification: three pairs, two right to pass — set on the quality page.
  await page.goto("/admin/quality");
  await page.getByLabel("Qualification pairs for new experts (0 = none)").fill("3");
  await page.getByLabel("Pass mark (%)").fill("66");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const made = await page.request.post("/api/admin/quality/gold", {
    data: { datasetId: demo.id, destinationId: paris, plans: 200, seed: 3 },
  });
  // A background job: its result says how many were made.
  expect(made.status()).toBe(202);
  const { jobId } = await made.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()).status, { timeout: 60_000 })
    .toBe("DONE");
  const job = await (await page.request.get(`/api/admin/jobs/${jobId}`)).json();
  expect(job.result.made).toBeGreaterThanOrEqual(8);
  expect(
    (await page.request.post("/api/admin/quality/gold", { data: { datasetId: demo.id, plans: 0 } })).status(),
  ).toBe(400);
  await page.getByLabel("Gold rate of TripJudge demo (%)").fill("50");
  await page
    .getByLabel("Gold rate of TripJudge demo (%)")
    .locator("xpath=..")
    .getByRole("button", { name: "Set" })
    .click();
  await page.reload();
  await expect(page.getByLabel("Gold rate of TripJudge demo (%)")).toHaveValue("50");
  // The button queues the same job; the page follows it to its count (the Paris pairs exist already: none new).
  await page
    .getByRole("row", { name: /TripJudge demo/ })
    .getByRole("button", { name: "Make gold pairs" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: /Made \d+ gold pairs from \d+ plans/ })).toBeVisible({
    timeout: 60_000,
  });
  await shot(page, "quality-gold");

  // A new expert: created, invited, given Nanjing.
  await page.goto("/admin");
  const email = `quinn.${Date.now()}@example.org`;
  await page.getByLabel("Name").fill("Quinn Qualifier");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create expert" }).click();
  const link = await page.getByTestId("invite-link").innerText();
  const users = (await (await page.request.get("/api/admin/users")).json()).users as { id: string; email: string }[];
  const quinn = users.find((u) => u.email === email)!;
  expect(
    (
      await page.request.put("/api/admin/expert-destinations", {
        data: { userIds: [quinn.id], destinationIds: [paris], familiarity: 4 },
      })
    ).status(),
  ).toBe(200);
  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "quinn-password-42");
  await expert.setViewportSize({ width: 1400, height: 900 });

  // Qualification: right, wrong, right — feedback after each, the defect marked on its plan.
  await expert.goto(`/judge?destination=${paris}`);
  for (const [i, right] of [true, false, true].entries()) {
    await expect(expert.getByTestId("qualification-banner")).toContainText(`pair ${i + 1} of 3`);
    const { gold } = await onScreen(expert);
    expect(gold).not.toBeNull();
    await answer(expert, right ? gold!.right : gold!.wrong);
    const feedback = expert.getByTestId("qualification-feedback");
    await expect(feedback).toContainText(right ? "Right." : "Not quite.");
    await expect(feedback).toContainText(/Plan (A|B) has /);
    // A defect at one item (a visit, a meal, a transfer) is marked, scrolled to and focused, clear of the panel; a
    // missing night names its day.
    if ((await feedback.innerText()).includes("It is marked")) {
      const marked = expert.locator(".tl-item.sel");
      await expect(marked).toHaveCount(1);
      await expect(marked).toBeFocused();
      await expect(marked).toBeInViewport({ ratio: 1 });
      const [item, panel] = [(await marked.boundingBox())!, (await feedback.boundingBox())!];
      expect(item.y + item.height).toBeLessThanOrEqual(panel.y);
      await expert.screenshot({ path: `screenshots/qualification-feedback-marked-${i + 1}.png` });
    }
    if (i === 0) await shot(expert, "qualification-feedback");
    if (i === 2) await expect(feedback).toContainText("You passed");
    await expert.keyboard.press("Enter");
  }

  // Real pairs now, with gold pairs among them at the dataset's rate: the screen has the same structure either way.
  let realStructure: string | null = null;
  let goldStructure: string | null = null;
  let wrongGold = 0;
  for (let i = 0; i < 30 && wrongGold < 2; i++) {
    await expect(expert.getByTestId("qualification-banner")).toHaveCount(0);
    const { gold } = await onScreen(expert);
    if (gold) {
      goldStructure ??= await structure(expert);
      if (wrongGold === 0) await shot(expert, "gold-pair");
      await answer(expert, gold.wrong);
      wrongGold++;
    } else {
      realStructure ??= await structure(expert);
      await answer(expert, "0");
    }
    if (wrongGold < 2)
      await expect(
        expert.locator("main.judge, [data-testid=standing-notice], [data-testid=queue-empty]").first(),
      ).toBeVisible();
  }
  expect(wrongGold).toBe(2);
  expect(goldStructure).not.toBeNull();
  if (realStructure) expect(goldStructure).toBe(realStructure);
  await expect(expert.getByTestId("standing-notice")).toContainText("paused");
  await shot(expert, "expert-paused");

  // The admin is told, sees why, and resumes the expert.
  await page.goto("/admin");
  await expect(page.getByTestId("standing-notice")).toContainText("1 expert paused");
  await page.getByRole("link", { name: "Review on the quality page" }).click();
  await expect(page.getByTestId("paused-notice")).toBeVisible();
  const row = page.getByTestId(`quality-${email}`);
  await expect(row).toContainText("Paused");
  await expect(row).toContainText("wrong on 2 of the first 2 gold pairs");
  await shot(page, "quality-paused");
  await row.getByRole("button", { name: "Resume" }).click();
  await expect(row).toContainText("Active");
  await expert.goto(`/judge?destination=${paris}`);
  await expect(expert.locator("main.judge")).toBeVisible();

  // Adaptive raters on: the agreement page says which statistics come from the calibration share.
  await page.goto("/admin/quality");
  await page.getByLabel("Adaptive raters for TripJudge demo").click();
  await expect(page.getByText(/Adaptive raters on: \d+ pairs changed/)).toBeVisible();
  await page.goto("/admin/analytics");
  await expect(page.getByTestId("adaptive-calibration")).toContainText("calibration 15 %");
  await expect(page.getByRole("heading", { name: "Anomaly flags" })).toBeVisible();
  await shot(page, "analytics-flags");
  await page.goto("/admin/quality");
  await page.getByLabel("Adaptive raters for TripJudge demo").click();
  await expect(page.getByText(/Adaptive raters off: \d+ pairs changed/)).toBeVisible();

  // Leave no gold pair for the specs that follow.
  await page.goto("/admin/quality");
  await page.getByLabel("Gold rate of TripJudge demo (%)").fill("0");
  await page
    .getByLabel("Gold rate of TripJudge demo (%)")
    .locator("xpath=..")
    .getByRole("button", { name: "Set" })
    .click();
  await page.reload();
  await expect(page.getByLabel("Gold rate of TripJudge demo (%)")).toHaveValue("0");
  await shot(page, "quality");
  await expert.close();
});

test("while the quality figures are computed, the page says which stage the computation is in", async ({ page }) => {
  // A computation in another app process has reported its stage (lib/platform/db/figures.ts progressWriter writes this row).
  const began = new Date(Date.now() - 42_000).toISOString();
  await sql(
    `INSERT INTO "StoredFigures" (key, answer, "computedAt") VALUES ('progress:quality', $1, now())
     ON CONFLICT (key) DO UPDATE SET answer = EXCLUDED.answer, "computedAt" = now()`,
    [JSON.stringify({ stage: "reading the judgments", done: 120_000, startedAt: began, updatedAt: began })],
  );
  // This page's own read of the figures is held until the progress has been seen, as a long computation would hold it.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/admin/quality", async (route) => {
    await held;
    await route.continue();
  });
  try {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto("/admin/quality");
    const progress = page.getByTestId("figures-progress");
    await expect(progress).toContainText("Computing the figures: reading the judgments");
    await expect(progress).toContainText(/120,000 read · (4[2-9]|5\d) s so far/);
    await shot(page, "quality-progress");
  } finally {
    release();
    await sql(`DELETE FROM "StoredFigures" WHERE key = 'progress:quality'`);
  }
  await expect(page.getByTestId("figures-age")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("figures-progress")).toHaveCount(0);
});

test("figures whose judgments changed update by themselves when the page opens them, saying so meanwhile", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/quality");
  const fitted = page.getByText(/\d+ judgments of \d+ complete pairs/).first();
  await expect(fitted).toBeVisible({ timeout: 60_000 });
  const before = Number((await fitted.innerText()).match(/(\d+) judgments of/)![1]);
  // Experts judge meanwhile (three pairs completed), and the stored figures are six minutes old, as the new
  // user's were ("fitted on 0 judgments of 0 complete pairs, 6 minutes ago" with 63 complete, until Recompute).
  // From the destination with the most untouched pairs, Tokyo and Rome left to the specs after this one.
  const [{ name: city }] = await e2eSql<{ name: string }>(
    `SELECT d.name FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE p.status = 'OPEN' AND p."claimedCount" = 0 AND p."submittedCount" = 0 AND d.name NOT IN ('Tokyo', 'Rome')
      GROUP BY d.name ORDER BY count(*) DESC, d.name LIMIT 1`,
  );
  await judgeInDatabase(city, [
    ["A", "A", "B"],
    ["B", "B", "B"],
    ["A", "NEITHER", "A"],
  ]);
  await e2eSql(`UPDATE "StoredFigures" SET "computedAt" = "computedAt" - interval '6 minutes' WHERE key = 'quality'`);
  await page.reload();
  await expect(page.getByTestId("figures-updating")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("figures-age")).toContainText("6 minutes ago");
  await shot(page, "quality-updating");
  // No Recompute pressed: the fresh figures arrive by themselves, with the nine new judgments.
  await expect(page.getByTestId("figures-updating")).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByText(`${before + 9} judgments of`).first()).toBeVisible();
  await expect(page.getByTestId("figures-age")).not.toContainText("minutes ago");
});
