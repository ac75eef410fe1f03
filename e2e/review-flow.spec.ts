/**
 * Issue 46 end to end, as a reviewer works: the admin invites a reviewer and gives them a destination; the reviewer
 * finds a pair in the pair browser by a Chinese and an English phrase of its rationales (their destination's pairs
 * only), opens it, and rejects a judgment with a reason on the pair's page; another expert is served the pair's slot
 * and judges it; the Agreement figures and the judgment export leave the rejected judgment out, and include_rejected
 * brings it back marked. Screenshots of the browser, the pair page and the review queue at 1366×768 and 1920×1080.
 */
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, e2eSql, expectAccessible, importExampleAt, judgeInDatabase, shot, signIn } from "./helpers";

const NAME = "Review flow: 3 days in Lisbon";
const CITY = "Lisbon";
const RATIONALE = {
  A: "Plan A gets the museum opening hours right and keeps the walk short.",
  B: "B的路线更好，但开放时间写错了。",
} as const;
const REASON = "This rationale is about another plan's opening times; it does not compare these two.";

/** The rows' pair ids, as their "Open" links name them. */
async function listed(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole("table", { name: "Pairs" })
    .getByRole("link", { name: /^Open pair / })
    .evaluateAll((as) => as.map((a) => a.getAttribute("aria-label")!.replace("Open pair ", "")));
  return labels.sort();
}

