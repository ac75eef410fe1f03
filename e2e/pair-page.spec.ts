import { expect, test } from "@playwright/test";
import { ADMIN, e2eSql, expectAccessible, importExampleAt, judgeInDatabase, shot, signIn } from "./helpers";

const RATIONALES = [
  "Plan A keeps the Colosseum in the cool morning and the walks are short.",
  "Plan B has fewer museums, which this traveller asked for; A crams four sights into the first day.",
  "A again: B's second day crosses the city three times for lunch.",
];

test("an admin opens a judged pair from its address: three judgments beside the two maps and timelines, names on asking", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  // A city of this spec's own (the example bundle moved there), so the demo's pairs that later specs count stay untouched.
  await importExampleAt(page, "Pairtown", "配对城", "Pair page: 3 days in Pairtown");
  let n = 0;
  const [pairId] = await judgeInDatabase("Pairtown", [["A", "B", "A"]], () => RATIONALES[n++]);
  const [pair] = await e2eSql<{ a: string; b: string }>(
    `SELECT pa.model AS a, pb.model AS b FROM "Pair" p JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" WHERE p.id = $1`,
    [pairId],
  );
  // An automatic judge's verdict on it, uploaded as the Judges page does.
  const upload = await page.request.post("/api/admin/judges", {
    data: {
      name: "pair-page.jsonl",
      jsonl: JSON.stringify({ pair_id: pairId, judge: "gpt-judge", p_a: 0.7, p_b: 0.3 }),
    },
  });
  expect(upload.status()).toBe(201);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/admin/pairs/${pairId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(pairId);
  const plans = page.getByRole("region", { name: "The two plans" });
  for (const [x, planner] of [
    ["A", pair.a],
    ["B", pair.b],
  ]) {
    const plan = plans.getByRole("article", { name: `Plan ${x}` });
    await expect(plan.locator(".plan-map.leaflet-container")).toBeVisible();
    await expect(
      plan
        .getByRole("region", { name: `Plan ${x}'s days` })
        .locator(".tl-day")
        .first(),
    ).toBeVisible();
    await expect(plan.locator(".planner")).toHaveText(planner);
  }
  const judgments = page.getByRole("region", { name: /^Judgments/ });
  await expect(judgments.getByTestId("judgment")).toHaveCount(3);
  for (const [i, r] of RATIONALES.entries()) {
    const j = judgments.getByRole("article", { name: `Judgment ${i + 1}` });
    await expect(j.locator(".judgment-rationale")).toHaveText(r);
    await expect(j).toContainText(i === 1 ? "Plan B" : "Plan A");
    await expect(j).toContainText("1 min 00 s on task · saw plan A on the left");
    await expect(j.locator(".judgment-expert")).toHaveText(/^expert-[0-9a-f]{10}$/);
  }
  await expect(page.getByTestId("pair-label")).toContainText("Plan A from the experts' majority (2 of 3)");
  await expect(page.getByRole("region", { name: "Automatic judges" })).toContainText("P(A) 0.70 · P(B) 0.30");
  const history = page.getByTestId("pair-history");
  await expect(history.locator("li")).toHaveCount(8);
  await expect(history.locator("li").first()).toHaveAttribute("data-kind", "created");
  await expect(page.getByText("amelie@demo.tripjudge")).toHaveCount(0);
  await page.waitForTimeout(300);
  await shot(page, "pair-page-1366");
  await expectAccessible(page, "the pair page");

  // Loaded at this size, as an admin on a wide screen would (the maps fit their stops when they open).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.reload();
  await expect(judgments.getByTestId("judgment")).toHaveCount(3);
  await page.waitForTimeout(300);
  await shot(page, "pair-page-1920");

  // Names on asking: the address says so, and the reading is recorded.
  await page.getByRole("link", { name: "Show experts' names" }).click();
  await expect(page).toHaveURL(/\?names=1$/);
  await expect(judgments.locator(".judgment-expert").first()).toHaveText("Amélie Laurent <amelie@demo.tripjudge>");
  await expect(page.getByRole("link", { name: "Hide experts' names" })).toBeVisible();
  const recorded = await e2eSql<{ n: number }>(
    `SELECT count(*)::int AS n FROM "AuditEvent" WHERE action = 'pair.names' AND "targetId" = $1`,
    [pairId],
  );
  expect(recorded[0].n).toBeGreaterThanOrEqual(1);
  await shot(page, "pair-page-names-1920");
  await page.getByRole("link", { name: "Hide experts' names" }).click();
  await expect(judgments.locator(".judgment-expert").first()).toHaveText(/^expert-[0-9a-f]{10}$/);

  // An id that names no pair says so; a bad toggle says what it takes.
  await page.goto("/admin/pairs/no-such-pair");
  await expect(page.getByTestId("pair-error")).toHaveText('There is no pair "no-such-pair".');
  const bad = await page.request.get(`/api/admin/pairs/${pairId}?names=yes`);
  expect(bad.status()).toBe(400);
});
