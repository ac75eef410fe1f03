/**
 * Guaranteed escalation (issue 45, item 2), walked as an admin and three experts would: a dataset of real ChinaTravel
 * plans (lib/constraints/fixtures/chinatravel-real: the four-, five- and six-day plans to Chongqing, each request
 * with all three), the admin turns on escalation with TripScore's reward as the judge, the experts are served the
 * calibration sample first and label it (one verdict from the keyboard, the rest through the judging API), the
 * worker calibrates, and the pairs the reward judge is sure of leave the experts' queue while the audit share stays.
 * The experts here prefer the plan with the higher reward (published weights): a judge the experts agree with, so
 * the promise can be shown on a sample of 30.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_WEIGHTS, reward, type PlanFeatures } from "../lib/results/features";
import { acceptInvite, ADMIN, e2eSql, importThroughApi, inviteExpert, shot, signIn } from "./helpers";

const NAME = "Escalation: real ChinaTravel plans in Chongqing";
const FIXTURES = path.resolve("lib/constraints/fixtures/chinatravel-real");
const REWARD = "TripScore reward (published weights)";
const REQUESTS = 30;

/** 30 six-day requests to Chongqing, each with the three real plans (90 pairs), and the city's real POI table. */
function bundle() {
  const plan = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, "plans", `${name}.json`), "utf8"));
  const plans = { four: plan("en-day4"), five: plan("en-day5"), six: plan("en-day6") };
  const pois = (JSON.parse(readFileSync(path.join(FIXTURES, "pois.json"), "utf8")) as { city: string }[])
    .map((p, i) => ({ id: `poi-${i + 1}`, ...p }))
    .filter((p) => p.city === "Chongqing");
  const requests = Array.from({ length: REQUESTS }, (_, i) => ({
    uid: `esc-${i + 1}`,
    nature_language: `Request ${i + 1}: three of us, from Beijing, six days in Chongqing, sights and local food.`,
    start_city: plans.six.start_city,
    target_city: plans.six.target_city,
    days: 6,
    people_number: plans.six.people_number,
  }));
  const files: Record<string, unknown> = {
    "manifest.json": {
      format: "chinatravel",
      name: NAME,
      destinations: [{ name: "Chongqing", country: "China", lat: 29.56, lon: 106.55, aliases: ["重庆"] }],
    },
    "queries.json": requests,
    "pois.json": pois,
    "plans.json": requests.flatMap((r) =>
      Object.entries(plans).map(([days, p]) => ({
        id: `${r.uid}-${days}`,
        uid: r.uid,
        model: `planner-${days}`,
        plan: p,
      })),
    ),
  };
  const form = new FormData();
  for (const [file, v] of Object.entries(files)) form.append("files", new Blob([JSON.stringify(v)]), file);
  form.append("makeGold", "off");
  return form;
}

/** The side an expert of this spec chooses on their live assignment: the plan with the higher reward. */
async function choiceFor(assignmentId: string): Promise<"left" | "right"> {
  const [a] = await e2eSql<{ left: string; planA: string; fa: PlanFeatures; fb: PlanFeatures }>(
    `SELECT a."leftPlanId" AS left, p."planAId" AS "planA", pa.features AS fa, pb.features AS fb
       FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId" JOIN "Plan" pa ON pa.id = p."planAId" JOIN "Plan" pb ON pb.id = p."planBId"
      WHERE a.id = $1`,
    [assignmentId],
  );
  const aWins = reward(a.fa, DEFAULT_WEIGHTS) >= reward(a.fb, DEFAULT_WEIGHTS);
  return aWins === (a.left === a.planA) ? "left" : "right";
}

/** Calibration pairs of the dataset and the pairs a judge decided. */
const pairsWhere = (where: string) =>
  e2eSql<{ id: string }>(
    `SELECT p.id FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" d ON d.id = q."datasetId"
      WHERE d.name = $1 AND ${where}`,
    [NAME],
  ).then((r) => new Set(r.map((x) => x.id)));

