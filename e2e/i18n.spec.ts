/**
 * Languages (issue 47 part 2): a signed-out page follows the browser's Accept-Language; an expert who picks 简体中文
 * in the header keeps it (the account's setting, over the browser's English), judges a pair and corrects a plan in
 * Chinese, with the request and the places shown as the dataset wrote them. The dataset is the example moved to a
 * city of its own (Linguaville, 语城) with Chinese place names and a Chinese request, judged by an expert of its own;
 * screenshots at 1366×768 (CJK in the map's labels and the timelines, no page-wide horizontal overflow).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, e2eSql, exampleBundleAt, importThroughApi, shot, signIn } from "./helpers";

const NAME = "Languages: 3 days in Linguaville";
const EXPERT = { email: "li.yu@example.org", password: "li-yu-password-4242", name: "Li Yu" };
const REQUEST = "我想和伴侣从上海去语城玩三天，5月5日出发。酒店要舒适，节奏适中；我们喜欢历史，想轻松地爬一次山。";
const PLACES: Record<string, string> = {
  "Quanjude Roast Duck (Qianmen)": "全聚德烤鸭（前门店）",
  "Mutianyu Great Wall": "慕田峪长城",
  "Qianmen Jianguo Hotel": "前门建国饭店",
  "Home Inn Wangfujing": "如家王府井店",
  "Hotel Nuo Beijing": "北京诺金酒店",
  "Forbidden City": "故宫博物院",
  "Temple of Heaven": "天坛公园",
  "Summer Palace": "颐和园",
  "Jingshan Park": "景山公园",
  Nanluoguxiang: "南锣鼓巷",
  "Beijing Zoo": "北京动物园",
};

/** The example in Linguaville, its places and request in Chinese (data: shown as published, never translated). */
function chineseBundle() {
  return exampleBundleAt("Linguaville", "语城", NAME).map((f) => {
    let text = f.buffer.toString("utf8");
    for (const [en, zh] of Object.entries(PLACES)) text = text.split(en).join(zh);
    text = text.replace(/"query": "[^"]*"/, `"query": "${REQUEST}"`);
    return { ...f, buffer: Buffer.from(text) };
  });
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  if ((await e2eSql(`SELECT 1 FROM "Destination" WHERE name = 'Linguaville'`)).length === 0) {
    const form = new FormData();
    for (const f of chineseBundle()) form.append("files", new Blob([f.buffer]), f.name);
    form.append("makeGold", "off");
    await importThroughApi(page, form);
    const overview = await (await page.request.get("/api/admin/overview")).json();
    const destination = overview.destinations.find((d: { name: string }) => d.name === "Linguaville").id as string;
    const created = await page.request.post("/api/admin/users", { data: { email: EXPERT.email, name: EXPERT.name } });
    expect(created.status()).toBe(201);
    const { inviteUrl, userId } = (await created.json()) as { inviteUrl: string; userId: string };
    const set = await page.request.post(`/api/invite/${inviteUrl.split("/invite/")[1]}`, {
      data: { password: EXPERT.password, confirm: EXPERT.password },
    });
    expect(set.status()).toBe(200);
    const fam = await page.request.put("/api/admin/expert-destinations", {
      data: { userIds: [userId], destinationIds: [destination], familiarity: 5 },
    });
    expect(fam.status()).toBe(200);
    // Correcting needs good standing (as corrections.spec's expert, past qualification).
    await e2eSql(`UPDATE "User" SET standing = 'ACTIVE' WHERE email = $1`, [EXPERT.email]);
  }
  await page.close();
});

test("signed out, the page speaks the browser's language: Chinese for zh-CN, English otherwise", async ({
  browser,
}) => {
  const zh = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "zh-CN" });
  const page = await zh.newPage();
  await page.goto("/signin");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
  await expect(page.getByLabel("电子邮箱")).toBeVisible();
  // A refusal is said in Chinese too (the server's code, the client's sentence).
  await page.getByLabel("电子邮箱").fill("nobody@example.org");
  await page.getByLabel("密码").fill("wrong-password-0000");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.locator("p[role=alert]")).toHaveText("电子邮箱或密码错误。");
  await shot(page, "i18n-signin-zh");
  await zh.close();

  const en = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "en-US" });
  const other = await en.newPage();
  await other.goto("/signin");
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  await expect(other.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await en.close();
});

