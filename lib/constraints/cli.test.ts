import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const dir = mkdtempSync(path.join(tmpdir(), "tj-dsl-"));
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", "dsl", ...args], { encoding: "utf8" });

test("tripjudge dsl eval --json: one result per --code file, in order, with value and error", () => {
  const plan = path.join(fixtures, "nanjing-3day-plan.json");
  const pois = path.join(fixtures, "nanjing-pois.json");
  const ok = file(
    "ok.py",
    "restaurant_type_set=set()\nfor activity in allactivities(plan):\n    if activity_type(activity) in ['breakfast', 'lunch', 'dinner']:\n        restaurant_type_set.add(restaurant_type(activity, target_city(plan)))\nresult=({'江浙菜'}<=restaurant_type_set)\n",
  );
  const bad = file("bad.py", "x = 1\nresult = sum([x])\n");
  const val = file("val.py", "result = [day_count(plan), 7 / 2]\n");
  const r = cli("eval", "--plan", plan, "--pois", pois, "--code", ok, "--code", bad, "--code", val, "--json");
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.results.length, 3);
  assert.deepEqual(out.results[0], { result: true, value: true, error: null });
  assert.equal(out.results[1].result, false);
  assert.deepEqual(
    [out.results[1].error.type, out.results[1].error.message, out.results[1].error.line, out.results[1].error.column],
    ["NameError", "name 'sum' is not defined", 2, 10],
  );
  assert.deepEqual(out.results[2], { result: true, value: [3, 3.5], error: null });
  const pref = file(
    "pref.py",
    "n = 0\nfor a in allactivities(plan):\n    if activity_type(a) == 'attraction': n += 1\n",
  );
  const p = JSON.parse(cli("eval", "--plan", plan, "--code", pref, "--preference", "n", "--json").stdout);
  assert.deepEqual(p.results[0], { result: true, value: 6, error: null });
});

test("tripjudge dsl check --json reports syntax and unknown names without a plan", () => {
  const bad = file("check.py", "for a in allactivities(plan):\n    s.add(a)\nresult = len(s)\n");
  const syntax = file("syntax.py", "if True\n    result = 1\n");
  const r = cli("check", "--code", bad, "--code", syntax, "--json");
  assert.equal(r.status, 1);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(
    out.problems.map((p: { type: string; line: number }) => [p.type, p.line]),
    [
      ["NameError", 2],
      ["NameError", 3],
      ["SyntaxError", 1],
    ],
  );
  assert.equal(cli("check", "--code", file("fine.py", "result = day_count(plan) > 1\n"), "--json").status, 0);
});

test("every command's JSON arrives whole through a pipe that is read slowly (no cut at 64 KiB)", () => {
  const real = path.join(fixtures, "chinatravel-real");
  const constraints: { code: string }[] = JSON.parse(readFileSync(path.join(real, "constraints.json"), "utf8"));
  const codes = constraints.map((c, i) => file(`slow${i}.py`, c.code));
  const list = file("codes.txt", codes.map((c) => `--code ${c}`).join(" "));
  const ratings = file(
    "ratings.jsonl",
    Array.from({ length: 300 }, (_, i) =>
      [1, 2, 3].map((r) => JSON.stringify({ item: `p${i}`, rater: `e${r}`, label: "AB"[(i + r) % 2] })).join("\n"),
    ).join("\n"),
  );
  // tsx's launcher relays the program's output through its own pipe, as `npx tripjudge` does.
  const run = (args: string) =>
    spawnSync("bash", ["-c", `node_modules/.bin/tsx scripts/tripjudge.ts ${args} | (sleep 1; cat)`], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
  const big = run(
    `dsl eval --plan ${path.join(real, "plans", "zh-day5.json")} --pois ${path.join(real, "pois.json")} $(cat ${list}) --json`,
  );
  assert.ok(big.stdout.length > 65_536, `${big.stdout.length} bytes`);
  assert.equal(JSON.parse(big.stdout).results.length, constraints.length);
  assert.equal(
    JSON.parse(
      run(`features --plan ${path.join(real, "plans", "en-day6.json")} --pois ${path.join(real, "pois.json")} --json`)
        .stdout,
    ).ok,
    true,
  );
  assert.equal(JSON.parse(run(`agreement --ratings ${ratings} --json`).stdout).items, 300);
  assert.equal(
    JSON.parse(
      run(
        `dsl check ${codes
          .slice(0, 50)
          .map((c) => `--code ${c}`)
          .join(" ")} --json`,
      ).stdout,
    ).files.length,
    50,
  );
});
