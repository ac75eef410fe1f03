/**
 * Corrections (issue 29): an expert judges a pair of real ChinaTravel plans (lib/constraints/fixtures/chinatravel-real:
 * six and five days in Chongqing), is offered to correct them only after the verdict, fixes a real defect of the
 * six-day plan (two transfers shorter than their travel time on day 2) with the mouse and the keyboard, sees an edit
 * that breaks a check refused (Save disabled with the reason), undoes it and saves; the server stores the
 * correction and its verification pair. Two other experts of Chongqing then meet that pair in their ordinary
 * queue, blind, prefer the corrected plan, and the Quality page counts the correction verified. The dataset has
 * a destination of its own (Chongqing).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { acceptInvite, ADMIN, e2eSql, importThroughApi, inviteExpert, shot, signIn, signOut } from "./helpers";

const NAME = "Corrections: real ChinaTravel plans in Chongqing";
const FIXTURES = path.resolve("lib/constraints/fixtures/chinatravel-real");

/** A ChinaTravel bundle of two real plans of one six-day request, with the city's real POI table. */
function chongqingBundle() {
  const plan = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, "plans", `${name}.json`), "utf8"));
  const six = plan("en-day6");
  const five = plan("en-day5");
  const pois = (JSON.parse(readFileSync(path.join(FIXTURES, "pois.json"), "utf8")) as { city: string }[])
    .map((p, i) => ({ id: `poi-${i + 1}`, ...p }))
    .filter((p) => p.city === "Chongqing");
  const files: Record<string, unknown> = {
    "manifest.json": {
      format: "chinatravel",
      name: NAME,
      destinations: [{ name: "Chongqing", country: "China", lat: 29.56, lon: 106.55, aliases: ["重庆"] }],
    },
    "queries.json": [
      {
        uid: "cq-6",
        nature_language: "We are three people from Beijing and want to spend six days in Chongqing.",
        start_city: six.start_city,
        target_city: six.target_city,
        days: 6,
        people_number: six.people_number,
      },
    ],
    "pois.json": pois,
    "plans.json": [
      { id: "en-day6", uid: "cq-6", model: "planner-six", plan: six },
      { id: "en-day5", uid: "cq-6", model: "planner-five", plan: five },
    ],
  };
  const form = new FormData();
  for (const [file, v] of Object.entries(files)) form.append("files", new Blob([JSON.stringify(v)]), file);
  form.append("makeGold", "off");
  return form;
}

/** The viewport as the expert sees it (the side panel is sticky: a full-page shot misplaces it). */
const view = (page: Page, name: string) => page.screenshot({ path: `screenshots/${name}.png` });

async function checksSettled(page: Page) {
  await expect(page.locator(".checks[data-pending='false']")).toBeVisible();
}

