import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { ADMIN, e2eSql, judgeInDatabase, shot, signIn } from "./helpers";

/** RFC 4180 parser for the test (quotes, doubled quotes, commas and line breaks inside fields). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") endField();
    else if (ch === "\n") {
      endField();
      rows.push(row);
      row = [];
    } else if (ch !== "\r") field += ch;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** Two complete Paris pairs judged by the three Paris experts: one 1-1-1 split, one 2-1 majority for A. */
async function judgedPairs(): Promise<{ split: string; majority: string }> {
  const [split, majority] = await judgeInDatabase(
    "Paris",
    [
      ["A", "B", "NEITHER"],
      ["A", "A", "B"],
    ],
    (v) => `Rationale "${v}", with a comma — and 南京 text`,
  );
  return { split, majority };
}

test("an admin reads agreement, adjudicates a 1-1-1 pair and downloads training pairs", async ({ page }) => {
  const { split, majority } = await judgedPairs();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("link", { name: "Agreement" }).click();
  const overall = page.getByRole("table", { name: "Agreement" }).getByRole("rowgroup", { name: "Overall" });
  await expect(overall).toContainText("All complete pairs");
  await expect(overall.locator("td").nth(1)).toHaveText("2");
  // Pairwise agreement: split 0/3, majority 1/3 → 1/6.
  await expect(overall.locator("td").nth(5)).toContainText("0.167");
  const splitCard = page.locator(`article.split[data-pair="${split}"]`);
  await expect(splitCard).toContainText("Neither");
  await expect(page.locator(`article.split[data-pair="${majority}"]`)).toHaveCount(0);
  await shot(page, "analytics");
  await splitCard.getByRole("button", { name: "Label B" }).click();
  await expect(page.getByTestId("adjudication")).toContainText("No pair waits for a decision.");

  // Downloads from the page, with a progress line, and filters.
  // Every judgment so far (this spec's six, and any an earlier spec left), from the database.
  const [{ n }] = await e2eSql<{ n: number }>(`SELECT count(*)::int AS n FROM "Judgment"`);
  await expect(page.getByRole("img", { name: new RegExp(`Cumulative judgments: ${n} after`) })).toBeVisible();
  await page.getByLabel("Minimum shared pairs").fill("2");
  await expect(page.getByRole("table", { name: "Cohen per expert pair" })).toContainText(
    "Amélie Laurent · Giulia Romano",
  );
  const exports = page.getByRole("table", { name: "Exports" });
  const downloadPromise = page.waitForEvent("download");
  await exports
    .getByRole("row", { name: /Training pairs/ })
    .getByRole("button", { name: "JSONL" })
    .click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^training-pairs-.*\.jsonl$/);
  await expect(page.getByTestId("export-progress")).toContainText("Saved 2 training-pairs records");
  await page.getByRole("combobox", { name: "Destination" }).selectOption({ label: "Tokyo" });
  await exports
    .getByRole("row", { name: /Training pairs/ })
    .getByRole("button", { name: "JSONL" })
    .click();
  await expect(page.getByTestId("export-progress")).toContainText("Saved 0 training-pairs records");
  await shot(page, "analytics-exports");

  const res = await page.request.get("/api/admin/exports/training-pairs?format=jsonl");
  expect(res.status()).toBe(200);
  const lines = (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => [l.pair_id, l.label]).sort()).toEqual(
    [
      [majority, 1],
      [split, -1],
    ].sort(),
  );
  expect(Object.keys(lines[0])).toEqual([
    "pair_id",
    "query_id",
    "destination",
    "split",
    "label",
    "label_source",
    "label_judge",
    "label_threshold",
    "label_confidence",
    "plan_a",
    "plan_b",
    "ds_label",
    "ds_posterior",
  ]);
  // The Dawid–Skene soft label rides beside the majority label (new fields; the old ones unchanged).
  for (const l of lines) expect(l.ds_posterior.A + l.ds_posterior.B + l.ds_posterior.NEITHER).toBeCloseTo(1, 9);
  const csv = await (await page.request.get("/api/admin/exports/training-pairs?format=csv")).text();
  expect(csv.split("\r\n")[0]).toContain("plan_a.schedule_density");
  expect(csv.trim().split("\r\n")).toHaveLength(3);

  // Raw judgments: pseudonymous experts, and rationales with quotes, commas and CJK survive CSV.
  const judgments = parseCsv(await (await page.request.get("/api/admin/exports/judgments?format=csv")).text());
  const header = judgments[0];
  const mine = judgments.slice(1).filter((r) => r[header.indexOf("pair_id")] === split);
  expect(mine).toHaveLength(3);
  expect(mine.map((r) => r[header.indexOf("rationale")]).sort()).toEqual([
    'Rationale "A", with a comma — and 南京 text',
    'Rationale "B", with a comma — and 南京 text',
    'Rationale "NEITHER", with a comma — and 南京 text',
  ]);
  expect(mine.every((r) => /^expert-[0-9a-f]{10}$/.test(r[header.indexOf("expert")]))).toBe(true);
  const labelled = (await (await page.request.get("/api/admin/exports/labelled-pairs")).text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(labelled.find((l) => l.pair_id === split)).toMatchObject({
    label: "B",
    label_basis: "adjudication",
    label_source: "experts",
    verdicts: ["A", "B", "NEITHER"],
    agreement: 0,
  });
  const card = await (await page.request.get("/api/admin/exports/training-pairs/card")).json();
  expect(card).toMatchObject({ kind: "training-pairs", schema_version: 3, records: 2, agreement: { pairs: 2 } });
});

