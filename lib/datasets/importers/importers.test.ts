import assert from "node:assert/strict";
import { test } from "node:test";
import { itinerarySchema } from "../itinerary/model";
import { parseBundle } from ".";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { textFiles } from "./bundle";
import { folderSource, memorySource, sourceHash, zipSource } from "./source";
import { parsePoiList } from "../formats/tripcraft";
import { formatProblem } from "./problems";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";

async function ok(files: Parameters<typeof parseBundle>[0]) {
  const r = await parseBundle(files);
  if (!r.ok) assert.fail(r.problems.map(formatProblem).join("\n"));
  return r.dataset;
}

async function problems(files: Parameters<typeof parseBundle>[0], opts = {}) {
  const r = await parseBundle(files, opts);
  assert.equal(r.ok, false, "expected problems");
  return (r as { problems: Parameters<typeof formatProblem>[0][] }).problems.map(formatProblem);
}

test("TripScore: dayInfos → canonical days with periods, resolved POIs, timed transport, flagged outside attractions", async () => {
  const ds = await ok(exampleBundle("tripscore-beijing"));
  assert.equal(ds.format, "TRIPSCORE");
  assert.deepEqual(
    ds.queries.map((q) => [q.sourceId, q.destination, q.days, q.people]),
    [["bj-001", "Beijing", 3, 2]],
  );
  const [a, b] = ds.plans;
  assert.equal(a.itinerary.days.length, 3);
  const d1 = a.itinerary.days[0].items;
  assert.deepEqual(
    d1.map((i) => [i.kind, i.name, i.period]),
    [
      ["transport", "G2", "Morning"],
      ["attraction", "Temple of Heaven", "Afternoon"],
      ["meal", "Quanjude Roast Duck (Qianmen)", "Evening"],
      ["hotel", "Qianmen Jianguo Hotel", "Evening"],
    ],
  );
  assert.deepEqual(
    [d1[0].startTime, d1[0].endTime, d1[0].transport?.number, d1[0].cost],
    ["07:00", "11:38", "G2", 1106],
  );
  assert.deepEqual([d1[1].lat, d1[1].lon, d1[1].poiId], [39.8822, 116.4066, "0002"]);
  assert.deepEqual(a.itinerary.judgedScores, { iconic_landmarks: 1, attraction_diversity: 0.75, user_request: 0.75 });
  const outside = b.itinerary.days[1].items.find((i) => i.name === "Nanluoguxiang")!;
  assert.deepEqual([outside.lat, outside.lon, outside.poiId], [null, null, null]);
  for (const p of ds.plans) assert.ok(itinerarySchema.safeParse(p.itinerary).success);
});

test("ChinaTravel: positions resolve by name within the target city; legs, meals, rooms and DSL drafts come along", async () => {
  const ds = await ok(exampleBundle("chinatravel-nanjing"));
  const q = ds.queries[0];
  assert.equal(q.destination, "Nanjing"); // "南京" through the manifest alias
  assert.equal(q.dsl?.length, 5);
  assert.match(q.dsl![0].code, /day_count\(plan\)==2/);
  const a = ds.plans[0].itinerary;
  const museum = a.days[0].items[1];
  assert.deepEqual(
    [museum.kind, museum.name, museum.lat, museum.lon, museum.startTime, museum.endTime],
    ["attraction", "南京博物院", 32.0413, 118.8254, "09:40", "12:30"],
  );
  assert.deepEqual(
    museum.legs.map((l) => [l.mode, l.distanceKm, l.cost]),
    [
      ["walk", 0.2, 0],
      ["metro", 6.1, 3],
      ["walk", 0.7, 0],
    ],
  );
  assert.equal(a.days[0].items[2].mealType, "lunch");
  assert.equal(a.days[0].items[5].kind, "hotel");
  assert.equal(a.days[0].items[0].transport?.number, "G7001");
  // The raw ChinaTravel plan is kept for the DSL.
  assert.equal((ds.plans[0].raw as { target_city: string }).target_city, "南京");
  const unresolved = ds.plans[1].itinerary.days[0].items.find((i) => i.name === "老门东小吃街")!;
  assert.equal(unresolved.lat, null);
});

test("ChinaTravel's ten cities are one city in either language: a manifest naming Nanjing resolves 南京 without an alias", async () => {
  const files = exampleBundle("chinatravel-nanjing");
  const manifest = JSON.parse(fileText(files, "manifest.json"));
  delete manifest.destinations[0].aliases;
  const ds = await ok(withFile(files, "manifest.json", JSON.stringify(manifest)));
  assert.equal(ds.queries[0].destination, "Nanjing");
  assert.deepEqual(ds.plans[0].itinerary.days[0].items[1].lat, 32.0413);
  // A city outside ChinaTravel's ten still needs its alias.
  manifest.destinations[0].name = "Nanking";
  assert.match(
    (await problems(withFile(files, "manifest.json", JSON.stringify(manifest))))[0],
    /unknown (destination|city) "南京"/,
  );
});

