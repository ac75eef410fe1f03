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
const NAMES = [NAME, "Accessibility: 3 more days in Axeville"];
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
    // Two datasets of one pair each: the judging test skips one pair, the screen-reader and zoom tests read the other.
    for (const name of NAMES) await importExampleAt(page, "Axeville", "斧城", name);
    const overview = await (await page.request.get("/api/admin/overview")).json();
    const destination = overview.destinations.find((d: { name: string }) => d.name === "Axeville").id as string;
    for (const name of NAMES) {
      const dataset = overview.datasets.find((d: { name: string }) => d.name === name).id as string;
      const dims = await page.request.patch(`/api/admin/datasets/${dataset}`, {
        data: { dimensions: DEFAULT_DIMENSIONS.slice(1, 3) },
      });
      expect(dims.status()).toBe(200);
    }
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

test("sign-in, invite and the admin's pages pass axe", async ({ page }) => {
  test.setTimeout(300_000);
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
});

test("the constraint and correction editors, the correction's forms and keys pass axe", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
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
  // Its forms: a stop selected, then its times (t), a place search (r), the keys' help.
  await page.locator(".tl-item").nth(1).click();
  await page.keyboard.press("t");
  await expectAccessible(page, "the correction editor's times form");
  await page.keyboard.press("Escape");
  await page.keyboard.press("r");
  await expectAccessible(page, "the correction editor's place search");
  await page.keyboard.press("Escape");
  await page.locator("details.key-help summary").click();
  await expectAccessible(page, "the correction editor's keys");
});

test("a pair's page, the quality page's dialog, the 404 and forbidden pages pass axe", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  // A pair's page, with pseudonyms and with the experts' names.
  const [pair] = await e2eSql<{ id: string }>(
    `SELECT p.id FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
     WHERE d.name = 'Axeville' ORDER BY p.id LIMIT 1`,
  );
  for (const path of [`/admin/pairs/${pair.id}`, `/admin/pairs/${pair.id}?names=1`]) {
    await page.goto(path);
    await settled(page);
    await expectAccessible(page, path);
  }
  // The quality page's dialog that removes an expert's judgments (opened, not confirmed).
  await page.goto("/admin/quality");
  await settled(page);
  const remove = page.getByRole("button", { name: /^Remove/ }).first();
  if (await remove.count()) {
    await remove.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the quality page's remove dialog");
  }
  await page.goto("/no-such-page");
  await expectAccessible(page, "the 404 page");
  await page.goto("/forbidden");
  await expectAccessible(page, "the forbidden page");
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
  test.setTimeout(240_000);
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
  // Every dimension answered and the verdict chosen (the draft stays: the skip below leaves this pair).
  await expert.keyboard.press("Escape");
  for (const key of ["s", "s", "a"]) await expert.keyboard.press(key);
  await expect(expert.getByRole("radio", { name: /A is better/ })).toHaveAttribute("aria-checked", "true");
  await expectAccessible(expert, "the judging screen with the verdict chosen");

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
  // 20 with the header's language menu (issue 47): its links, the menu, the tools, each plan's map and the verdict.
  expect(tabs).toBeLessThanOrEqual(20);
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
  // A modal keeps the focus: Tab and Shift+Tab go round inside it, never to the page behind.
  const focusInside = (dialog: typeof help) => dialog.evaluate((d) => d.contains(document.activeElement));
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await expert.keyboard.press(key);
    expect(await focusInside(help), `after ${key}`).toBe(true);
  }
  await expert.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // The Skip button opens the skip dialog; Esc closes it and gives the focus back to the button.
  const skipButton = expert.getByRole("button", { name: /^Skip/ }).first();
  await skipButton.click();
  const skip = expert.getByRole("dialog", { name: "Skip this pair" });
  await expect(skip).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await expert.keyboard.press("Tab");
    expect(await focusInside(skip), `after Tab ${i + 1}`).toBe(true);
  }
  await expert.keyboard.press("Escape");
  await expect(skip).toBeHidden();
  await expect(skipButton).toBeFocused();

  // K opens the skip dialog; "Other" takes the expert's own words, which are stored as the reason.
  await expert.keyboard.press("k");
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

