/** Records in the shapes the papers publish them (fixtures/real/SOURCES.md), through the importer and `tripjudge features`. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parseBundle } from ".";
import { check } from "../../constraints";
import type { BundleFiles } from "./bundle";
import { formatProblem } from "./problems";
import { featuresOfPlan } from "./single-plan";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";

const real = (f: string) => readFileSync(new URL(`./fixtures/real/${f}`, import.meta.url), "utf8");
const ctPlan = (f: string) =>
  readFileSync(new URL(`../../constraints/fixtures/chinatravel-real/plans/${f}`, import.meta.url), "utf8");
const enc = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));
const bundle = (files: Record<string, unknown>): BundleFiles =>
  new Map(Object.entries(files).map(([k, v]) => [k, enc(v)]));
const dest = (name: string, lat: number, lon: number, aliases: string[] = []) => ({
  name,
  country: "China",
  lat,
  lon,
  aliases,
});
async function ok(files: BundleFiles) {
  const r = await parseBundle(files);
  if (!r.ok) assert.fail(r.problems.map(formatProblem).join("\n"));
  return r.dataset;
}

test("ChinaTravel's Hugging Face encoding: hard_logic_py as a Python literal string becomes the query's constraints", async () => {
  const ds = await ok(
    bundle({
      "manifest.json": {
        format: "chinatravel",
        name: "TPC HF",
        destinations: [dest("Chengdu", 30.66, 104.06), dest("Chongqing", 29.56, 106.55)],
      },
      "queries.jsonl": real("chinatravel-hf-queries.jsonl"),
      "plans.json": [
        { id: "en-day4", uid: "20250321141840877581", model: "nesy", plan: JSON.parse(ctPlan("en-day4.json")) },
      ],
      "pois.json": [],
    }),
  );
  const [chengdu, chongqing] = ds.queries;
  // As ast.literal_eval reads them: one snippet for the first query, six for the second.
  assert.deepEqual([chengdu.dsl!.length, chongqing.dsl!.length], [1, 6]);
  assert.match(chengdu.dsl![0].code, /activity_position\(activity\)=='Gaiwan'er Pear Garden/);
  // The legacy single-quoted name compiles, as in ChinaTravel's evaluator.
  assert.deepEqual(
    chengdu.dsl!.flatMap((c) => check(c.code)).filter((p) => p.severity === "error"),
    [],
  );
  assert.equal(ds.plans.length, 1);
  const broken = await parseBundle(
    bundle({
      "manifest.json": { format: "chinatravel", name: "x", destinations: [dest("Chengdu", 30.66, 104.06)] },
      "queries.json": [
        {
          uid: "q",
          nature_language: "x",
          start_city: "Chengdu",
          target_city: "Chengdu",
          days: 1,
          people_number: 1,
          hard_logic_py: "['result=True', open('x')]",
        },
      ],
      "plans.json": [],
      "pois.json": [],
    }),
  );
  assert.equal(broken.ok, false);
  assert.match(
    (broken as { problems: Parameters<typeof formatProblem>[0][] }).problems.map(formatProblem).join("\n"),
    /queries\.json:1 \$\.hard_logic_py: not a Python list literal/,
  );
});

test("ChinaTravel's first-release query (old-style hard_logic, no hard_logic_py) is refused saying so, never imported without its constraints", async () => {
  // The shape of the benchmark's early query files: set expressions over the plan's attributes (written anew here).
  const query = {
    uid: "nj-old-1",
    start_city: "北京",
    target_city: "南京",
    days: 2,
    people_number: 1,
    hard_logic: ["days==2", "people_number==1", "cost<=3000", "{'南京博物院'}<=attraction_names"],
    preference: { attraction: "历史景点" },
    nature_language: "我一个人想去南京玩2天，预算3000人民币，想去南京博物院。",
  };
  const files = (q: object) =>
    bundle({
      "manifest.json": { format: "chinatravel", name: "old", destinations: [dest("南京", 32.06, 118.8)] },
      "queries.json": [q],
      "plans.json": [],
      "pois.json": [],
    });
  const problems = async (q: object) => {
    const r = await parseBundle(files(q));
    return r.ok ? "" : r.problems.map(formatProblem).join("\n");
  };
  assert.match(
    await problems(query),
    /queries\.json:1 \$\.hard_logic: 4 constraint\(s\) in ChinaTravel's old hard_logic expressions \(as "days==2"\) are not read: give them as hard_logic_py/,
  );
  // With the current release's hard_logic_py beside it, or without hard_logic, the request is read (the bundle is
  // still refused here for having no plans, which is not the request's doing).
  const none = Object.fromEntries(Object.entries(query).filter(([k]) => k !== "hard_logic"));
  for (const q of [{ ...query, hard_logic_py: ["result=(day_count(plan)==2)"] }, none])
    assert.doesNotMatch(await problems(q), /queries\.json/);
});

test("TripCraft's evaluation format: the request rides with the plan, its text is written from the fields and says so", async () => {
  const ds = await ok(
    bundle({
      "manifest.json": {
        format: "tripcraft",
        name: "TripCraft sample",
        destinations: [{ name: "Baltimore", country: "USA", lat: 39.29, lon: -76.61 }],
      },
      "plans.jsonl": real("tripcraft-sample-evaluation.jsonl"),
      "pois.json": [],
    }),
  );
  assert.equal(ds.queries.length, 1);
  const q = ds.queries[0];
  assert.deepEqual(
    [q.sourceId, q.destination, q.origin, q.days, q.people, q.startDate],
    ["1", "Baltimore", "Savannah", 3, 1, "2024-11-18"],
  );
  assert.match(
    q.text,
    /^\[Written by TripJudge from TripCraft's structured fields; the source has no request text\] A 3-day trip from Savannah to Baltimore for 1 person, 2024-11-18 to 2024-11-20, budget \$1500\./,
  );
  assert.equal(ds.plans.length, 1);
  assert.equal(ds.plans[0].itinerary.days.length, 3);
});

test('POIs with "type": null import; recommendedMinutes is read as recommendMinutes; the two may not disagree', async () => {
  const example = exampleBundle("chinatravel-nanjing");
  const lines = fileText(example, "pois.jsonl").trim().split("\n");
  const files = (poi: Record<string, unknown>) => {
    const first = JSON.parse(lines[0]);
    delete first.recommendMinutes;
    return withFile(example, "pois.jsonl", [JSON.stringify({ ...first, ...poi }), ...lines.slice(1)].join("\n"));
  };
  const nullType = (await ok(files({ type: null, recommendedMinutes: 95 }))).pois[0];
  assert.deepEqual([nullType.recommendedMinutes, nullType.tags], [95, []]);
  assert.equal((await ok(files({ recommendMinutes: 30 }))).pois[0].recommendedMinutes, 30);
  const r = await parseBundle(files({ recommendMinutes: 30, recommendedMinutes: 60 }));
  assert.equal(r.ok, false);
});

test("an overnight train that opens the day, then breakfast: no violation (ChinaTravel's Is_time_correct)", async () => {
  const plan = {
    people_number: 1,
    start_city: "北京",
    target_city: "南京",
    itinerary: [
      {
        day: 1,
        activities: [
          {
            start_time: "22:12",
            end_time: "05:26",
            start: "北京站",
            end: "南京站",
            price: 200,
            cost: 200,
            tickets: 1,
            transports: [],
            TrainID: "K118",
            type: "train",
          },
          {
            position: "南京大牌档",
            type: "breakfast",
            price: 30,
            cost: 30,
            start_time: "08:00",
            end_time: "09:00",
            transports: [],
          },
          {
            position: "夫子庙",
            type: "attraction",
            price: 0,
            cost: 0,
            start_time: "10:00",
            end_time: "12:00",
            tickets: 1,
            transports: [],
          },
          {
            start_time: "18:00",
            end_time: "21:30",
            start: "南京南站",
            end: "北京南站",
            price: 450,
            cost: 450,
            tickets: 1,
            transports: [],
            TrainID: "G2",
            type: "train",
          },
        ],
      },
    ],
  };
  const r = await featuresOfPlan({ plan });
  assert.ok(r.ok);
  assert.deepEqual([r.violations, r.gates.commonsense], [[], 1]);
  // The same train late in a day still runs past midnight: a later item that day overlaps it.
  const [night, breakfast, visit, back] = plan.itinerary[0].activities;
  plan.itinerary[0].activities = [visit, night, { ...breakfast, start_time: "23:00", end_time: "23:30" }, back];
  const late = await featuresOfPlan({ plan });
  assert.ok(
    late.ok && late.violations.some((v) => /starts at 23:00, before Train K118 ends/.test(v)),
    JSON.stringify(late),
  );
});

test("tripjudge features on a real ChinaTravel plan, TripScore's K.5 itinerary and TripCraft's sample, as JSON", async () => {
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "features", ...args, "--json"], {
      encoding: "utf8",
    });
    return { status: r.status, out: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
  };
  const dir = "lib/constraints/fixtures/chinatravel-real";
  const zh = cli("--plan", `${dir}/plans/zh-day4.json`, "--pois", `${dir}/pois.json`);
  assert.equal(zh.status, 0, zh.err);
  assert.deepEqual(
    [zh.out.format, zh.out.gates, zh.out.feasible, zh.out.request.from],
    ["chinatravel", { format: 1, commonsense: 1 }, true, "plan"],
  );
  assert.ok(zh.out.sub_scores.location_clustering > 0 && zh.out.reward > 0);
  const k5 = cli(
    "--plan",
    "lib/datasets/importers/fixtures/real/tripscore-k5-plan.json",
    "--format",
    "tripscore",
    "--query",
    "lib/datasets/importers/fixtures/real/tripscore-k5-query.json",
  );
  assert.equal(k5.status, 0, k5.err);
  assert.deepEqual([k5.out.format, k5.out.gates.format, k5.out.request.from], ["tripscore", 1, "query file"]);
  // Day 2 has no hotel: a night without accommodation fails the commonsense gate.
  assert.ok(k5.out.violations.includes("a night without accommodation"), JSON.stringify(k5.out.violations));
  const tc = cli("--plan", "lib/datasets/importers/fixtures/real/tripcraft-sample-evaluation.jsonl");
  assert.equal(tc.status, 0, tc.err);
  assert.equal(tc.out.format, "tripcraft");
  assert.match(tc.out.request.text, /Written by TripJudge/);
  const bad = cli("--plan", "lib/datasets/importers/fixtures/real/tripscore-k5-plan.json");
  assert.equal(bad.status, 1);
  assert.match(bad.out.problems[0].message, /pass the request with --query/);
});

test("tripjudge validate on TripCraft's real record, one plan per request: valid, and it says no pairs will come and what to do", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-one-plan-"));
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({
      format: "tripcraft",
      name: "TripCraft sample",
      destinations: [{ name: "Baltimore", country: "USA", lat: 39.29, lon: -76.61 }],
    }),
  );
  copyFileSync("lib/datasets/importers/fixtures/real/tripcraft-sample-evaluation.jsonl", path.join(dir, "plans.jsonl"));
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "validate", dir, ...args], {
      encoding: "utf8",
    });
  const text = cli();
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^valid: .*plans 1, pairs 0/);
  assert.match(text.stdout, /\nNo pairs: each of the 1 request with plans has one plan\. .*--into DATASET_ID/);
  const json = cli("--json");
  assert.equal(json.status, 0, json.stderr);
  const out = JSON.parse(json.stdout);
  assert.deepEqual([out.ok, out.counts.pairs], [true, 0]);
  assert.match(out.note, /^No pairs: each of the 1 request with plans has one plan\./);
});