test("TripCraft: point_of_interest_list entries (names with commas) become timed items of the right kind, in time order", async () => {
  const { visits, unreadable } = parsePoiList(
    "Arcade House - Hot Tub, Games, Grill, FirePit, FUN, stay from 07:00 to 08:30, nearest transit: Main St, 46.71m away; Tia Sophia's, visit from 9:00 to 09:50 , nearest transit: Sandoval @ San Francisco OB, 104.85m away.",
  );
  assert.deepEqual(unreadable, []);
  assert.deepEqual(visits, [
    {
      name: "Arcade House - Hot Tub, Games, Grill, FirePit, FUN",
      stay: true,
      start: "07:00",
      end: "08:30",
      transitStop: "Main St",
      transitMeters: 46.71,
    },
    {
      name: "Tia Sophia's",
      stay: false,
      start: "09:00",
      end: "09:50",
      transitStop: "Sandoval @ San Francisco OB",
      transitMeters: 104.85,
    },
  ]);
  const ds = await ok(exampleBundle("tripcraft-fortwayne"));
  const day2 = ds.plans[0].itinerary.days[1].items;
  assert.deepEqual(
    day2.map((i) => [i.kind, i.startTime, i.mealType]),
    [
      ["hotel", "07:00", null],
      ["meal", "09:00", "breakfast"],
      ["attraction", "10:30", null],
      ["meal", "14:00", "lunch"],
      ["attraction", "15:30", null],
      ["meal", "19:00", "dinner"],
      ["hotel", "21:00", null],
    ],
  );
  const day1 = ds.plans[0].itinerary.days[0].items;
  assert.deepEqual([day1[0].kind, day1[0].transport?.number, day1[0].startTime], ["transport", "F0373120", "23:24"]);
  const day3 = ds.plans[0].itinerary.days[2].items;
  assert.equal(day3[day3.length - 1].transport?.number, "F2558843");
});

test("round trip: a dataset written as a canonical bundle imports to the same itineraries", async () => {
  const ds = await ok(exampleBundle("tripscore-beijing"));
  const files = textFiles({
    "manifest.json": JSON.stringify({
      format: "canonical",
      name: "round trip",
      destinations: [{ name: "Beijing", country: "China", lat: 39.9, lon: 116.4 }],
    }),
    "pois.json": fileText(exampleBundle("tripscore-beijing"), "pois.json"),
    "queries.json": JSON.stringify(
      ds.queries.map((q) => ({
        id: q.sourceId,
        destination: q.destination,
        text: q.text,
        origin: q.origin,
        days: q.days,
        people: q.people,
        startDate: q.startDate,
        preferences: q.preferences,
      })),
    ),
    "plans.json": JSON.stringify(
      ds.plans.map((p) => ({ id: p.sourceId, queryId: p.query, model: p.model, itinerary: p.itinerary })),
    ),
  });
  const again = await ok(files);
  assert.deepEqual(
    again.plans.map((p) => p.itinerary),
    ds.plans.map((p) => p.itinerary),
  );
  assert.deepEqual(
    again.plans.map((p) => p.features),
    ds.plans.map((p) => p.features),
  );
});

test("broken JSON is reported with its file and line", async () => {
  const jsonl = fileText(exampleBundle("chinatravel-nanjing"), "plans.jsonl").split("\n");
  jsonl.splice(1, 0, '{"id": "x", "uid": ');
  const p = await problems(withFile(exampleBundle("chinatravel-nanjing"), "plans.jsonl", jsonl.join("\n")));
  assert.equal(p.length, 1);
  assert.match(p[0], /^plans\.jsonl:2 \$: broken JSON/);
  const arr = fileText(exampleBundle("tripscore-beijing"), "queries.json").replace('"days": 3,', '"days": 3,,');
  const q = await problems(withFile(exampleBundle("tripscore-beijing"), "queries.json", arr));
  assert.match(q[0], /^queries\.json:1 \$: broken JSON at line 7/);
});

