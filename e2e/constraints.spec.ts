import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { ADMIN, e2eDb, e2eSql, EXPERT, shot, signIn } from "./helpers";

/** A Paris request whose constraints nobody has touched yet, and its requested days. */
async function untouchedQuery(): Promise<{ id: string; days: number }> {
  const c = new pg.Client({ connectionString: e2eDb() });
  await c.connect();
  try {
    const r = await c.query<{ id: string; days: number }>(
      `SELECT q.id, q.days FROM "Query" q JOIN "Destination" d ON d.id = q."destinationId"
       WHERE d.name = 'Paris' AND (SELECT count(*) FROM "DslVersion" v WHERE v."queryId" = q.id) = 1 ORDER BY q."sourceId" LIMIT 1`,
    );
    return r.rows[0];
  } finally {
    await c.end();
  }
}

async function replaceCode(page: Page, label: string, code: string) {
  const editor = page.getByLabel(label, { exact: true });
  await editor.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

test("an expert edits a constraint and sees a plan flip; a stale save is refused and nothing is lost; an admin verifies and finalizes; history shows the diff", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // An expert's editor lists the plans of the pairs of the request they hold or judged (a gold pair's altered copy
  // among them as a plan like any other): the expert takes a pair (as the comparison screen does, without its
  // look-ahead), and opens the constraints of its request.
  await signIn(page, EXPERT.email, EXPERT.password);
  await expect(page).toHaveURL(/\/expert/);
  const held = (await (await page.request.post("/api/judge/next")).json()) as {
    assignment: { assignmentId: string; query: { id: string } };
  };
  const url = `/queries/${held.assignment.query.id}/constraints`;
  const [q] = await e2eSql<{ id: string; days: number; destination: string; versions: number }>(
    `SELECT q.id, q.days, d.name AS destination, (SELECT count(*)::int FROM "DslVersion" v WHERE v."queryId" = q.id) AS versions
       FROM "Query" q JOIN "Destination" d ON d.id = q."destinationId" WHERE q.id = $1`,
    [held.assignment.query.id],
  );
  expect(q.versions, "nobody touched this request's constraints yet").toBe(1);

  // The admin opens the same request first: their page starts from version 1.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin/);
  await admin.goto(url);
  await expect(admin.getByText("Version 1 · draft")).toBeVisible();

  await page.goto(url);
  await expect(page.getByText("Version 1 · draft")).toBeVisible();
  const results1 = page.getByRole("table", { name: "Results of constraint 1", exact: true });
  // The two plans of the pair, as the comparison screen showed them (and those of any pair of this request the
  // expert judged in an earlier spec: one per plan shown, never more).
  await expect(results1.getByRole("row", { name: /Plan 1 \(left\)/ })).toBeVisible();
  await expect(results1.getByRole("row", { name: /Plan 2 \(right\)/ })).toBeVisible();
  const [shown] = await e2eSql<{ plans: number }>(
    `SELECT count(DISTINCT plan)::int AS plans FROM (
       SELECT x.plan FROM "Assignment" a JOIN "Pair" p ON p.id = a."pairId",
              LATERAL (VALUES (p."planAId"), (p."planBId")) x(plan)
        WHERE a."userId" = (SELECT id FROM "User" WHERE email = $1) AND p."queryId" = $2
          AND a.status IN ('CLAIMED', 'EXPIRED', 'SUBMITTED')
       UNION ALL
       SELECT x.plan FROM "GoldAnswer" a JOIN "GoldPair" g ON g.id = a."goldPairId",
              LATERAL (VALUES (coalesce(g."partnerPlanId", g."planAId")), (coalesce(g."planBId", g."alteredRef"))) x(plan)
        WHERE a."userId" = (SELECT id FROM "User" WHERE email = $1) AND g."queryId" = $2
          AND a.status IN ('CLAIMED', 'EXPIRED', 'SUBMITTED')) s`,
    [EXPERT.email, held.assignment.query.id],
  );
  await expect(results1.getByRole("row")).toHaveCount(shown.plans);
  await expect(results1.getByRole("row", { name: /Plan 1/ })).toContainText("pass");
  await replaceCode(page, "Constraint 1", `result = day_count(plan) == ${q.days + 1}`);
  await expect(results1.getByRole("row", { name: /Plan 1/ })).toContainText("fail");
  // A name Python would not know: shown inline, and the plans show an error.
  await replaceCode(page, "Constraint 1", `result = len(allactivities(plan)) == ${q.days + 1}`);
  await expect(page.getByTestId("error-1")).toContainText("NameError: name 'len' is not defined (line 1)");
  await expect(results1.getByRole("row", { name: /Plan 1/ })).toContainText("error");
  // Faithful to ChinaTravel's exec: a comprehension cannot see the concept functions, and the editor says why.
  await replaceCode(page, "Constraint 1", "result = {activity_type(a) for a in allactivities(plan)} >= {'attraction'}");
  await expect(page.getByTestId("error-1")).toContainText(
    "NameError: name 'activity_type' is not defined (line 1) — ChinaTravel runs a snippet with `plan`, the concept functions and the snippet's own variables as exec's locals",
  );
  await expect(page.getByTestId("error-1")).toContainText("this fails in ChinaTravel's evaluator too. Use a for loop.");
  await shot(page, "constraints-comprehension-hint");
  // A snippet that never sets `result`: False, without an error, as ChinaTravel reads it.
  await replaceCode(page, "Constraint 1", "n = day_count(plan)");
  await expect(results1.getByRole("row", { name: /Plan 1/ })).toContainText("fail (no result)");
  await replaceCode(page, "Constraint 1", `result = day_count(plan) == ${q.days + 1}`);
  await page.getByLabel("Note 1").fill("Exactly one day more than asked (a test)");
  await shot(page, "constraints-editing");
  await page.getByRole("button", { name: "Save version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved as" })).toContainText("Saved as version 2.");
  await expect(page.getByText("Version 2 · revised")).toBeVisible();

  // The admin, still on version 1, edits another constraint; the draft survives a reload.
  await replaceCode(admin, "Constraint 2", "result = True  # admin's change");
  await admin.reload();
  await expect(admin.getByText("unsaved changes")).toBeVisible();
  await expect(admin.getByLabel("Constraint 2", { exact: true })).toContainText("admin's change");
  await admin.getByRole("button", { name: "Save version" }).click();
  const conflict = admin.getByRole("region", { name: "Conflict" });
  await expect(conflict).toContainText("Someone saved first: version 2 by Amélie Laurent");
  await expect(conflict).toContainText(`day_count(plan) == ${q.days + 1}`);
  await expect(admin.getByRole("alert").filter({ hasText: "Your text is kept" })).toBeVisible();
  await expect(admin.getByLabel("Constraint 2", { exact: true })).toContainText("admin's change");
  await shot(admin, "constraints-conflict");
  await conflict.getByRole("button", { name: "Keep mine, on top of theirs" }).click();
  await admin.getByRole("button", { name: "Save version" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Saved as" })).toContainText("Saved as version 3.");

  // Verify, then finalize (experts see no such buttons).
  await expect(page.getByRole("button", { name: "Verify" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Verify" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Version 4" })).toContainText("Version 4 is verified.");
  await admin.getByRole("button", { name: "Finalize" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Version 5" })).toContainText("Version 5 is final.");
  await expect(admin.getByText("Version 5 · final")).toBeVisible();

  // History: the expert's edit (v1 → v2), and the admin's, kept on top of it by choice (v2 → v3).
  const history = admin.getByRole("region", { name: "History" });
  await expect(history.getByRole("table", { name: "Versions" }).locator("tbody tr")).toHaveCount(5);
  await history.getByLabel("Compare from").selectOption({ label: "v1" });
  await history.getByLabel("Compare to").selectOption({ label: "v2" });
  const diff = history.getByLabel("Diff");
  await expect(diff).toContainText(`- result = day_count(plan) == ${q.days}`);
  await expect(diff).toContainText(`+ result = day_count(plan) == ${q.days + 1}`);
  await history.getByLabel("Compare from").selectOption({ label: "v2" });
  await history.getByLabel("Compare to").selectOption({ label: "v3" });
  await expect(diff).toContainText("+ result = True  # admin's change");
  await expect(diff).toContainText("- hotels = set()");
  await shot(admin, "constraints-history");

  // The admin list shows the stage.
  await admin.goto("/admin/queries");
  await expect(admin.getByRole("table", { name: "Requests" })).toContainText("final");
  await shot(admin, "admin-queries");
  // Found by its stage, and by words of its text with a destination, through the search form.
  await admin.getByLabel("Stage").selectOption({ label: "final" });
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/stage=FINAL/);
  const requests = admin.getByRole("table", { name: "Requests" });
  await expect(requests.locator("tbody tr")).toHaveCount(1);
  await expect(requests.getByRole("link", { name: "Edit" })).toHaveAttribute("href", url);
  const [{ text }] = await e2eSql<{ text: string }>(`SELECT text FROM "Query" WHERE id = $1`, [q.id]);
  const words = text.split(/\s+/).slice(2, 6).join(" ");
  await admin.getByLabel("Stage").selectOption({ label: "All" });
  await admin.getByLabel("Request text").fill(words.toUpperCase());
  await admin.getByLabel("Destination").selectOption({ label: q.destination });
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(requests.getByRole("link", { name: "Edit" }).first()).toBeVisible();
  await expect(requests.locator(`a[href="${url}"]`)).toHaveCount(1);
  await shot(admin, "admin-queries-search");
  // Ten a page: the next page holds ten others, and "Previous" comes back to the first ten.
  await admin.goto("/admin/queries?size=10");
  const editLinks = () =>
    requests.getByRole("link", { name: "Edit" }).evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const firstTen = await editLinks();
  expect(firstTen).toHaveLength(10);
  await admin.getByRole("link", { name: "Next 10 →" }).click();
  await expect(admin).toHaveURL(/after=/);
  const nextTen = await editLinks();
  expect(nextTen.length).toBeGreaterThan(0);
  expect(nextTen.filter((t) => firstTen.includes(t))).toEqual([]);
  await admin.getByRole("link", { name: "← Previous 10" }).click();
  await expect(admin).toHaveURL(/before=/);
  await expect.poll(editLinks).toEqual(firstTen);
  await shot(admin, "admin-queries-paged");
  // A filter the list does not know is refused with the reason.
  await admin.goto("/admin/queries?stage=DONE");
  await expect(admin.getByTestId("requests-error")).toContainText(
    "stage: expected one of NONE, DRAFT, REVISED, VERIFIED, FINAL",
  );
  // The annotations export: this request's final version, with its constraints.
  const finals = (await (await admin.request.get("/api/admin/exports/annotations?final=1")).text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(finals.map((f) => [f.query_id, f.version, f.stage])).toEqual([[q.id, 5, "FINAL"]]);
  expect(finals[0].constraints[1].code).toBe("result = True  # admin's change");
  const csv = await (await admin.request.get("/api/admin/exports/annotations?format=csv")).text();
  expect(csv.split("\r\n")[0]).toBe(
    "query_id,source_id,dataset,destination,version,stage,parent_version,author,created_at,note,constraints",
  );
  // The pair goes back, so the specs after this one find the expert's queue as it was.
  expect((await admin.request.post(`/api/admin/assignments/${held.assignment.assignmentId}/release`)).status()).toBe(
    200,
  );
  // Whatever else the expert holds now (a claim the comparison screen's look-ahead made) goes back too.
  const stillHeld = await e2eSql<{ id: string }>(
    `SELECT a.id FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1 AND a.status = 'CLAIMED'
     UNION ALL
     SELECT a.id FROM "GoldAnswer" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1 AND a.status = 'CLAIMED'`,
    [EXPERT.email],
  );
  for (const { id } of stillHeld) await admin.request.post(`/api/admin/assignments/${id}/release`);
  await adminContext.close();
});

test("a request whose latest version holds a hostile snippet still opens: the snippet fails within its limits, off the page's thread", async ({
  page,
}) => {
  const q = await untouchedQuery();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  const current = await (await page.request.get(`/api/queries/${q.id}/constraints`)).json();
  const latest = current.versions[current.versions.length - 1];
  const hostile = "x = 'a' * 1000000\ny = 'a' * 999999 + 'a'\nresult = [x] * 999999 == [y] * 999999";
  const saved = await page.request.post(`/api/queries/${q.id}/constraints`, {
    data: {
      parentId: latest.id,
      constraints: [
        { code: hostile, note: "hostile" },
        { code: `result = day_count(plan) == ${q.days}`, note: "days" },
      ],
      note: "a hostile snippet (test)",
    },
  });
  expect(saved.status()).toBe(201);
  const started = Date.now();
  await page.goto(`/queries/${q.id}/constraints`);
  const second = page.getByRole("table", { name: "Results of constraint 2", exact: true });
  await expect(second.getByRole("row", { name: /Plan 1/ })).toContainText("pass");
  await expect(page.getByTestId("error-1")).toContainText("LimitExceeded");
  // The page answers while it evaluates: typing in the note works at once.
  await page.getByLabel("Note 2").fill("the requested number of days");
  await expect(page.getByLabel("Note 2")).toHaveValue("the requested number of days");
  expect(Date.now() - started).toBeLessThan(15_000);
  await shot(page, "constraints-hostile");
});