test("an admin downloads SFT rows and makes a dataset repository (.zip) on the export panel", async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("link", { name: "Agreement" }).click();
  const exports = page.getByRole("table", { name: "Exports" });
  const sftRow = exports.getByRole("row", { name: /SFT rows/ });
  await sftRow.getByRole("combobox", { name: "Trainer" }).selectOption("openai");
  const sftDownload = page.waitForEvent("download");
  await sftRow.getByRole("button", { name: "JSONL" }).click();
  expect((await sftDownload).suggestedFilename()).toMatch(/^sft-.*\.jsonl$/);
  const card = await (await page.request.get("/api/admin/exports/sft/card?target=openai")).json();
  expect(card.records).toBeGreaterThan(0);
  await expect(page.getByTestId("export-progress")).toContainText(`Saved ${card.records} sft records`);
  const rows = (await (await page.request.get("/api/admin/exports/sft?target=openai")).text()).trim().split("\n");
  expect(rows).toHaveLength(card.records);
  expect(JSON.parse(rows[0]).messages.map((m: { role: string }) => m.role)).toEqual(["system", "user", "assistant"]);
  // OpenAI's format refuses other keys: metadata with it is refused before anything streams.
  const refused = await page.request.get("/api/admin/exports/sft?target=openai&with_metadata=1");
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toContain("refuses other keys");

  const repo = exports.getByRole("row", { name: /Dataset repository/ });
  await repo.getByRole("button", { name: "Make .zip" }).click();
  await expect(page.getByTestId("hf-dataset-status")).toContainText("Ready", { timeout: 60_000 });
  await shot(page, "analytics-sft-and-repository");
  const zipDownload = page.waitForEvent("download");
  await repo.getByRole("link", { name: "Download .zip" }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^tripjudge-hf-dataset-.*\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  expect(Object.keys(files)).toContain("README.md");
  expect(
    Object.keys(files).some((f) => /^sft\/[a-z]+-00000-of-00001\.parquet$/.test(f)),
    Object.keys(files).join(" "),
  ).toBe(true);
  expect(new TextDecoder().decode(files["README.md"])).toContain("- config_name: preference_pairs");
});

test("an admin lists the pairs still waiting, runs a judge on them and uploads its verdicts; its battles pair with the experts'", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.getByRole("link", { name: "Agreement" }).click();
  const row = page.getByRole("table", { name: "Exports" }).getByRole("row", { name: /^Pairs/ });
  await row.getByRole("combobox", { name: "Status", exact: true }).selectOption("waiting");
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: "JSONL" }).click();
  expect((await download).suggestedFilename()).toMatch(/^pairs-.*\.jsonl$/);
  const card = await (await page.request.get("/api/admin/exports/pairs/card?status=waiting")).json();
  expect(card).toMatchObject({ kind: "pairs", schema_version: 3, statuses: { complete: 0, decided: 0 } });
  expect(card.records).toBe(card.statuses.open + card.statuses.in_progress);
  expect(card.left_out.gold_pairs).toBeGreaterThanOrEqual(0);
  await expect(page.getByTestId("export-progress")).toContainText(`Saved ${card.records} pairs records`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, "analytics-pairs-export");

  // The recipe of docs/escalation.md: the waiting pairs, a verdict line for each by pair_id, uploaded.
  const pairs = (await (await page.request.get("/api/admin/exports/pairs?status=waiting")).text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { pair_id: string; status: string; plan_a_text: string; query_text: string });
  expect(pairs).toHaveLength(card.records);
  expect(pairs.every((p) => p.status === "open" || p.status === "in_progress")).toBe(true);
  expect(pairs.every((p) => p.query_text && JSON.parse(p.plan_a_text))).toBeTruthy();
  const jsonl = pairs
    .map((p, i) =>
      JSON.stringify({ pair_id: p.pair_id, judge: "my-judge (e2e)", p_a: i % 2 ? 0.7 : 0.2, p_b: i % 2 ? 0.3 : 0.8 }),
    )
    .join("\n");
  const upload = await page.request.post("/api/admin/judges", { data: { name: "my-judge.jsonl", jsonl } });
  expect(upload.status()).toBe(201);
  expect(await upload.json()).toMatchObject({ verdicts: pairs.length, judges: ["my-judge (e2e)"] });
  await page.goto("/admin/judges");
  await expect(page.getByText("my-judge (e2e)").first()).toBeVisible();

  // Its battles, one a pair under the pair's id, as `leaderboard --judge-battles` pairs them with the experts'.
  const battles = (
    await (await page.request.get(`/api/admin/exports/battles?judge=${encodeURIComponent("my-judge (e2e)")}`)).text()
  )
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { id: string; judge: string });
  expect(new Set(battles.map((b) => b.id))).toEqual(new Set(pairs.map((p) => p.pair_id)));
  expect(battles.every((b) => b.judge === "my-judge (e2e)")).toBe(true);
  const experts = (await (await page.request.get("/api/admin/exports/battles")).text()).trim().split("\n");
  expect(
    experts.every((l) => {
      const b = JSON.parse(l);
      return b.id === b.pair_id;
    }),
  ).toBe(true);
});
