import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, shot, signIn } from "./helpers";

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
