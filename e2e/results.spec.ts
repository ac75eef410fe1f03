import { expect, test } from "@playwright/test";
import { ADMIN, e2eSql, judgeInDatabase, shot, signIn } from "./helpers";

test("an admin reads the planner leaderboard, uploads a judge's verdicts to the alignment board, and sees position bias", async ({
  page,
}) => {
  test.setTimeout(240_000);
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
  const pairIds = await judgeInDatabase(
    "Tokyo",
    rows.map((r) => [...r]),
  );
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByRole("heading", { name: "Planner leaderboard" })).toBeVisible();
  const board = page.getByRole("table", { name: "Leaderboard" });
  await expect(board.locator("tbody tr").first()).toBeVisible({ timeout: 30_000 });
  // One chart, or one per group of planners when they fall into groups (the suite's earlier tests may make several).
  const charts = page.getByRole("img", { name: /^Planner ratings with 95 % intervals/ });
  await expect(charts.first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Win table" }).locator("tbody tr").first()).toBeVisible();
  await expect(page.getByLabel("Left plan wins")).toContainText("the plan shown on the left won");
  // The page's figures are the API's, and the ratings average 1000.
  const api = await (await page.request.get("/api/admin/leaderboard")).json();
  const ratings = api.report.models.map((m: { rating: number }) => m.rating);
  expect(Math.abs(ratings.reduce((s: number, r: number) => s + r, 0) / ratings.length - 1000)).toBeLessThan(1e-6);
  await expect(board.locator("tbody tr")).toHaveCount(api.report.models.length);
  await expect(charts).toHaveCount(api.report.groups);
  // A dataset that does not exist is said, not shown as an empty leaderboard.
  const nowhere = await page.request.get("/api/admin/leaderboard?dataset=nowhere");
  expect(nowhere.status()).toBe(404);
  expect((await nowhere.json()).error).toContain('there is no dataset "nowhere"');
  await shot(page, "leaderboard");

  await page.getByLabel("Style control").check();
  await expect(page.getByRole("table", { name: "Style coefficients" })).toContainText("km", { timeout: 30_000 });
  await expect(page.getByRole("img", { name: "Style-controlled ratings with 95 % intervals" })).toBeVisible();
  await shot(page, "leaderboard-style");
  await page.getByRole("combobox", { name: "Trip length" }).selectOption({ index: 0 });
  await page.getByLabel("Only plans that pass both gates").check();
  await expect(page.getByTestId("figures-progress")).toBeHidden({ timeout: 30_000 });

  await page.getByRole("link", { name: "Judges" }).click();
  await expect(page.getByRole("heading", { name: "Judges and the reward against the experts" })).toBeVisible();
  const alignment = page.getByRole("table", { name: "Judge alignment" });
  await expect(alignment).toContainText("TripScore reward (published weights)");
  const bad = '{"pair_id":"' + pairIds[0] + '","judge":"gpt-4o","verdict":"maybe"}\n';
  await page
    .getByLabel("Upload verdicts")
    .setInputFiles({ name: "bad.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(bad) });
  await expect(page.getByRole("alert").filter({ hasText: "not imported" })).toContainText("bad.jsonl:1: verdict");
  const good = pairIds
    .flatMap((id, i) => [
      JSON.stringify({ pair_id: id, judge: "gpt-4o (pairwise)", verdict: rows[i][0], order: "ab" }),
      JSON.stringify({ pair_id: id, judge: "gpt-4o (pairwise)", verdict: i % 2 ? "A" : "B", order: "ba" }),
    ])
    .join("\n");
  await page
    .getByLabel("Upload verdicts")
    .setInputFiles({ name: "gpt-4o.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(good) });
  await expect(page.getByRole("status")).toContainText("Imported 16 verdicts of gpt-4o (pairwise)");
  await expect(alignment).toContainText("gpt-4o (pairwise)");
  await expect(page.getByRole("table", { name: "Judge differences" })).toBeVisible();
  await shot(page, "judges");
  // A dataset that does not exist is said, as the leaderboard says it.
  const noBoard = await page.request.get("/api/admin/judges?dataset=nowhere");
  expect(noBoard.status()).toBe(404);
  expect((await noBoard.json()).error).toContain('No judge board: there is no dataset "nowhere"');
  // A file just under its 2 MiB limit reaches the import (its unknown pairs are named), though its JSON body is
  // larger than the API's usual 2 MiB; one over the limit is refused with its size.
  const line = (i: number) => JSON.stringify({ pair_id: `no-such-pair-${i}`, judge: "big", verdict: "A" }) + "\n";
  const fill = (bytes: number) => {
    let text = "";
    for (let i = 0; text.length < bytes - 100; i++) text += line(i);
    return text;
  };
  const under = await page.request.post("/api/admin/judges", {
    data: { name: "under.jsonl", jsonl: fill(2 * 1024 * 1024 - 200) },
  });
  expect(under.status()).toBe(400);
  expect((await under.json()).error).toContain("pair id(s) are not in TripJudge");
  const over = await page.request.post("/api/admin/judges", {
    data: { name: "over.jsonl", jsonl: fill(2 * 1024 * 1024 + 4000) },
  });
  expect(over.status()).toBe(413);
  expect((await over.json()).error).toContain("a verdict file may be up to 2,097,152 bytes");

  await page.getByRole("link", { name: "Agreement" }).click();
  const position = page.getByRole("table", { name: "Verdicts for the left plan" });
  await expect(position).toContainText("All experts");
  // All experts, then one row per expert with verdicts on complete pairs: this spec's three, and those of specs before.
  const experts = (
    (await (await page.request.get("/api/admin/analytics")).json()) as { position: { experts: unknown[] } }
  ).position.experts.length;
  expect(experts).toBeGreaterThanOrEqual(3);
  await expect(position.locator("tbody tr")).toHaveCount(1 + experts);
  await page.getByRole("region", { name: "Position bias" }).screenshot({ path: "screenshots/analytics-position.png" });

  // The leaderboard with the judge beside the experts (prediction-powered), and the judgments still needed.
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page.getByRole("table", { name: "Leaderboard" }).locator("tbody tr").first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("table", { name: "Leaderboard" })).toContainText("Width");
  // The judge also decides pairs no expert has judged yet (with how sure it is): those are what it adds.
  const untouched = await e2eSql<{ id: string }>(
    `SELECT p.id FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE d.name = 'Tokyo' AND p.status = 'OPEN' AND p."submittedCount" = 0 ORDER BY p.id LIMIT 12`,
  );
  expect(untouched.length).toBeGreaterThan(3);
  const more = untouched
    .map((p, i) =>
      JSON.stringify({ pair_id: p.id, judge: "gpt-4o (pairwise)", p_a: i % 3 ? 0.8 : 0.3, p_b: i % 3 ? 0.2 : 0.7 }),
    )
    .join("\n");
  const added = await page.request.post("/api/admin/judges", { data: { name: "gpt-4o-unjudged.jsonl", jsonl: more } });
  expect(added.status()).toBe(201);
  await page.reload();
  const offered = await page.request.get("/api/admin/leaderboard/judges?gates=0");
  expect(await offered.text()).toContain("gpt-4o (pairwise)");
  await page.getByRole("combobox", { name: "Judge", exact: true }).selectOption("gpt-4o (pairwise)");
  const side = page.getByRole("table", { name: "Experts only and prediction-powered" });
  await expect(side).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Effective sample ratio")).toContainText(/ratio/i);
  await expect(page.getByLabel("Judgments still needed")).toBeVisible({ timeout: 30_000 });
  await shot(page, "leaderboard-prediction-powered");
});