/** The Axeville expert's open pair on the judging screen, the maps drawn. */
async function judging(expert: Page) {
  await signIn(expert, EXPERT.email, EXPERT.password);
  await expect(expert).toHaveURL(/\/expert/);
  await expert.goto("/judge");
  await expect(expert.locator("main.judge")).toBeVisible();
  await expect(expert.locator(".leaflet-marker-icon").first()).toBeVisible();
}

/** Which part of the judging screen, in reading order, holds the focused element (-1: none of them). */
const focusedPart = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const parts = [".request", ".judge-tools", ".plan-left", ".plan-right", ".verdict"];
    return parts.findIndex((p) => !!el?.closest(p));
  });

test("judging with a screen reader: maps named and pointing to the timeline, verdicts as labelled radio groups, focus in reading order", async ({
  page: expert,
}) => {
  test.setTimeout(120_000);
  await judging(expert);
  // Each map is one image named after its plan, pointing to the timeline; its markers are no Tab stops.
  for (const side of ["A", "B"]) {
    const plan = expert.getByRole("article", { name: `Plan ${side}` });
    const map = plan.getByRole("img", { name: new RegExp(`^Map of plan ${side}\\b.*timeline`) });
    await expect(map).toHaveCount(1);
    await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
  }
  expect(await expert.locator(".leaflet-marker-icon[tabindex]:not([tabindex='-1'])").count()).toBe(0);

  // The verdict: labelled radio groups (a dimension's, then the overall one), one Tab stop each, arrows move.
  const overall = expert.getByRole("radiogroup", { name: "Which plan is better?" });
  await expect(overall.getByRole("radio")).toHaveCount(3);
  const dimensions = expert.getByRole("group", { name: "Dimension by dimension" }).getByRole("radiogroup");
  expect(await dimensions.count()).toBeGreaterThanOrEqual(2);
  const firstDimension = dimensions.first();
  await expect(firstDimension).toHaveAccessibleName(/\S/);
  await expect(firstDimension.getByRole("radio", { checked: true })).toHaveCount(0);

  // Arrows move within a group and choose; the radios say which is checked.
  await firstDimension.getByRole("radio").first().focus();
  await expert.keyboard.press("ArrowRight");
  const same = firstDimension.getByRole("radio").nth(1);
  await expect(same).toBeFocused();
  await expect(same).toHaveAttribute("aria-checked", "true");
  await expect(firstDimension.getByRole("radio", { checked: true })).toHaveCount(1);
  await expert.keyboard.press("ArrowLeft");
  await expect(firstDimension.getByRole("radio").first()).toHaveAttribute("aria-checked", "true");
  await expect(firstDimension.getByRole("radio").first()).toBeFocused();
  await expert.keyboard.press("ArrowRight");
  await expect(same).toHaveAttribute("aria-checked", "true");
  // The keys still answer: the other dimensions about the same, then plan B overall (clearly, where asked).
  await expert.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const count = await dimensions.count();
  for (let i = 1; i < count; i++) await expert.keyboard.press("s");
  await expert.keyboard.press("b");
  await expect(overall.getByRole("radio", { name: /B is better/ })).toHaveAttribute("aria-checked", "true");
  await expect(overall.getByRole("radio", { checked: true })).toHaveCount(1);
  const strength = expert.getByRole("radiogroup", { name: /How much better is plan B/ });
  if (await strength.count()) {
    await expert.keyboard.press("2");
    await expect(strength.getByRole("radio", { name: /Clearly/ })).toHaveAttribute("aria-checked", "true");
  }
  await expert.locator(".verdict textarea").fill("Plan B leaves time for lunch between the two museums.");
  const verdict = expert.getByRole("region", { name: "Your verdict" });
  const snapshot = await verdict.ariaSnapshot();
  console.log(snapshot);
  expect(snapshot).toContain('radiogroup "Which plan is better?"');
  expect(snapshot).toMatch(/radio "B is better[^"]*" \[checked\]/);
  await expect(expert.getByRole("button", { name: /^Submit/ })).toBeEnabled();

  // Tab from the top of the page: request, tools, plan A, plan B, then the verdict; its radios before Submit.
  await expert.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expert.keyboard.press("Escape");
  const parts: number[] = [];
  const stops: string[] = [];
  for (let i = 0; i < 50; i++) {
    await expert.keyboard.press("Tab");
    parts.push(await focusedPart(expert));
    const stop = await expert.evaluate(() => {
      const el = document.activeElement;
      return `${el?.getAttribute("role") ?? el?.tagName}:${el?.textContent?.trim().slice(0, 20)}`;
    });
    stops.push(stop);
    if (stop.startsWith("BUTTON:Submit")) break;
  }
  console.log(`Tab stops of the judging screen: ${stops.join(" | ")}`);
  const inOrder = parts.filter((p) => p >= 0);
  expect(inOrder, "the focus follows the reading order").toEqual([...inOrder].sort((a, b) => a - b));
  expect(new Set(inOrder), "tools, plan A, plan B, verdict (the request where it holds a control)").toEqual(
    new Set([...(inOrder.includes(0) ? [0] : []), 1, 2, 3, 4]),
  );
  const verdictRadios = stops.flatMap((s, i) => (parts[i] === 4 && s.startsWith("radio:") ? [i] : []));
  const submit = stops.findIndex((s) => s.startsWith("BUTTON:Submit"));
  expect(verdictRadios.length).toBeGreaterThan(0);
  expect(submit).toBeGreaterThan(verdictRadios[verdictRadios.length - 1]);
  // One Tab stop a radio group.
  expect(verdictRadios.length).toBe(await verdict.getByRole("radiogroup").count());
  await shot(expert, "a11y-judge-verdict");
  // The draft is left as it is: nothing is submitted.
});