test("a wrong period, a duplicate plan id and an unknown POI are all reported at once, with JSON paths", async () => {
  const files = exampleBundle("tripscore-beijing");
  const plans = JSON.parse(fileText(files, "plans.json"));
  plans[0].plan.dayInfos[2].scheduleDetail[0].period = "Noon";
  plans[1].id = plans[0].id;
  plans[1].plan.dayInfos[0].scheduleDetail[1].detailList[0].id = "9999";
  const p = await problems(withFile(files, "plans.json", JSON.stringify(plans)));
  assert.deepEqual(p, [
    "plans.json:1 $.plan.dayInfos[2].scheduleDetail[0].period: expected Morning|Afternoon|Evening",
    'plans.json:2 $.plan.dayInfos[0].scheduleDetail[1].detailList[0].id: unknown poi id "9999" (Summer Palace): not in pois.json(l)',
  ]);
  // The duplicate shows once the first plan is valid again.
  plans[0].plan.dayInfos[2].scheduleDetail[0].period = "Morning";
  plans[1].plan.dayInfos[0].scheduleDetail[1].detailList[0].id = "0003";
  assert.deepEqual(await problems(withFile(files, "plans.json", JSON.stringify(plans))), [
    'plans.json:2 $.id: duplicate plan id "bj-001-a"',
  ]);
});

test("a POI without its id is reported as a missing field, not as invalid input", async () => {
  const files = exampleBundle("tripscore-beijing");
  const pois = JSON.parse(fileText(files, "pois.json"));
  delete pois[0].id;
  const p = await problems(withFile(files, "pois.json", JSON.stringify(pois)));
  assert.ok(
    p.some((x) => /^pois\.json:1 \$\.id: missing: a required field/.test(x)),
    p.join("\n"),
  );
});

test("oversized bundles, wrong encodings, unknown formats and missing parts are refused clearly", async () => {
  await assert.rejects(
    parseBundle(exampleBundle("tripscore-beijing"), { maxBytes: 1000 }),
    /over the 1000 bytes limit/,
  );
  const latin1 = new Map(exampleBundle("tripscore-beijing"));
  latin1.set("queries.json", new Uint8Array([0x5b, 0x22, 0xe9, 0x22, 0x5d]));
  assert.deepEqual(await problems(latin1), [
    "queries.json:1 $: element 1 is not valid UTF-8 text (save the file as UTF-8)",
  ]);
  const unknown = withFile(
    exampleBundle("tripscore-beijing"),
    "manifest.json",
    JSON.stringify({ format: "gpx", name: "x", destinations: [{ name: "B", country: "C", lat: 0, lon: 0 }] }),
  );
  assert.deepEqual(await problems(unknown), [
    "manifest.json $.format: expected one of tripscore, chinatravel, tripcraft, canonical",
  ]);
  const noPlans = new Map(exampleBundle("tripscore-beijing"));
  noPlans.delete("plans.json");
  assert.deepEqual(await problems(noPlans), ["plans.json $: the bundle has no plans (plans.json or plans.jsonl)"]);
  const noManifest = new Map(exampleBundle("tripscore-beijing"));
  noManifest.delete("manifest.json");
  await assert.rejects(parseBundle(noManifest), /no manifest\.json/);
});

test("an unknown destination and a plan of an unknown query are problems, not silent drops", async () => {
  const files = exampleBundle("tripcraft-fortwayne");
  const q = JSON.parse(fileText(files, "queries.json"));
  q[0].dest = "Atlantis";
  const p = await problems(withFile(files, "queries.json", JSON.stringify(q)));
  assert.deepEqual(p, [
    'queries.json:1 $.dest: unknown destination "Atlantis": add it (or an alias) to manifest.destinations',
  ]);
  const plans = JSON.parse(fileText(files, "plans.json"));
  plans[1].queryId = "fw-999";
  assert.deepEqual(await problems(withFile(files, "plans.json", JSON.stringify(plans))), [
    'plans.json:2 $: unknown query "fw-999"',
  ]);
});

test("pairs: all pairs of a query by default, listed pairs when the manifest says so, infeasible plans excluded on request", async () => {
  const ds = await ok(exampleBundle("tripscore-beijing"));
  assert.deepEqual(ds.pairs, [["bj-001-a", "bj-001-b"]]);
  const files = exampleBundle("chinatravel-nanjing");
  const manifest = JSON.parse(fileText(files, "manifest.json"));
  const listed = withFile(
    withFile(files, "manifest.json", JSON.stringify({ ...manifest, pairs: "listed" })),
    "pairs.json",
    JSON.stringify([{ a: "nj-2d-001-b", b: "nj-2d-001-a" }]),
  );
  assert.deepEqual((await ok(listed)).pairs, [["nj-2d-001-b", "nj-2d-001-a"]]);
  const bad = withFile(listed, "pairs.json", JSON.stringify([{ a: "nj-2d-001-b", b: "nope" }]));
  assert.deepEqual(await problems(bad), ['pairs.json:1 $.b: unknown plan "nope"']);
  // A plan that fails the commonsense gate is left out of pairing when asked.
  const plans = fileText(files, "plans.jsonl").replace(
    '"start_time": "09:40", "end_time": "12:30"',
    '"start_time": "08:30", "end_time": "12:30"',
  );
  const r = await parseBundle(withFile(files, "plans.jsonl", plans), { excludeInfeasible: true });
  assert.ok(r.ok);
  assert.equal(r.dataset.plans[0].feasible, false);
  assert.deepEqual(r.dataset.pairs, []);
});