/** The expert judges through the API while calibration pairs wait for them; returns the pairs served. */
async function labelSample(page: Page, tag: string): Promise<string[]> {
  const served: string[] = [];
  for (let i = 0; i < 40; i++) {
    const [left] = await e2eSql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Dataset" d ON d.id = q."datasetId"
        WHERE d.name = $1 AND p."escalationCalibration" AND p.status = 'OPEN'
          AND NOT EXISTS (SELECT 1 FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a."pairId" = p.id AND u.email = $2)`,
      [NAME, tag],
    );
    if (!left.n) break;
    const next = (await (await page.request.post("/api/judge/next")).json()) as {
      assignment: { assignmentId: string; pairId: string } | null;
    };
    if (!next.assignment) break;
    served.push(next.assignment.pairId);
    const res = await page.request.post(`/api/judge/${next.assignment.assignmentId}/submit`, {
      data: {
        choice: await choiceFor(next.assignment.assignmentId),
        rationale: "The chosen plan covers the request better, day by day.",
        timeOnTaskMs: 45_000,
        clientRequestId: `escalation-${next.assignment.assignmentId}`,
      },
    });
    expect(res.status()).toBe(201);
  }
  return served;
}

test("an admin lets the reward judge decide a real ChinaTravel dataset's sure pairs: the experts label the sample first, then decided pairs leave the queue", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importThroughApi(page, bundle());
  expect((await pairsWhere("true")).size).toBe(3 * REQUESTS);

  const stamp = Date.now();
  const emails = [0, 1, 2].map((i) => `escalation.${i}.${stamp}@example.org`);
  const experts: Page[] = [];
  for (const [i, email] of emails.entries()) {
    const link = await inviteExpert(page, `Esca Expert ${i}`, email, "Chongqing");
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await acceptInvite(p, link, email, `escalation-password-${i}-4242`);
    experts.push(p);
  }
  await e2eSql(`UPDATE "User" SET standing = 'ACTIVE' WHERE email = ANY($1)`, [emails]);

  // The admin turns escalation on: the reward judge, a calibration sample of 30, an audit share of 10 %.
  await page.goto("/admin/judges");
  await expect(page.getByRole("heading", { name: "Judges and the reward against the experts" })).toBeVisible();
  await page.getByLabel("Dataset").selectOption({ label: NAME });
  const section = page.getByRole("region", { name: "Guaranteed escalation" });
  await section.getByRole("combobox", { name: "Judge", exact: true }).selectOption(REWARD);
  await section.getByRole("button", { name: "Add to the cascade" }).click();
  await expect(section.getByRole("list", { name: "Cascade" })).toContainText(REWARD);
  await section.getByLabel("Calibration pairs").fill("30");
  await section.getByLabel("Audit share (%)").fill("10");
  await section.getByRole("button", { name: "Turn on escalation" }).click();
  await expect(section.getByRole("status")).toContainText("the experts have labelled 0 of 30 calibration pairs");
  await shot(page, "escalation-calibrating");
  const sample = await pairsWhere(`p."escalationCalibration"`);
  expect(sample.size).toBe(30);

  // The first expert's screen serves a calibration pair; they judge it from the keyboard.
  const first = experts[0];
  await first.goto("/judge");
  const main = first.locator("main.judge");
  await expect(main).toBeVisible();
  const pairId = (await main.getAttribute("data-pair"))!;
  expect(sample.has(pairId), "the first pair served is a calibration pair").toBe(true);
  const [held] = await e2eSql<{ id: string }>(
    `SELECT a.id FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1 AND a.status = 'CLAIMED'`,
    [emails[0]],
  );
  await first.keyboard.press((await choiceFor(held.id)) === "left" ? "a" : "b");
  await first.keyboard.type("The chosen plan covers the request better, day by day.");
  await first.keyboard.press("Enter");
  await expect(main.or(first.getByTestId("queue-empty"))).toBeVisible();
  await first.goto("/expert");

  // The rest of the sample through the judging API: every pair served is a calibration pair.
  for (const [i, p] of experts.entries()) {
    const served = await labelSample(p, emails[i]);
    expect(
      served.every((id) => sample.has(id)),
      `expert ${i} was served only calibration pairs`,
    ).toBe(true);
  }
  await expect
    .poll(async () => (await pairsWhere(`p."escalationCalibration" AND p.status = 'COMPLETE'`)).size)
    .toBe(30);

  // The worker calibrates and decides within a step (every 10 s).
  await expect(section.getByRole("status")).toContainText("Calibrated on 30 pairs", { timeout: 60_000 });
  const table = section.getByRole("table", { name: "Escalation by judge" });
  await expect(table).toContainText(REWARD);
  const decided = await pairsWhere(`p.status = 'DECIDED'`);
  expect(decided.size).toBeGreaterThan(20);
  const audits = await e2eSql<{ pairId: string }>(
    `SELECT d."pairId" FROM "JudgeDecision" d JOIN "Dataset" s ON s.id = d."datasetId" WHERE s.name = $1 AND d.audit`,
    [NAME],
  );
  // Coverage counts every pair the judge decided, audit pairs (which the experts still judge) included.
  await expect(table.locator("tbody tr").first()).toContainText(`${decided.size + audits.length} (`);
  if (audits.length) await expect(table.locator("tbody tr").first()).toContainText(`${audits.length} of them audit`);
  await shot(page, "escalation-deciding");

  // The experts never meet a decided pair again; the audit pairs still come to them.
  const rest: string[] = [];
  for (const p of experts)
    for (let i = 0; i < 3 * REQUESTS; i++) {
      const next = (await (await p.request.post("/api/judge/next")).json()) as {
        assignment: { assignmentId: string; pairId: string } | null;
      };
      if (!next.assignment) break;
      rest.push(next.assignment.pairId);
      await p.request.post(`/api/judge/${next.assignment.assignmentId}/submit`, {
        data: {
          choice: await choiceFor(next.assignment.assignmentId),
          rationale: "The chosen plan covers the request better, day by day.",
          timeOnTaskMs: 45_000,
          clientRequestId: `escalation-rest-${next.assignment.assignmentId}`,
        },
      });
    }
  expect(rest.filter((id) => decided.has(id))).toEqual([]);
  for (const a of audits) expect(rest).toContain(a.pairId);
  // Nothing is left waiting that will never come: every pair is complete or decided.
  expect((await pairsWhere(`p.status = 'OPEN'`)).size).toBe(0);

  // The exports say whose labels they hold: the experts' by default, the judge's decisions too with label_source=all.
  const [{ id: datasetId }] = await e2eSql<{ id: string }>(`SELECT id FROM "Dataset" WHERE name = $1`, [NAME]);
  const rows = async (source: string) =>
    (
      await (
        await page.request.get(`/api/admin/exports/labelled-pairs?dataset=${datasetId}&label_source=${source}`)
      ).text()
    )
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { pair_id: string; label_source: string; label_judge: string | null });
  const byExperts = await rows("experts");
  expect(byExperts.every((r) => r.label_source === "experts" && !decided.has(r.pair_id))).toBe(true);
  const all = await rows("all");
  const byJudge = all.filter((r) => r.label_source === "judge");
  expect(new Set(byJudge.map((r) => r.pair_id))).toEqual(decided);
  expect(byJudge.every((r) => r.label_judge === REWARD)).toBe(true);
  expect(all.length).toBe(byExperts.length + decided.size);

  // The assignment page counts the decided pairs as done and says so.
  await page.goto("/admin/assign");
  await expect(page.getByRole("row", { name: new RegExp(NAME) })).toContainText(`${decided.size} decided by judges`);
  await page.goto("/admin/judges");
  await page.getByLabel("Dataset").selectOption({ label: NAME });
  await expect(section.getByRole("table", { name: "Escalation by judge" })).toContainText(
    audits.length ? `${audits.length}/${audits.length}` : REWARD,
    { timeout: 30_000 },
  );
  await shot(page, "escalation-audited");
});
