/**
 * Reviewers (issue 46, items 3 and 4), walked as an admin, a reviewer and four experts would: the admin invites a
 * reviewer and gives them the destination; three experts judge a pair; the reviewer's queue serves the oldest judgment
 * with the pair's plans, and the reviewer rejects it from the keyboard with a reason; the pair's slot is served to a
 * fourth expert; the expert whose judgment was rejected reads the reason on their home page; the judgment export
 * leaves it out, and with include_rejected has it marked; the Quality page counts it in the accept rate. Reviewers and
 * experts reach neither the admin pages nor the admin API. The dataset has a destination of its own (Porto).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, e2eSql, expectAccessible, importExampleAt, shot, signIn } from "./helpers";

const NAME = "Review: 3 days in Porto";
const CITY = "Porto";
const REASON = "The rationale talks about another city; it does not compare these two plans.";

/** An expert made through the API (as a script would) with Porto, signed in in a browser context of their own. */
async function expert(admin: Page, browser: Browser, i: number, destination: string): Promise<Page> {
  const email = `review.expert${i}.${Date.now()}@example.org`;
  const password = `review-expert-${i}-4242`;
  const created = await admin.request.post("/api/admin/users", { data: { email, name: `Rita Expert ${i}` } });
  expect(created.status()).toBe(201);
  const { inviteUrl, userId } = (await created.json()) as { inviteUrl: string; userId: string };
  const set = await admin.request.post(`/api/invite/${inviteUrl.split("/invite/")[1]}`, {
    data: { password, confirm: password },
  });
  expect(set.status()).toBe(200);
  const fam = await admin.request.put("/api/admin/expert-destinations", {
    data: { userIds: [userId], destinationIds: [destination], familiarity: 4 },
  });
  expect(fam.status()).toBe(200);
  const p = await (await browser.newContext()).newPage();
  await signIn(p, email, password);
  await expect(p).toHaveURL(/\/expert/);
  return p;
}

/** The expert's next pair through the judging API, judged "left" with a rationale of their own; its pair id. */
async function judgeOne(p: Page, i: number): Promise<string> {
  const next = (await (await p.request.post("/api/judge/next")).json()) as {
    assignment: { assignmentId: string; pairId: string } | null;
  };
  expect(next.assignment, `expert ${i} is served a pair`).not.toBeNull();
  const res = await p.request.post(`/api/judge/${next.assignment!.assignmentId}/submit`, {
    data: {
      choice: "left",
      rationale: `Expert ${i}: the left plan keeps the Ribeira walk and the tram ride on one easy day.`,
      timeOnTaskMs: 90_000 + i * 1000,
      clientRequestId: `review-e2e-${next.assignment!.assignmentId}`,
    },
  });
  expect(res.status()).toBe(201);
  return next.assignment!.pairId;
}