test("impossible dates are refused with their path", async () => {
  const base = exampleBundle("tripscore-beijing");
  const name = [...base.keys()].find((k) => k.startsWith("queries"))!;
  const text = fileText(base, name);
  for (const bad of ["9999-99-99", "2026-02-30", "2026-13-01T25:61"]) {
    const found = await problems(withFile(base, name, text.replace(/"startDate":\s*"[^"]*"/, `"startDate": "${bad}"`)));
    assert.ok(
      found.some((p) => /\$\.startDate: expected a real date/.test(p)),
      found.join("\n"),
    );
  }
  assert.ok(
    (await parseBundle(withFile(base, name, text.replace(/"startDate":\s*"[^"]*"/, `"startDate": "2028-02-29"`)))).ok,
  );
});

test("a .zip with two files of one name (in two folders) is refused, not read last-wins", async () => {
  const base = exampleBundle("chinatravel-nanjing");
  const tree: Record<string, Uint8Array> = {};
  for (const [name, data] of base) tree[`bundle/${name}`] = data;
  tree["other/plans.jsonl"] = base.get("plans.jsonl")!;
  const zip = (t: Record<string, Uint8Array>) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "tj-zip-")), "bundle.zip");
    writeFileSync(file, zipSync(t));
    return file;
  };
  await assert.rejects(
    zipSource(zip(tree)),
    /two files named plans\.jsonl \(bundle\/plans\.jsonl and other\/plans\.jsonl\)/,
  );
  delete tree["other/plans.jsonl"];
  const source = await zipSource(zip(tree));
  assert.deepEqual([...source.names].sort(), [...base.keys()].sort());
  // Read entry by entry, it gives the same dataset (and content hash) as the same files in memory.
  assert.equal(await sourceHash(source), await sourceHash(memorySource(base)));
  await source.close();
});

test("a bundle folder with a symbolic link is refused without reading the target", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tj-link-"));
  for (const [name, data] of exampleBundle("chinatravel-nanjing")) writeFileSync(path.join(dir, name), data);
  symlinkSync("/etc/hostname", path.join(dir, "pairs.json"));
  assert.throws(() => folderSource(dir), /pairs\.json is a symbolic link/);
});

test("NUL characters, unpaired surrogates and deep nesting are problems at validation, with file, record and path", async () => {
  const base = exampleBundle("chinatravel-nanjing");
  const lines = fileText(base, "plans.jsonl").trim().split("\n");
  const first = JSON.parse(lines[0]);
  const variant = (v: unknown) => withFile(base, "plans.jsonl", [JSON.stringify(v), ...lines.slice(1)].join("\n"));
  assert.ok(
    (await problems(variant({ ...first, model: "a\u0000b" }))).some((p) =>
      /^plans\.jsonl:1 \$\.model: holds a NUL character/.test(p),
    ),
  );
  assert.ok(
    (await problems(variant({ ...first, model: "a\ud800b" }))).some((p) =>
      /^plans\.jsonl:1 \$\.model: holds an unpaired surrogate/.test(p),
    ),
  );
  const deep = JSON.stringify({ ...first, extra: 0 }).replace(
    '"extra":0',
    `"extra":${"[".repeat(5000)}1${"]".repeat(5000)}`,
  );
  const found = await problems(withFile(base, "plans.jsonl", [deep, ...lines.slice(1)].join("\n")));
  assert.ok(
    found.some((p) => /^plans\.jsonl:1 \$\.extra(\[0\])+: nested deeper than 64 levels/.test(p)),
    found.join("\n"),
  );
});

test("a bundle's manifest may name its licence (an SPDX identifier), which dataset cards repeat; anything else is refused", async () => {
  const { manifestSchema } = await import("./bundle");
  const base = {
    format: "tripscore",
    name: "x",
    destinations: [{ name: "Rome", country: "Italy", lat: 41.9, lon: 12.5 }],
  };
  assert.equal(manifestSchema.parse({ ...base, license: "cc-by-4.0" }).license, "cc-by-4.0");
  assert.equal(manifestSchema.parse(base).license, undefined);
  const bad = manifestSchema.safeParse({ ...base, license: "see LICENSE\n---\nyaml: injection" });
  assert.equal(bad.success, false);
  assert.match(JSON.stringify(bad.error?.issues), /SPDX licence identifier/);
});
