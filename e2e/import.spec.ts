import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, inviteExpert, shot, signIn } from "./helpers";

function bundleFiles(dir: string, edit?: (name: string, text: string) => string) {
  const root = path.resolve("public/examples", dir);
  return readdirSync(root).map((name) => {
    const text = readFileSync(path.join(root, name), "utf8");
    return { name, mimeType: "application/json", buffer: Buffer.from(edit ? edit(name, text) : text) };
  });
}

test("an admin uploads a bundle with problems, reads them, fixes it, uploads again and sees the summary", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("link", { name: "Import" }).click();
  await expect(page.getByRole("heading", { name: "Import a dataset" })).toBeVisible();

  // A wrong period and an unknown hotel id, in a TripScore bundle.
  const broken = bundleFiles("tripscore-beijing", (name, text) =>
    name === "plans.json"
      ? text
          .replace('"period": "Afternoon", "description": "Explore', '"period": "Noon", "description": "Explore')
          .replace('"id": "H01"', '"id": "H99"')
      : text,
  );
  await page.getByTestId("bundle-files").setInputFiles(broken);
  await page.getByRole("button", { name: "Check and import" }).click();
  const problems = page.getByTestId("import-problems");
  await expect(problems).toContainText("Nothing was imported");
  await expect(problems).toContainText("2 problems");
  await expect(problems.locator("tbody tr")).toHaveCount(2);
  await expect(problems).toContainText("$.plan.dayInfos[0].scheduleDetail[1].period");
  await expect(problems).toContainText("expected Morning|Afternoon|Evening");
  await expect(problems).toContainText('unknown hotel id "H99"');
  await shot(page, "import-problems");

  // No gold pairs for Beijing: judging.spec.ts has demo experts judge its one pair, which a gold pair drawn at
  // the dataset's rate would stand in for now and then (first-day.spec.ts covers the default).
  await expect(page.getByLabel(/Make gold pairs after the import/)).toBeChecked();
  await page.getByLabel(/Make gold pairs after the import/).uncheck();
  await page.getByTestId("bundle-files").setInputFiles(bundleFiles("tripscore-beijing"));
  await page.getByRole("button", { name: "Check and import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("Imported “TripScore example: 3 days in Beijing”");
  await expect(summary.getByTestId("count-plans")).toHaveText("2");
  await expect(summary.getByTestId("count-pairs")).toHaveText("1");
  await expect(summary.getByTestId("count-unresolvedPlaces")).toHaveText("1");
  await expect(page.getByRole("table", { name: "Datasets" })).toContainText("TripScore example: 3 days in Beijing");
  // Each dataset shows its id: what the command line's --into and --dataset and the API's ?dataset= take.
  await expect(page.getByRole("table", { name: "Datasets" }).locator("code").first()).toHaveText(/^\S{8,}$/);
  await shot(page, "import-summary");

  // The same bundle again is recognized and changes nothing.
  await page.getByTestId("bundle-files").setInputFiles(bundleFiles("tripscore-beijing"));
  await page.getByRole("button", { name: "Check and import" }).click();
  await expect(summary).toContainText("was imported before — nothing changed");
  await expect(
    page.getByRole("table", { name: "Datasets" }).getByText("TripScore example: 3 days in Beijing"),
  ).toHaveCount(1);

  // Every import was a background job: the list shows them, and a job's log opens.
  const jobs = page.getByTestId("jobs");
  const rows = jobs.getByRole("row").filter({ hasText: "Import 5 files" });
  // This spec's three uploads are the newest (first-day.spec.ts uploaded five files before it).
  await expect(rows.nth(2)).toBeVisible();
  await expect(rows.nth(2)).toContainText("The bundle has 2 problems; nothing was imported.");
  await expect(rows.nth(0)).toContainText("done");
  await rows.nth(0).getByRole("button", { name: "Import 5 files" }).click();
  await expect(page.getByTestId("job-log")).toContainText("attempt 1 started on");
  await shot(page, "import-jobs");
});

test("the import API refuses experts and non-bundle uploads", async ({ page }) => {
  await signIn(page, "giulia@demo.tripjudge", "demo-password-e2e");
  await expect(page).toHaveURL(/\/expert/);
  const res = await page.request.post("/api/admin/datasets", {
    multipart: { files: { name: "x.zip", mimeType: "application/zip", buffer: Buffer.from("nope") } },
  });
  expect(res.status()).toBe(403);
  await page.goto("/admin/import");
  await expect(page).toHaveURL(/\/forbidden/);
});

test("a corrupt archive gets a clear message", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const res = await page.request.post("/api/admin/datasets", {
    multipart: {
      files: { name: "bundle.zip", mimeType: "application/zip", buffer: Buffer.from("PK not really a zip") },
    },
  });
  // Accepted as a job (the upload streams into the database); the job fails at once with the reason.
  expect(res.status()).toBe(202);
  const { jobId } = await res.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/admin/jobs/${jobId}`)).json()).status, { timeout: 30_000 })
    .toBe("FAILED");
  const job = await (await page.request.get(`/api/admin/jobs/${jobId}`)).json();
  expect(job.error).toMatch(/could not be read as a \.zip/);
  expect(job.attempts).toBe(1);
  const txt = await page.request.post("/api/admin/datasets", {
    multipart: { files: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") } },
  });
  expect(txt.status()).toBe(400);
  expect((await txt.json()).error).toContain("is not a .json, .jsonl or .zip file");
});

/**
 * Two planners' outputs for the same ChinaTravel request, each a bundle with one plan per request (how planners
 * publish them): the first alone makes no pair and says why; the second, added to its dataset, makes the pair, which
 * a new expert given the destination then judges. The Nanjing example moved to Zhenjiang (a destination of its own).
 */
function plannerBundle(model: "planner-x" | "planner-y") {
  return bundleFiles("chinatravel-nanjing", (name, text) => {
    const moved = text.replaceAll("南京", "镇江").replaceAll("Nanjing", "Zhenjiang");
    if (name !== "plans.jsonl") return moved;
    // Both planners name their plan after the request's uid, as per-method result folders do.
    const line = moved.split("\n").find((l) => l.includes(`"model": "${model}"`))!;
    return line.replace(/"id": "[^"]*"/, '"id": "nj-2d-001"') + "\n";
  }).map((f) => (f.name === "plans.jsonl" ? { ...f, mimeType: "application/x-ndjson" } : f));
}

test("a second planner's plans for the same requests are added to the dataset and make a pair an expert judges", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto("/admin/import");
  await page.getByLabel(/Make gold pairs after the import/).uncheck();
  await page.getByTestId("bundle-files").setInputFiles(plannerBundle("planner-x"));
  await page.getByRole("button", { name: "Check and import" }).click();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("Imported “ChinaTravel example: 2 days in Zhenjiang”");
  await expect(summary.getByTestId("count-pairs")).toHaveText("0");
  await expect(summary.getByTestId("import-note")).toContainText(
    "No pairs: each of the 1 request with plans has one plan",
  );
  await expect(summary.getByTestId("import-note")).toContainText("Add to dataset");
  await shot(page, "import-one-plan-per-request");

  // Zhenjiang has no pair yet: the assignment matrix does not offer it.
  await page.goto("/admin/assign");
  await expect(page.getByRole("table", { name: "Familiarity of experts with destinations" })).toBeVisible();
  await expect(page.getByLabel("Select Zhenjiang")).toHaveCount(0);

  await page.goto("/admin/import");
  await page.getByLabel(/Make gold pairs after the import/).uncheck();
  await page
    .getByTestId("into-dataset")
    .selectOption({ label: "ChinaTravel example: 2 days in Zhenjiang (chinatravel, 1 request)" });
  await page.getByTestId("bundle-files").setInputFiles(plannerBundle("planner-y"));
  await page.getByRole("button", { name: "Check and import" }).click();
  await expect(summary).toContainText("Added to “ChinaTravel example: 2 days in Zhenjiang”");
  await expect(summary.getByTestId("import-added")).toContainText("1 of the bundle's 1 request matched");
  await expect(summary.getByTestId("import-added")).toContainText("1 new pair.");
  await expect(summary.getByTestId("count-pairs")).toHaveText("1");
  await expect(summary.getByTestId("import-note")).toHaveCount(0);
  const row = page.getByRole("table", { name: "Datasets" }).getByRole("row").filter({ hasText: "2 days in Zhenjiang" });
  await expect(row.getByRole("cell").nth(3)).toHaveText("2"); // plans
  await expect(row.getByRole("cell").nth(4)).toHaveText("1"); // pairs
  await shot(page, "import-added-to-dataset");

  // A new expert given Zhenjiang judges the pair the two planners' plans make.
  const email = `zhenjiang.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Zhou Zhenjiang", email, "Zhenjiang");
  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "zhou-password-42");
  await expert.setViewportSize({ width: 1400, height: 900 });
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  const assignment = (await main.getAttribute("data-assignment"))!;
  const [pair] = await e2eSql<{ a: string; b: string }>(
    `SELECT pa.model AS a, pb.model AS b FROM "Assignment" x JOIN "Pair" p ON p.id = x."pairId"
       JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId" WHERE x.id = $1`,
    [assignment],
  );
  expect(pair).toEqual({ a: "planner-x", b: "planner-y" });
  await shot(expert, "import-added-pair-judged");
  await expert.keyboard.press("1");
  await expert.keyboard.type("The left plan reaches the museum in the morning and keeps the budget, as asked.");
  await expert.keyboard.press("Enter");
  await expect(expert.getByTestId("queue-empty")).toBeVisible();
  const judged = await e2eSql(
    `SELECT 1 FROM "Judgment" j JOIN "User" u ON u.id = j."userId" WHERE u.email = $1 AND j."assignmentId" = $2`,
    [email, assignment],
  );
  expect(judged).toHaveLength(1);
  await expert.close();
});