test("an expert picks 简体中文, judges a pair and corrects a plan in Chinese", async ({ browser }) => {
  test.setTimeout(240_000);
  // The browser asks for English: the account's setting is what makes the pages Chinese.
  const ctx = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "en-US",
    viewport: { width: 1366, height: 768 },
  });
  const page = await ctx.newPage();
  await signIn(page, EXPERT.email, EXPERT.password);
  await expect(page).toHaveURL(/\/expert/);
  await page.getByRole("combobox", { name: "Language", exact: true }).selectOption("zh-CN");
  await expect(page.getByRole("heading", { name: "欢迎，Li" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await page.reload();
  await expect(page.getByRole("link", { name: "开始评判" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "语言", exact: true })).toHaveValue("zh-CN");
  await expect(page.getByTestId("dest-Linguaville")).toContainText("评判Linguaville");
  expect(
    (await e2eSql<{ locale: string }>(`SELECT locale FROM "User" WHERE email = $1`, [EXPERT.email]))[0].locale,
  ).toBe("zh-CN");

  await page.getByRole("link", { name: "开始评判" }).click();
  const main = page.locator("main.judge");
  await expect(main).toBeVisible();
  // The request and the places as the dataset published them; TripJudge's own words in Chinese.
  await expect(page.getByRole("region", { name: "旅行者的需求" })).toContainText(REQUEST);
  await expect(main.locator(".tl-item").filter({ hasText: "故宫博物院" }).first()).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "哪个方案更好？" })).toBeVisible();
  await expect(main).toContainText("第 1 天");
  await expect(main).toContainText("当日合计：");
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  // A map label: a stop's tooltip, in the CJK fallback font.
  // Leaflet opens a stop's tooltip on mouseover (markers may overlap: the event, not a pointer move).
  await page.locator(".plan-left .leaflet-marker-icon").nth(1).dispatchEvent("mouseover");
  const tooltip = page.locator(".leaflet-tooltip").first();
  await expect(tooltip).toContainText(/第 \d 天/);
  expect(await tooltip.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Noto Sans CJK SC");
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: "screenshots/i18n-judge-zh.png" });
  await shot(page, "i18n-judge-zh-full");

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "键盘快捷键" });
  await expect(help).toContainText("方案 A（左）更好");
  await page.keyboard.press("Escape");

  await page.keyboard.press("1");
  await expect(page.getByText("（还需 20 个字符）")).toBeVisible();
  await page.keyboard.type("方案A按天安排合理，故宫和天坛都在开放时间内参观，而方案B的路线来回折返，浪费时间。");
  await page.keyboard.press("Enter");
  const offer = page.getByTestId("correct-offer");
  await expect(offer).toBeVisible();
  await expect(offer).toContainText("您刚评判的行程对：");
  await offer.getByRole("button", { name: "修改方案 A" }).click();

  await expect(page).toHaveURL(/\/plans\/[^/]+\/correct/);
  await expect(page.getByRole("heading", { name: "修改此方案" })).toBeVisible();
  const checks = page.getByRole("region", { name: "检查" });
  await expect(page.locator(".checks[data-pending='false']")).toBeVisible({ timeout: 30_000 });
  await expect(checks).toContainText("奖励分");
  await expect(page.getByRole("button", { name: "保存修改" })).toBeDisabled();
  await expect(page.getByTestId("save-blocked")).toHaveText("请先进行修改。");
  // An edit from the keyboard: the day's second stop, deleted (x); the checks answer in Chinese.
  await page.locator(".tl-day").first().locator(".tl-item").nth(1).click();
  await page.keyboard.press("x");
  await expect(page.locator(".checks[data-pending='false']")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("edit-list")).toContainText("删除了");
  await expect(checks).toContainText(/项被破坏/);
  expect(await noOverflow(page)).toBe(true);
  await page.screenshot({ path: "screenshots/i18n-correct-zh.png" });
  await shot(page, "i18n-correct-zh-full");
  const save = page.getByRole("button", { name: "保存修改" });
  if (await save.isEnabled()) {
    await save.click();
    await expect(page.getByTestId("saved")).toContainText("已保存：已发送给另外两位专家验证");
  } else {
    await expect(page.getByTestId("save-blocked")).toContainText("无法保存");
  }
  await shot(page, "i18n-correct-zh-after");
  await ctx.close();
});

/** The admin's and reviewer's pages, each with its main heading; the pair's page is the Linguaville pair's. */
const ADMIN_PAGES = [
  "/admin",
  "/admin/assign",
  "/admin/import",
  "/admin/queries",
  "/admin/analytics",
  "/admin/leaderboard",
  "/admin/judges",
  "/admin/quality",
  "/admin/weights",
  "/admin/audit",
  "/admin/pairs",
  "/admin/pairs/PAIR",
  "/review",
  "/forbidden",
  "/admin/no-such-page",
];
const CJK = /[\u3400-\u9fff]/;

test("an admin whose browser asks for Chinese reads every admin and review page in Chinese", async ({ browser }) => {
  test.setTimeout(300_000);
  // The admin's account has no language of its own: the browser's decides, from the sign-in page on.
  await e2eSql(`UPDATE "User" SET locale = NULL WHERE email = $1`, [ADMIN.email]);
  const ctx = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "zh-CN",
    viewport: { width: 1366, height: 768 },
  });
  const page = await ctx.newPage();
  await page.goto("/signin");
  await page.getByLabel("电子邮箱").fill(ADMIN.email);
  await page.getByLabel("密码").fill(ADMIN.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/admin/);
  const [pair] = await e2eSql<{ id: string }>(
    `SELECT p.id FROM "Pair" p JOIN "Query" q ON q.id = p."queryId" JOIN "Destination" d ON d.id = q."destinationId"
      WHERE d.name = 'Linguaville' ORDER BY p.id LIMIT 1`,
  );
  for (const path of ADMIN_PAGES) {
    const url = path.replace("PAIR", pair.id);
    await page.goto(url);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    const h1 = page.getByRole("heading", { level: 1 }).first();
    await expect(h1).toBeVisible();
    // Wait for the client's sections, then every section heading is TripJudge's own words, in Chinese.
    await page.waitForLoadState("networkidle");
    const headings = await page.locator("main h1, main h2").allInnerTexts();
    const english = headings.filter((h) => !CJK.test(h) && !h.startsWith("Pair ") && h.trim() !== "");
    expect(english, `${url}: headings without Chinese`).toEqual([]);
    expect(await noOverflow(page), `${url}: horizontal overflow at 1366×768`).toBe(true);
    await shot(page, `i18n-admin-zh${path.replace(/\//g, "-").replace("-PAIR", "-pair")}`);
  }
  await ctx.close();
});