async function search(page: Page, phrase: string) {
  const filters = page.getByRole("search", { name: "Filter pairs" });
  await filters.getByLabel("Search", { exact: true }).fill(phrase);
  await filters.getByRole("combobox", { name: "Search in", exact: true }).selectOption("rationales");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test("a reviewer finds a pair by Chinese and English rationale phrases, rejects a judgment on its page; figures and exports leave it out", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importExampleAt(page, CITY, "里斯本", NAME);
  const [{ id: destination }] = await e2eSql<{ id: string }>(`SELECT id FROM "Destination" WHERE name = $1`, [CITY]);
  const [{ id: dataset }] = await e2eSql<{ id: string }>(`SELECT id FROM "Dataset" WHERE name = $1`, [NAME]);
  // The pair judged A, B, A by three experts: a 2–1 majority whose rationales hold both phrases.
  const [pairId] = await judgeInDatabase(CITY, [["A", "B", "A"]], (v) => RATIONALE[v as "A" | "B"]);
  const agreement = async () => {
    const r = (await (await page.request.get("/api/admin/analytics")).json()) as {
      byDestination: Record<string, { items: number; allAgree: { value: number | null } }>;
    };
    return r.byDestination[CITY] ?? null;
  };
  await expect.poll(async () => (await agreement())?.allAgree.value).toBe(0);

  // The admin invites a reviewer and gives them Lisbon.
  const reviewerEmail = `flow.reviewer.${Date.now()}@example.org`;
  await page.goto("/admin");
  await page.getByLabel("Name").fill("Lena Reviewer");
  await page.getByLabel("Email").fill(reviewerEmail);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("REVIEWER");
  await page.getByRole("button", { name: "Create reviewer" }).click();
  const link = await page.getByTestId("invite-link").innerText();
  await page.goto("/admin/assign");
  await page.getByLabel("Select Lena Reviewer").check();
  await page.getByLabel(`Select ${CITY}`).check();
  await page.getByRole("button", { name: "Assign selected" }).click();
  await expect(page.getByLabel(`Lena Reviewer – ${CITY}`)).toHaveValue("3");
  // Every judgment in the review sample, so the queue has one to show.
  expect((await page.request.put("/api/admin/review-settings", { data: { share: 1 } })).status()).toBe(200);

  const reviewer = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await reviewer.goto(link);
  await reviewer.getByLabel("New password").fill("lena-reviewer-4242");
  await reviewer.getByLabel("Repeat it").fill("lena-reviewer-4242");
  await reviewer.getByRole("button", { name: "Set password" }).click();
  await expect(reviewer).toHaveURL(/\/signin\?set=1/);
  await signIn(reviewer, reviewerEmail, "lena-reviewer-4242");
  await expect(reviewer).toHaveURL(/\/review/);
  await expect(reviewer.getByTestId("review-rationale")).toBeVisible();
  await shot(reviewer, "review-flow-queue-1366");
  await reviewer.setViewportSize({ width: 1920, height: 1080 });
  await shot(reviewer, "review-flow-queue-1920");
  await reviewer.setViewportSize({ width: 1366, height: 768 });

  // The header's Pairs: their destination's pairs only (other specs' Paris and Rome pairs are not listed).
  await reviewer.getByRole("navigation").getByRole("link", { name: "Pairs", exact: true }).click();
  await expect(reviewer).toHaveURL(/\/admin\/pairs$/);
  const [{ n: lisbonPairs }] = await e2eSql<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."destinationId" = $1`,
    [destination],
  );
  await expect(reviewer.getByTestId("pair-count")).toHaveText(
    lisbonPairs === 1 ? "1 pair matches." : `${lisbonPairs} pairs match.`,
  );
  await search(reviewer, "开放时间");
  expect(await listed(reviewer)).toEqual([pairId]);
  await search(reviewer, "opening hour");
  expect(await listed(reviewer)).toEqual([pairId]);
  await search(reviewer, "cathedral");
  await expect(reviewer.getByTestId("pairs-none")).toBeVisible();
  await search(reviewer, "开放时间");
  await expect(reviewer.getByRole("region", { name: "Matching pairs" })).toBeVisible();
  await expect(reviewer.getByTestId("pair-count")).toHaveText("1 pair matches.");
  // Exports stay the admins'.
  await expect(reviewer.getByRole("button", { name: /export/i })).toHaveCount(0);
  await shot(reviewer, "review-flow-browser-1366");
  await reviewer.setViewportSize({ width: 1920, height: 1080 });
  await shot(reviewer, "review-flow-browser-1920");
  await reviewer.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(reviewer, "the pair browser, as a reviewer");

  // Open the pair: three judgments, each with the review actions; no names for reviewers.
  await reviewer.getByRole("link", { name: `Open pair ${pairId}` }).click();
  await expect(reviewer).toHaveURL(new RegExp(`/admin/pairs/${pairId}`));
  await expect(reviewer.getByTestId("judgment")).toHaveCount(3);
  await expect(reviewer.getByRole("link", { name: "Show experts' names" })).toHaveCount(0);
  expect((await reviewer.request.get(`/api/admin/pairs/${pairId}?names=1`)).status()).toBe(403);
  await shot(reviewer, "review-flow-pair-1366");
  const b = reviewer.getByRole("article", { name: "Judgment 2" });
  await expect(b).toContainText(RATIONALE.B);
  const judgmentId = (await b.getAttribute("data-judgment"))!;
  await b.getByRole("button", { name: "Reject…" }).click();
  await b.getByLabel(/Why is it rejected\?/).fill(REASON);
  await b.getByRole("button", { name: "Reject judgment" }).click();
  // The page reads the pair again: two judgments stand, the rejected one is listed apart, marked, with the reason.
  await expect(reviewer.getByTestId("judgment")).toHaveCount(2);
  const rejected = reviewer.getByTestId("rejected-judgment");
  await expect(rejected).toHaveCount(1);
  await expect(rejected).toContainText(RATIONALE.B);
  await expect(rejected.getByTestId("rejection")).toContainText(REASON);
  await expect(rejected.getByTestId("rejection")).toContainText("Lena Reviewer");
  await expect(reviewer.getByTestId("pair-history").locator('[data-kind="reviewed"]')).toContainText("rejected");
  await shot(reviewer, "review-flow-pair-rejected-1366");
  await reviewer.setViewportSize({ width: 1920, height: 1080 });
  await shot(reviewer, "review-flow-pair-rejected-1920");
  await reviewer.setViewportSize({ width: 1366, height: 768 });
  await expectAccessible(reviewer, "a pair's page with a rejected judgment");
  // Outside their destinations, a pair answers 404.
  const [{ id: elsewhere }] = await e2eSql<{ id: string }>(
    `SELECT p.id FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" WHERE q."destinationId" <> $1 LIMIT 1`,
    [destination],
  );
  expect((await reviewer.request.get(`/api/admin/pairs/${elsewhere}`)).status()).toBe(404);
  expect((await reviewer.request.get("/api/admin/users")).status()).toBe(403);

  // Another expert of Lisbon is served the reopened slot and judges it A: the pair is unanimous now.
  const email = `flow.expert.${Date.now()}@example.org`;
  const created = await page.request.post("/api/admin/users", { data: { email, name: "Luis Expert" } });
  expect(created.status()).toBe(201);
  const { inviteUrl, userId } = (await created.json()) as { inviteUrl: string; userId: string };
  const set = await page.request.post(`/api/invite/${inviteUrl.split("/invite/")[1]}`, {
    data: { password: "luis-expert-4242", confirm: "luis-expert-4242" },
  });
  expect(set.status()).toBe(200);
  const fam = await page.request.put("/api/admin/expert-destinations", {
    data: { userIds: [userId], destinationIds: [destination], familiarity: 4 },
  });
  expect(fam.status()).toBe(200);
  const expert = await (await browser.newContext()).newPage();
  await signIn(expert, email, "luis-expert-4242");
  await expect(expert).toHaveURL(/\/expert/);
  const served = await expert.request.post("/api/judge/next");
  const next = (await served.json()) as { assignment: { assignmentId: string; pairId: string } | null };
  expect(next.assignment, `served: ${served.status()} ${JSON.stringify(next).slice(0, 300)}`).not.toBeNull();
  expect(next.assignment?.pairId).toBe(pairId);
  const [{ leftIsA }] = await e2eSql<{ leftIsA: boolean }>(
    `SELECT a."leftPlanId" = p."planAId" AS "leftIsA" FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId" WHERE a.id = $1`,
    [next.assignment!.assignmentId],
  );
  const submitted = await expert.request.post(`/api/judge/${next.assignment!.assignmentId}/submit`, {
    data: {
      choice: leftIsA ? "left" : "right",
      rationale: "Plan A: the better order of the day, and the right opening hours.",
      timeOnTaskMs: 80_000,
      clientRequestId: `flow-${next.assignment!.assignmentId}`,
    },
  });
  expect(submitted.status()).toBe(201);
  await expect.poll(async () => (await agreement())?.allAgree.value, { timeout: 60_000 }).toBe(1);

  // The judgment export: three judgments, the rejected one absent; include_rejected adds it, marked.
  const lines = async (query: string) =>
    (await (await page.request.get(`/api/admin/exports/judgments?format=jsonl&dataset=${dataset}${query}`)).text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { rationale: string; review_status: string; review_reason: string | null });
  const plain = await lines("");
  expect(plain).toHaveLength(3);
  expect(plain.some((r) => r.rationale === RATIONALE.B)).toBe(false);
  const all = await lines("&include_rejected=true");
  expect(all).toHaveLength(4);
  expect(all.filter((r) => r.review_status === "rejected")).toEqual([
    expect.objectContaining({ rationale: RATIONALE.B, review_reason: REASON }),
  ]);
  expect(await e2eSql(`SELECT 1 FROM "Judgment" WHERE id = $1`, [judgmentId])).toHaveLength(0);
});