/** The page body never scrolls sideways. */
async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    client: document.scrollingElement!.clientWidth,
  }));
  expect(scroll, `${where}: the page is ${scroll}px wide in a ${client}px window`).toBeLessThanOrEqual(client + 1);
}

test("at 200 % zoom (1366×768 as 683×384 CSS pixels): no sideways scroll; the verdict and Submit reachable", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 683, height: 384 },
    deviceScaleFactor: 2,
  });
  const expert = await context.newPage();
  await judging(expert);
  await noSidewaysScroll(expert, "the judging screen");
  await shot(expert, "a11y-zoom-judge");
  // Each plan's map and timeline can be scrolled into view and seen: nothing pinned to the window covers them.
  for (const target of [
    ".plan-left .plan-map",
    ".plan-left .tl-item",
    ".plan-right .plan-map",
    ".plan-right .tl-item",
  ]) {
    const el = expert.locator(target).first();
    await el.scrollIntoViewIfNeeded();
    const seen = await el.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
      return !!hit && (e === hit || e.contains(hit));
    });
    expect(seen, `${target} is seen, not covered, once scrolled to`).toBe(true);
  }
  await expert.locator(".plan-right .plan-map").scrollIntoViewIfNeeded();
  await expert.screenshot({ path: "screenshots/a11y-zoom-judge-plan-b.png" });
  const overall = expert.getByRole("radiogroup", { name: "Which plan is better?" });
  await overall.getByRole("radio").first().scrollIntoViewIfNeeded();
  await expect(overall.getByRole("radio").first()).toBeInViewport();
  const submit = expert.getByRole("button", { name: /^Submit/ });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  // Every control of the verdict can be clicked where it is drawn (nothing covers it).
  await overall.getByRole("radio", { name: /Neither/ }).click();
  await expect(overall.getByRole("radio", { name: /Neither/ })).toHaveAttribute("aria-checked", "true");
  await expert.screenshot({ path: "screenshots/a11y-zoom-judge-verdict.png" });
  await noSidewaysScroll(expert, "the judging screen, verdict chosen");

  await context.close();
});