test("a reviewer rejects a judgment from the queue: the slot goes to another expert, the expert reads why, exports leave it out unless asked", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importExampleAt(page, CITY, "波尔图", NAME);
  const [{ id: destination }] = await e2eSql<{ id: string }>(`SELECT id FROM "Destination" WHERE name = $1`, [CITY]);
  const [{ id: dataset }] = await e2eSql<{ id: string }>(`SELECT id FROM "Dataset" WHERE name = $1`, [NAME]);

  // The admin invites a reviewer on the Users page and gives them Porto on the Assignments page.
  const reviewerEmail = `review.reviewer.${Date.now()}@example.org`;
  await page.goto("/admin");
  await page.getByLabel("Name").fill("Rui Reviewer");
  await page.getByLabel("Email").fill(reviewerEmail);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("REVIEWER");
  await page.getByRole("button", { name: "Create reviewer" }).click();
  const link = await page.getByTestId("invite-link").innerText();
  await expect(page.getByTestId(`user-${reviewerEmail}`)).toContainText("Reviewer");
  await page.goto("/admin/assign");
  await page.getByLabel("Select Rui Reviewer").check();
  await page.getByLabel(`Select ${CITY}`).check();
  await page.getByRole("button", { name: "Assign selected" }).click();
  await expect(page.getByLabel(`Rui Reviewer – ${CITY}`)).toHaveValue("3");
  // Every judgment in the sample, so the queue's first is the pair's oldest judgment.
  expect((await page.request.put("/api/admin/review-settings", { data: { share: 1 } })).status()).toBe(200);

  // Three experts judge the same pair (the queue sends each to the pair closest to completion); a fourth waits.
  const experts: Page[] = [];
  for (let i = 0; i < 4; i++) experts.push(await expert(page, browser, i, destination));
  const pairs = [];
  for (let i = 0; i < 3; i++) pairs.push(await judgeOne(experts[i], i));
  expect(new Set(pairs).size, "the three experts judged one pair").toBe(1);
  const pairId = pairs[0];
  const [{ status: before }] = await e2eSql<{ status: string }>(`SELECT status::text FROM "Pair" WHERE id = $1`, [
    pairId,
  ]);
  expect(before).toBe("COMPLETE");

  // The reviewer sets a password and lands on the review queue: expert 0's judgment, beside the pair's plans.
  const reviewer = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await reviewer.goto(link);
  await reviewer.getByLabel("New password").fill("rui-reviewer-4242");
  await reviewer.getByLabel("Repeat it").fill("rui-reviewer-4242");
  await reviewer.getByRole("button", { name: "Set password" }).click();
  await expect(reviewer).toHaveURL(/\/signin\?set=1/);
  await signIn(reviewer, reviewerEmail, "rui-reviewer-4242");
  await expect(reviewer).toHaveURL(/\/review/);
  await expect(reviewer.getByRole("navigation")).toContainText("Review queue");
  const main = reviewer.locator("main.review");
  await expect(main).toHaveAttribute("data-pair", pairId);
  await expect(reviewer.getByTestId("review-rationale")).toContainText("Expert 0:");
  await expect(reviewer.getByTestId("review-verdict")).toContainText(/Plan [AB] is better/);
  await expect(reviewer.getByRole("article", { name: "Plan A" })).toBeVisible();
  await expect(reviewer.getByRole("article", { name: "Plan B" })).toBeVisible();
  await expect(reviewer.locator(".leaflet-container").first()).toBeVisible();
  await expect(reviewer.getByTestId("review-waiting")).toContainText("3 to review");
  await shot(reviewer, "review-queue-1366");
  await reviewer.setViewportSize({ width: 1920, height: 1080 });
  await shot(reviewer, "review-queue-1920");
  await reviewer.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(reviewer, "the review queue");
  const judgmentId = (await main.getAttribute("data-judgment"))!;

  // The keys, as on the judging screen: ? shows them; X opens the reason box, Enter rejects.
  await reviewer.keyboard.press("?");
  await expect(reviewer.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Reject it");
  await expectAccessible(reviewer, "the review queue's keys");
  await reviewer.keyboard.press("Escape");
  await expect(reviewer.getByRole("dialog")).toHaveCount(0);
  await reviewer.keyboard.press("x");
  const box = reviewer.getByLabel(/Why is it rejected\?/);
  await expect(box).toBeFocused();
  await reviewer.keyboard.type(REASON);
  await shot(reviewer, "review-queue-rejecting");
  await reviewer.keyboard.press("Enter");
  // The next judgment follows (expert 1's); the rejected one is gone from the queue.
  await expect(reviewer.getByTestId("review-rationale")).toContainText("Expert 1:");
  await expect(main).not.toHaveAttribute("data-judgment", judgmentId);
  const [moved] = await e2eSql<{ reason: string; status: string; submitted: number }>(
    `SELECT r.reason, p.status::text AS status, p."submittedCount" AS submitted
       FROM "RejectedJudgment" r JOIN "Pair" p ON p.id = r."pairId" WHERE r.id = $1`,
    [judgmentId],
  );
  expect(moved).toEqual({ reason: REASON, status: "OPEN", submitted: 2 });
  expect(await e2eSql(`SELECT 1 FROM "Judgment" WHERE id = $1`, [judgmentId])).toHaveLength(0);

  // The reopened slot goes to the fourth expert, who completes the pair; the rejected expert never gets it back.
  expect(await judgeOne(experts[3], 3)).toBe(pairId);
  const [{ status: after }] = await e2eSql<{ status: string }>(`SELECT status::text FROM "Pair" WHERE id = $1`, [
    pairId,
  ]);
  expect(after).toBe("COMPLETE");
  const again = (await (await experts[0].request.post("/api/judge/next")).json()) as {
    assignment: { pairId: string } | null;
  };
  expect(again.assignment?.pairId).not.toBe(pairId);

  // Expert 0 reads the rejection and its reason on their home page.
  const home = experts[0];
  await home.setViewportSize({ width: 1366, height: 768 });
  await home.goto("/expert");
  const rejected = home.getByRole("table", { name: "Judgments a reviewer rejected" });
  await expect(rejected.getByTestId(`rejected-${pairId}`)).toContainText(REASON);
  await expect(rejected).toContainText(CITY);
  await shot(home, "review-expert-home");
  await expectAccessible(home, "the expert's home with a rejected judgment");

  // The judgment export leaves it out; with include_rejected it comes last, marked, with the reviewer's reason.
  const lines = async (query: string) =>
    (await (await page.request.get(`/api/admin/exports/judgments?format=jsonl&dataset=${dataset}${query}`)).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { rationale: string; review_status: string; review_reason: string | null });
  const plain = await lines("");
  expect(plain).toHaveLength(3);
  expect(plain.some((r) => r.rationale.startsWith("Expert 0:"))).toBe(false);
  expect(plain.every((r) => r.review_status === "none")).toBe(true);
  const all = await lines("&include_rejected=true");
  expect(all).toHaveLength(4);
  expect(all[3]).toMatchObject({ review_status: "rejected", review_reason: REASON });
  expect(all[3].rationale.startsWith("Expert 0:")).toBe(true);

  // The Quality page's accept rate: none accepted of one reviewed for expert 0.
  await page.goto("/admin/quality");
  const row = page.getByRole("row", { name: /Rita Expert 0/ });
  await expect(row.getByTestId("accept-rate")).toHaveText("0/1 · 0 %", { timeout: 60_000 });

  // Reviewers and experts reach neither the admin pages nor the admin API; experts do not review.
  expect((await reviewer.request.get("/api/admin/users")).status()).toBe(403);
  expect((await reviewer.request.get(`/api/admin/exports/judgments?format=jsonl`)).status()).toBe(403);
  await reviewer.goto("/admin");
  await expect(reviewer).toHaveURL(/\/forbidden/);
  expect((await home.request.post("/api/review/next", { data: {} })).status()).toBe(403);
  expect((await home.request.get("/api/admin/users")).status()).toBe(403);
  await home.goto("/review");
  await expect(home).toHaveURL(/\/forbidden/);
});