test("after a verdict, an expert corrects a real ChinaTravel plan: a fix, a refused regression undone, saved", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importThroughApi(page, chongqingBundle());
  const email = `corrections.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Cora Corrector", email, "Chongqing");
  // The Assign page's row carries the dataset's correction settings (the defaults: experts, after a verdict).
  const row = page.getByRole("row", { name: new RegExp(NAME) });
  await expect(row.getByLabel(`Who may correct ${NAME}`)).toHaveValue("experts");
  await row.getByLabel(`Votes that verify a correction of ${NAME}`).selectOption("two_of_three");
  await expect
    .poll(
      async () =>
        (await e2eSql<{ v: string }>(`SELECT "correctionVotes" AS v FROM "Dataset" WHERE name = $1`, [NAME]))[0]?.v,
    )
    .toBe("two_of_three");
  await shot(page, "corrections-assign-settings");

  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "cora-password-4242");
  // Corrections are for experts in good standing: this one has passed qualification (the demo's gold test).
  await e2eSql(`UPDATE "User" SET standing = 'ACTIVE' WHERE email = $1`, [email]);
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  const pairId = (await main.getAttribute("data-pair"))!;
  // Before the verdict: no offer to correct, and the correction page refuses a plan of the pair held.
  await expect(expert.getByTestId("correct-offer")).toHaveCount(0);
  const [six] = await e2eSql<{ id: string }>(`SELECT id FROM "Plan" WHERE "sourceId" = 'en-day6'`);
  const held = await expert.request.get(`/api/plans/${six.id}/correction`);
  expect(held.status()).toBe(403);
  expect((await held.json()).error).toContain("submit your verdict first");

  await expert.keyboard.press("a");
  await expert.keyboard.type("Plan A covers all six days; plan B has five days for a six-day request.");
  await expert.keyboard.press("Enter");
  await expect(expert.getByTestId("queue-empty")).toBeVisible();
  // After the verdict: the quiet bar for the pair just judged, A and B as shown.
  const offer = expert.getByTestId("correct-offer");
  await expect(offer).toBeVisible();
  const [judged] = await e2eSql<{ left: string }>(
    `SELECT a."leftPlanId" AS left FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a."pairId" = $1 AND u.email = $2`,
    [pairId, email],
  );
  const sixSide = judged.left === six.id ? "A" : "B";
  await shot(expert, "corrections-offer-after-verdict");
  // The bar looks the same after any pair (gold ones too): the plan's id is asked for when a link is used.
  await offer.getByRole("button", { name: `Correct plan ${sixSide}` }).click();

  await expect(expert).toHaveURL(new RegExp(`/plans/${six.id}/correct`));
  await expect(expert.getByRole("heading", { name: "Correct this plan" })).toBeVisible();
  await expect(expert.locator(".leaflet-container")).toBeVisible();
  await checksSettled(expert);
  await expect(expert.getByRole("button", { name: "Save correction" })).toBeDisabled();
  await view(expert, "corrections-screen-open");

  // The defect: on day 2, 16 min to cross 11 km to Ronghui Xiliutuo Town and 16 min for 11.3 km after it.
  // Mouse: pick the reason and the item; keyboard: t, the times, Enter.
  await expert.getByLabel("Reason for the next edits").selectOption("transfer_time");
  await expert
    .locator(".tl-day")
    .nth(1)
    .getByRole("button", { name: /Ronghui Xiliutuo Town/ })
    .click();
  await expect(expert.getByTestId("selected-name")).toHaveText("Ronghui Xiliutuo Town");
  await expert.keyboard.press("t");
  await expect(expert.getByLabel("Start time")).toBeFocused();
  await expert.keyboard.press("Control+a");
  await expert.keyboard.type("18:20");
  await expert.keyboard.press("Tab");
  await expert.keyboard.press("Control+a");
  await expert.keyboard.type("19:40");
  await expert.keyboard.press("Enter");
  await checksSettled(expert);
  const fixed = expert.getByTestId("fixed");
  await expect(fixed.locator("li")).toHaveCount(2);
  await expect(fixed).toContainText("to Ronghui Xiliutuo Town");
  await expect(fixed).toContainText("from Ronghui Xiliutuo Town to Chongqing Guotai Art Center");
  await expect(expert.getByTestId("edit-list")).toContainText("18:16–19:46 → 18:20–19:40");
  await expect(expert.getByRole("button", { name: "Save correction" })).toBeEnabled();

  // The edits are a draft of this plan and expert: kept across a reload and a new sign-in until saved or discarded.
  await expert.reload();
  await checksSettled(expert);
  await expect(expert.getByTestId("edit-list")).toContainText("18:16–19:46 → 18:20–19:40");
  await expect(expert.getByTestId("fixed").locator("li")).toHaveCount(2);
  await signOut(expert);
  await signIn(expert, email, "cora-password-4242");
  await expect(expert).toHaveURL(/\/expert/);
  await expert.goto(`/plans/${six.id}/correct`);
  await checksSettled(expert);
  await expect(expert.getByTestId("edit-list")).toContainText("18:16–19:46 → 18:20–19:40");
  await expect(expert.getByRole("button", { name: "Save correction" })).toBeEnabled();
  await view(expert, "corrections-draft-restored");
  await expert
    .locator(".tl-day")
    .nth(1)
    .getByRole("button", { name: /Ronghui Xiliutuo Town/ })
    .click();

  // Replace (r): the table's places that fit, nearest to the neighbouring items first; Esc closes it.
  await expert.keyboard.press("r");
  const results = expert.getByRole("listbox", { name: "Places" });
  await expect(results.getByRole("option").first()).toBeVisible();
  await expect(expert.getByLabel("Search places by name")).toBeFocused();
  await expert.keyboard.type("park");
  await expect(results.getByRole("option").first()).toContainText(/park/i);
  await view(expert, "corrections-replace-search");
  await expert.keyboard.press("Escape");
  await expect(results).toHaveCount(0);

  // A refused operation shows the lib's sentence: a reason of kind "other" needs a text.
  await expert.getByLabel("Reason for the next edits").selectOption("other");
  await expert.getByLabel("Reason for the next edits").blur();
  await expert.keyboard.press("x");
  await expect(expert.getByTestId("refused")).toContainText('a reason of kind "other" needs a text');
  await expert.getByLabel("Reason for the next edits").selectOption("route");

  // An edit that breaks a check: the night after day 1 loses its hotel (the item before it clicked, j to the
  // hotel, x deletes it).
  await expert
    .locator(".tl-day")
    .nth(0)
    .getByRole("button", { name: /City Sightseeing Bus Tour/ })
    .click();
  await expert.keyboard.press("j");
  await expect(expert.getByTestId("selected-name")).toHaveText("Melia Chongqing");
  await expert.keyboard.press("x");
  await checksSettled(expert);
  await expect(expert.getByTestId("regressions")).toContainText("a night without accommodation");
  await expect(expert.getByRole("button", { name: "Save correction" })).toBeDisabled();
  await expect(expert.getByTestId("save-blocked")).toContainText("Save is disabled: your edits break");
  await view(expert, "corrections-regression-refused");
  await expert.keyboard.press("Control+z");
  await checksSettled(expert);
  await expect(expert.getByTestId("regressions")).toHaveCount(0);
  await expect(expert.getByTestId("fixed").locator("li")).toHaveCount(2);
  // Redo brings it back; undo again.
  await expert.keyboard.press("Control+Shift+z");
  await checksSettled(expert);
  await expect(expert.getByTestId("regressions")).toBeVisible();
  await expert.getByRole("button", { name: /Undo/ }).click();
  await checksSettled(expert);
  await expect(expert.getByTestId("regressions")).toHaveCount(0);

  await expert.getByRole("button", { name: "Save correction" }).click();
  const saved = expert.getByTestId("saved");
  await expect(saved).toContainText("Saved: sent to two other experts to verify");
  await expect(saved).toContainText("to Ronghui Xiliutuo Town");
  await view(expert, "corrections-saved");

  const rows = await e2eSql<{ ops: { type: string; reason: { kind: string } }[]; pair: string | null; time: number }>(
    `SELECT c.ops, c."verificationPairId" AS pair, c."timeOnTaskMs" AS time
       FROM "Correction" c JOIN "User" u ON u.id = c."userId" WHERE c."sourcePlanId" = $1 AND u.email = $2`,
    [six.id, email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].ops.map((o) => [o.type, o.reason.kind])).toEqual([["retime", "transfer_time"]]);
  expect(rows[0].time).toBeGreaterThan(0);
  expect(rows[0].pair).not.toBeNull();
  const pairs = await e2eSql<{ id: string }>(`SELECT id FROM "Pair" WHERE id = $1`, [rows[0].pair]);
  expect(pairs).toHaveLength(1);

  // Later, from the expert's home page: the pairs judged last, with the same links as after the verdict.
  await expert.goto("/expert");
  const last = expert.getByRole("table", { name: "Pairs you judged last" });
  await expect(last.getByRole("row").filter({ hasText: "Chongqing" })).toHaveCount(1);
  await shot(expert, "corrections-expert-home");
  await last.getByRole("button", { name: `Correct plan ${sixSide}` }).click();
  await expect(expert).toHaveURL(new RegExp(`/plans/${six.id}/correct`));
  // The saved edits left no draft behind; a new edit discarded is gone after a reload too.
  const edits = expert.getByRole("region", { name: "Your edits" });
  await expect(edits).toContainText("None yet.");
  await expert
    .locator(".tl-day")
    .nth(1)
    .getByRole("button", { name: /Ronghui Xiliutuo Town/ })
    .click();
  await expert.keyboard.press("x");
  await expect(expert.getByTestId("edit-list")).toContainText("Ronghui Xiliutuo Town");
  expert.once("dialog", (d) => void d.accept());
  await expert.getByRole("button", { name: "Discard edits" }).click();
  await expect(edits).toContainText("None yet.");
  await expert.reload();
  await checksSettled(expert);
  await expect(edits).toContainText("None yet.");

  // Admins reach every plan of a request from its constraints page.
  const [q] = await e2eSql<{ id: string }>(`SELECT "queryId" AS id FROM "Plan" WHERE id = $1`, [six.id]);
  await page.goto(`/queries/${q.id}/constraints`);
  const links = page.getByRole("navigation", { name: "Plans of this request" }).getByRole("link", { name: "Correct" });
  await expect(links.first()).toBeVisible();
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toContain(`/plans/${six.id}/correct`);
  await shot(page, "corrections-admin-links");

  // The Quality page counts the correction, pending its blind verification.
  await page.goto("/admin/quality");
  const correctors = page.getByRole("table", { name: "Correctors" });
  const mine = correctors.getByRole("row").filter({ hasText: "Cora Corrector" });
  await expect(mine.locator("td").nth(1)).toHaveText("1"); // corrections
  await expect(mine.locator("td").nth(4)).toHaveText("1"); // pending
  await expect(mine.locator("td").nth(5)).toHaveText("—"); // no verified share before a decision
  await shot(page, "corrections-quality");

  // Two other experts verify it blind: the verification pair is an ordinary pair of their queue. They judge what
  // comes (the original pair needs raters too) and prefer the corrected plan when the verification pair is shown.
  const pair = rows[0].pair!;
  const [{ plan: correctedId }] = await e2eSql<{ plan: string }>(
    `SELECT "planId" AS plan FROM "Correction" WHERE "verificationPairId" = $1`,
    [pair],
  );
  for (const [i, name] of ["Vera Verifier", "Walt Verifier"].entries()) {
    const vEmail = `verifier${i}.${Date.now()}@example.org`;
    const vLink = await inviteExpert(page, name, vEmail, "Chongqing");
    const v = await browser.newPage();
    await acceptInvite(v, vLink, vEmail, `verifier-password-${i}-4242`);
    await e2eSql(`UPDATE "User" SET standing = 'ACTIVE' WHERE email = $1`, [vEmail]);
    await v.goto("/judge");
    let verified = false;
    for (let n = 0; n < 3 && !verified; n++) {
      const screen = v.locator("main.judge");
      await expect(screen).toBeVisible();
      const shown = (await screen.getAttribute("data-pair"))!;
      const [mine] = await e2eSql<{ left: string }>(
        `SELECT a."leftPlanId" AS left FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a."pairId" = $1 AND u.email = $2`,
        [shown, vEmail],
      );
      verified = shown === pair;
      if (verified) {
        // Blind: nothing on the screen says one of the plans is a correction.
        for (const plan of await screen.locator("article.plan").all()) await expect(plan).not.toContainText(/correct/i);
        if (i === 0) await view(v, "corrections-verification-blind");
      }
      const choice = verified ? (mine.left === correctedId ? "a" : "b") : "a";
      // The screen's keys are bound after its first paint: press until the verdict shows as chosen. (The next pair
      // after an Enter-submit starts with the rationale unfocused, so the key is a verdict, not text.)
      const verdict = v.getByRole("radiogroup", { name: "Which plan is better?" });
      await expect(async () => {
        await v.keyboard.press(choice);
        await expect(verdict.getByRole("radio", { checked: true })).toHaveCount(1, { timeout: 500 });
      }).toPass();
      await v.keyboard.type(
        verified ? "This plan leaves time to cross the city on day 2." : "Plan A covers the days asked for.",
      );
      await v.keyboard.press("Enter");
      await expect(screen.or(v.getByTestId("queue-empty"))).toBeVisible();
      await expect(v.locator(`main.judge[data-pair="${shown}"]`)).toHaveCount(0);
    }
    expect(verified, `${name} met the verification pair`).toBe(true);
    await v.close();
  }
  await page.goto("/admin/quality");
  const verifiedRow = page
    .getByRole("table", { name: "Correctors" })
    .getByRole("row")
    .filter({ hasText: "Cora Corrector" });
  await expect(verifiedRow.locator("td").nth(2)).toHaveText("1"); // verified
  await expect(verifiedRow.locator("td").nth(4)).toHaveText("0"); // pending
  await expect(verifiedRow.locator("td").nth(5)).toContainText("100");
  await shot(page, "corrections-quality-verified");

  // The verified correction as an SFT row, from the export panel (the corrected plan as the answer).
  await page.goto("/admin/analytics");
  const corrRow = page.getByRole("table", { name: "Exports" }).getByRole("row", { name: /Plan corrections/ });
  await corrRow.getByRole("combobox", { name: "As" }).selectOption("sft");
  const corrDownload = page.waitForEvent("download");
  await corrRow.getByRole("button", { name: "JSONL" }).click();
  expect((await corrDownload).suggestedFilename()).toMatch(/^corrections.*\.jsonl$/);
  await expect(page.getByTestId("export-progress")).toContainText("Saved 1 corrections records");
  await shot(page, "corrections-export-panel");
});

test("right after a verdict, a plan of the pair judged opens for correction while the next pair, claimed ahead, shares it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  await importThroughApi(page, chongqingBundle()); // (the same content again when the first test ran: nothing new)
  // Two more pairs of the six-day plan (each against a copy of it): every Chongqing pair now has it, so the pair
  // shown and the one claimed ahead behind it share it (issue 43, item 2).
  const [six] = await e2eSql<{ id: string }>(`SELECT id FROM "Plan" WHERE "sourceId" = 'en-day6'`);
  for (const copy of ["copy-a", "copy-b"]) {
    await e2eSql(
      `INSERT INTO "Plan" (id, "queryId", "sourceId", model, raw, itinerary, features, feasible, "itemCount", style, "contentHash")
       SELECT $2 || '-' || id, "queryId", "sourceId" || '-' || $2, model, raw, itinerary, features, feasible, "itemCount", style, "contentHash" || $2
         FROM "Plan" WHERE id = $1 ON CONFLICT DO NOTHING`,
      [six.id, copy],
    );
    await e2eSql(
      `INSERT INTO "Pair" (id, "queryId", "planAId", "planBId") SELECT $2 || '-' || p.id, p."queryId", p.id, $2 || '-' || p.id
         FROM "Plan" p WHERE p.id = $1 ON CONFLICT DO NOTHING`,
      [six.id, copy],
    );
  }
  const email = `prefetch.${Date.now()}@example.org`;
  const link = await inviteExpert(page, "Pia Prefetch", email, "Chongqing");
  const expert = await browser.newPage();
  await acceptInvite(expert, link, email, "pia-password-4242");
  await e2eSql(`UPDATE "User" SET standing = 'ACTIVE' WHERE email = $1`, [email]);
  await expert.goto("/judge");
  const main = expert.locator("main.judge");
  await expect(main).toBeVisible();
  const pairId = (await main.getAttribute("data-pair"))!;
  // The pair behind it is claimed ahead before the verdict.
  await expect
    .poll(
      async () =>
        (
          await e2eSql(
            `SELECT 1 FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1 AND a.status = 'CLAIMED' AND a."pairId" <> $2`,
            [email, pairId],
          )
        ).length,
    )
    .toBe(1);
  await expert.keyboard.press("a");
  await expert.keyboard.type("Plan A covers the six days with fewer long transfers.");
  await expert.keyboard.press("Enter");
  const offer = expert.getByTestId("correct-offer");
  await expect(offer).toBeVisible();
  await expect(main).not.toHaveAttribute("data-pair", pairId);
  const [judged] = await e2eSql<{ left: string }>(
    `SELECT a."leftPlanId" AS left FROM "Assignment" a JOIN "User" u ON u.id = a."userId" WHERE a."pairId" = $1 AND u.email = $2`,
    [pairId, email],
  );
  await offer.getByRole("button", { name: `Correct plan ${judged.left === six.id ? "A" : "B"}` }).click();
  await expect(expert).toHaveURL(new RegExp(`/plans/${six.id}/correct`));
  await expect(expert.getByTestId("correction-refused")).toHaveCount(0);
  await expect(expert.locator(".checks[data-pending='false']")).toBeVisible();
  await expect(expert.getByRole("button", { name: "Save correction" })).toBeDisabled();
  await view(expert, "corrections-after-verdict-shared-plan");
});