test("at 200 % zoom, the correction screen: no sideways scroll; Save reachable", async ({ browser }) => {
  test.setTimeout(120_000);
  const [q] = await e2eSql<{ planId: string }>(
    `SELECT p.id AS "planId" FROM "Query" q JOIN "Destination" d ON d.id = q."destinationId"
     JOIN "Plan" p ON p."queryId" = q.id WHERE d.name = 'Axeville' ORDER BY p.id LIMIT 1`,
  );
  const admin = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 683, height: 384 },
    deviceScaleFactor: 2,
  });
  const page = await admin.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/plans/${q.planId}/correct`);
  await expect(page.locator(".checks[data-pending='false']")).toBeVisible({ timeout: 30_000 });
  await noSidewaysScroll(page, "the correction screen");
  await shot(page, "a11y-zoom-correct");
  const save = page.getByRole("button", { name: "Save correction" });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  await admin.close();
});

test("the review queue, its reject box and its keys pass axe", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const axeville = await e2eSql<{ dataset: string; destination: string }>(
    `SELECT d.id AS dataset, (SELECT id FROM "Destination" WHERE name = 'Axeville') AS destination
       FROM "Dataset" d WHERE d.name = ANY($1)`,
    [NAMES],
  );
  const destination = axeville[0].destination;
  // Every Axeville judgment is reviewed; Ada judges one pair (through the API, as a script would).
  const datasets = Object.fromEntries(axeville.map((r) => [r.dataset, 1]));
  expect((await page.request.put("/api/admin/review-settings", { data: { datasets } })).status()).toBe(200);
  const judged = await e2eSql(`SELECT 1 FROM "Judgment" j JOIN "User" u ON u.id = j."userId" WHERE u.email = $1`, [
    EXPERT.email,
  ]);
  if (judged.length === 0) {
    const ada = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await signIn(ada, EXPERT.email, EXPERT.password);
    await expect(ada).toHaveURL(/\/expert/);
    const next = (await (await ada.request.post("/api/judge/next")).json()) as {
      assignment: { assignmentId: string; dimensions: { key: string }[] } | null;
    };
    const a = next.assignment!;
    const res = await ada.request.post(`/api/judge/${a.assignmentId}/submit`, {
      data: {
        choice: "neither",
        dimensions: Object.fromEntries(a.dimensions.map((d) => [d.key, { choice: "same", strength: null }])),
        rationale: "Axeville: neither plan leaves time to eat between the museum visits.",
        timeOnTaskMs: 90_000,
        clientRequestId: `a11y-${a.assignmentId}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const email = `axe.reviewer.${Date.now()}@example.org`;
  const created = await page.request.post("/api/admin/users", { data: { email, name: "Rex Axe", role: "REVIEWER" } });
  expect(created.status()).toBe(201);
  const { inviteUrl, userId } = (await created.json()) as { inviteUrl: string; userId: string };
  const set = await page.request.post(`/api/invite/${inviteUrl.split("/invite/")[1]}`, {
    data: { password: "rex-reviewer-4242", confirm: "rex-reviewer-4242" },
  });
  expect(set.status()).toBe(200);
  const fam = await page.request.put("/api/admin/expert-destinations", {
    data: { userIds: [userId], destinationIds: [destination], familiarity: 4 },
  });
  expect(fam.status()).toBe(200);

  const reviewer = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signIn(reviewer, email, "rex-reviewer-4242");
  await expect(reviewer).toHaveURL(/\/review/);
  await expect(reviewer.getByTestId("review-rationale")).toContainText("Axeville:");
  await expect(reviewer.locator(".leaflet-marker-icon").first()).toBeVisible();
  await expectAccessible(reviewer, "the review queue");
  await reviewer.keyboard.press("?");
  await expect(reviewer.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await expectAccessible(reviewer, "the review queue's keys");
  await reviewer.keyboard.press("Escape");
  await reviewer.keyboard.press("x");
  await expect(reviewer.getByLabel(/Why is it rejected\?/)).toBeFocused();
  await expectAccessible(reviewer, "the review queue's reject box");
  await shot(reviewer, "a11y-review-reject");
  await reviewer.keyboard.press("Escape");
  // Nothing is rejected: the judgment stays for other specs' figures as it is.
});
