/**
 * Real data against ChinaTravel's own evaluator: every distinct hard_logic_py constraint of the TPC@IJCAI 2026
 * phase-1 English queries on ChinaTravel's real
 * check plans, Chinese and English. The expected booleans are what `evaluate_constraints_py` of
 * ChinaTravel's June 2026 code returned on the same plans and POI table (see fixtures/chinatravel-real/SOURCES.md).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { evaluate, evaluateRaw, parseJsonPy, planScope } from ".";
import type { DslPoi } from "./concepts";
import { runReference } from "../testing/dsl-reference";
import { typed } from "./typed";

const dir = new URL("./fixtures/chinatravel-real/", import.meta.url);
const read = (f: string) => readFileSync(new URL(f, dir), "utf8");
const constraints: { code: string; origin: string }[] = JSON.parse(read("constraints.json"));
const expected: Record<string, boolean[]> = JSON.parse(read("expected.json"));
const pois = JSON.parse(read("pois.json"));
const plans = readdirSync(new URL("plans/", dir))
  .map((f) => f.replace(/\.json$/, ""))
  .sort();

test(`${constraints.length} real constraints × ${plans.length} real plans agree with ChinaTravel's evaluator`, () => {
  assert.ok(constraints.length > 1000 && plans.length >= 13);
  const wrong: string[] = [];
  let n = 0;
  for (const p of plans) {
    const scope = planScope(parseJsonPy(read(`plans/${p}.json`)), pois);
    constraints.forEach((c, i) => {
      const r = evaluate(c.code, scope);
      n++;
      if (r.result !== expected[p][i])
        wrong.push(
          `${p} × #${i} (${c.origin}): ChinaTravel ${expected[p][i]}, TripJudge ${r.result}${r.error ? ` (${r.error.type}: ${r.error.message})` : ""}\n${c.code}`,
        );
    });
  }
  assert.equal(wrong.length, 0, `${wrong.length} of ${n} differ:\n${wrong.slice(0, 8).join("\n\n")}`);
});

test("tripjudge dsl eval gives the same answers on a Chinese and an English real plan", () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "tj-real-"));
  const files = constraints.slice(0, 150).map((c, i) => {
    const f = path.join(tmp, `c${i}.py`);
    writeFileSync(f, c.code);
    return f;
  });
  const poisFile = fileURLToPathSafe(new URL("pois.json", dir));
  for (const p of ["zh-day4", "en-day4"]) {
    const args = [
      "--import",
      "tsx",
      "scripts/tripjudge.ts",
      "dsl",
      "eval",
      "--plan",
      fileURLToPathSafe(new URL(`plans/${p}.json`, dir)),
      "--pois",
      poisFile,
      ...files.flatMap((f) => ["--code", f]),
      "--json",
    ];
    const r = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 << 20 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).results.map((x: { result: boolean }) => x.result),
      expected[p].slice(0, 150),
    );
  }
});

test("English real plans against a Chinese-keyed POI table: the city is known, English names are not found (ChinaTravel's sentinels, no KeyError)", () => {
  // The POI table as ChinaTravel's Chinese database keys it: the English rows left out.
  const zhOnly = (pois as DslPoi[]).filter((p) => /[\u4e00-\u9fff]/.test(p.city));
  assert.ok(zhOnly.length > 50 && zhOnly.length < pois.length);
  const en = plans.filter((p) => p.startsWith("en-"));
  assert.equal(en.length, 6);
  let lookups = 0;
  for (const p of en) {
    const text = read(`plans/${p}.json`);
    assert.match(JSON.parse(text).target_city, /^[A-Z][a-z]+$/);
    const scope = planScope(parseJsonPy(text), zhOnly);
    // The same plan and table through the Python reference evaluator (lib/constraints/reference.py) as an independent check.
    const ref = runReference(
      text,
      zhOnly,
      constraints.map((c) => ({ code: c.code })),
    ).results;
    const wrong: string[] = [];
    constraints.forEach((c, i) => {
      const r = evaluateRaw(c.code, scope);
      if (/_type\(|poi_recommend_time|poi_distance/.test(c.code)) lookups++;
      assert.ok(
        !(
          r.error?.type === "KeyError" &&
          /Beijing|Shanghai|Nanjing|Suzhou|Hangzhou|Shenzhen|Chengdu|Wuhan|Guangzhou|Chongqing/.test(r.error.message)
        ),
        `${p} × #${i}: ${r.error?.message}`,
      );
      const got = {
        result: r.result,
        value: r.raw === undefined || r.error ? null : typed(r.raw),
        error: r.error?.type ?? null,
      };
      if (JSON.stringify(got) !== JSON.stringify(ref[i]))
        wrong.push(`${p} × #${i}: python ${JSON.stringify(ref[i])}, TripJudge ${JSON.stringify(got)}\n${c.code}`);
    });
    assert.equal(wrong.length, 0, wrong.slice(0, 5).join("\n\n"));
  }
  assert.ok(lookups > 100, `${lookups} constraint × plan cases look a place up`);
  // One lookup by hand (en-day3 goes to "Beijing"): an English activity is not among the Chinese rows of 北京.
  const scope = planScope(parseJsonPy(read("plans/en-day3.json")), zhOnly);
  const first = "[a for d in plan['itinerary'] for a in d['activities'] if a['type'] == 'attraction'][0]";
  assert.equal(evaluateRaw(`result = attraction_type(${first}, target_city(plan))`, scope).raw, "");
  assert.equal(evaluateRaw(`result = restaurant_type(${first}, target_city(plan))`, scope).raw, "empty");
  assert.equal(evaluateRaw(`result = attraction_type(${first}, 'Atlantis')`, scope).error?.type, "KeyError");
});

function fileURLToPathSafe(u: URL): string {
  return decodeURIComponent(u.pathname);
}
