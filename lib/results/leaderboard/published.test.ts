/**
 * Battle logs in the layouts the field publishes (fixtures/published/, synthetic rows, see its README): FastChat's
 * `clean_battle_*.json` (one JSON array written with indentation, "tie (bothbad)", `question_id`,
 * `anony`) and lmarena's arena-human-preference rows ("both_bad").
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { BattlesError } from "./battles";
import { readBattlesFile } from "./file";
import { leaderboard, LeaderboardInputError } from "./leaderboard";

const dir = "lib/results/leaderboard/fixtures/published/";
const fastchat = `${dir}fastchat-clean-battle.json`;
const lmarena = `${dir}lmarena-140k.jsonl`;
const raw: { question_id: string; model_a: string; model_b: string; winner: string; anony: boolean }[] = JSON.parse(
  readFileSync(fastchat, "utf8"),
);
const MAX = 1 << 30;

/** Bradley–Terry with credits (2 a win, 1 a tie each) by Zermelo's MM iteration: independent of the Newton fit. */
function zermelo(rows: { model_a: string; model_b: string; winner: string }[]): Map<string, number> {
  const names = [...new Set(rows.flatMap((r) => [r.model_a, r.model_b]))];
  const w = new Map<string, number>();
  const add = (a: string, b: string, c: number) => w.set(`${a}\0${b}`, (w.get(`${a}\0${b}`) ?? 0) + c);
  for (const r of rows) {
    if (r.winner === "model_a") add(r.model_a, r.model_b, 2);
    else if (r.winner === "model_b") add(r.model_b, r.model_a, 2);
    else {
      add(r.model_a, r.model_b, 1);
      add(r.model_b, r.model_a, 1);
    }
  }
  let p = new Map(names.map((n) => [n, 1]));
  for (let it = 0; it < 20000; it++) {
    const next = new Map<string, number>();
    for (const i of names) {
      let won = 0,
        denom = 0;
      for (const j of names) {
        if (i === j) continue;
        const wij = w.get(`${i}\0${j}`) ?? 0,
          wji = w.get(`${j}\0${i}`) ?? 0;
        won += wij;
        if (wij + wji) denom += (wij + wji) / (p.get(i)! + p.get(j)!);
      }
      next.set(i, won / denom);
    }
    p = next;
  }
  const logs = names.map((n) => 400 * Math.log10(p.get(n)!));
  const mean = logs.reduce((s, v) => s + v, 0) / logs.length;
  return new Map(names.map((n, k) => [n, logs[k] - mean + 1000]));
}

test("FastChat's clean_battle array is read as published: anonymous battles only by default, question_id as the query", async () => {
  const file = await readBattlesFile(fastchat, MAX);
  const anonymous = raw.filter((b) => b.anony);
  assert.equal(file.layout, "json-array");
  assert.equal(file.named, raw.length - anonymous.length);
  assert.ok(file.named > 0);
  assert.equal(file.set.size, anonymous.length);
  assert.equal(file.set.units, new Set(anonymous.map((b) => b.question_id)).size);
  assert.ok(file.set.units < file.set.size, "battles of one question are one unit");
  const lb = leaderboard(file.set, { bootstrap: 200, seed: 3 });
  const expected = zermelo(anonymous);
  for (const m of lb.models)
    assert.ok(
      Math.abs(m.rating - expected.get(m.model)!) < 1e-6,
      `${m.model}: ${m.rating} vs ${expected.get(m.model)}`,
    );
  const all = await readBattlesFile(fastchat, MAX, { includeNamed: true });
  assert.equal(all.named, 0);
  assert.equal(all.set.size, raw.length);
});

test("lmarena's both_bad and FastChat's tie (bothbad) are the same outcome", async () => {
  const file = await readBattlesFile(lmarena, MAX);
  assert.equal(file.layout, "jsonl");
  const lines = readFileSync(lmarena, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  assert.ok(lines.some((l) => l.winner === "both_bad"));
  const expected = zermelo(lines);
  const lb = leaderboard(file.set, { bootstrap: 10 });
  for (const m of lb.models) assert.ok(Math.abs(m.rating - expected.get(m.model)!) < 1e-6);
  // Each tie counts once for each side.
  assert.equal(
    lb.models.reduce((s, m) => s + m.ties, 0),
    2 * lines.filter((l) => /tie|both_bad/.test(l.winner)).length,
  );
});

test("--anchor pins one planner's rating in every fit, as FastChat pins its anchor", async () => {
  const { set } = await readBattlesFile(fastchat, MAX);
  const free = leaderboard(set, { bootstrap: 100, seed: 9 });
  const pinned = leaderboard(set, { bootstrap: 100, seed: 9, anchor: { model: "alpaca-13b", rating: 1114 } });
  const rating = (lb: typeof free, m: string) => lb.models.find((r) => r.model === m)!;
  assert.equal(rating(pinned, "alpaca-13b").rating, 1114);
  assert.deepEqual(rating(pinned, "alpaca-13b").ci95, [1114, 1114]);
  const shift = 1114 - rating(free, "alpaca-13b").rating;
  for (const m of free.models) assert.ok(Math.abs(rating(pinned, m.model).rating - (m.rating + shift)) < 1e-9);
  assert.deepEqual(pinned.anchor, { model: "alpaca-13b", rating: 1114 });
  assert.throws(
    () => leaderboard(set, { bootstrap: 1, anchor: { model: "gpt-5", rating: 1000 } }),
    LeaderboardInputError,
  );
});

test("a file that is neither JSON Lines nor a JSON array of battles is refused, naming where", async () => {
  const { writeFileSync, mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const d = mkdtempSync(`${tmpdir()}/tj-battles-`);
  writeFileSync(`${d}/cut.json`, '[\n  {"model_a": "x", "model_b": "y", "winner": "model_a"},\n  {"model_a": "x"');
  await assert.rejects(
    readBattlesFile(`${d}/cut.json`, MAX),
    (e) => e instanceof BattlesError && /cut\.json: not a valid JSON array/.test(e.message),
  );
  writeFileSync(`${d}/bad.json`, '[{"model_a": "x", "model_b": "y", "winner": "draw"}]');
  await assert.rejects(readBattlesFile(`${d}/bad.json`, MAX), /bad\.json: element 1: winner/);
  writeFileSync(`${d}/named.json`, '[{"model_a": "x", "model_b": "y", "winner": "model_a", "anony": false}]');
  await assert.rejects(
    readBattlesFile(`${d}/named.json`, MAX),
    /1 non-anonymous battles left out: --include-named keeps them/,
  );
});

test("the published fixtures' README names each file, says where it comes from and under which licence", async () => {
  const { readdirSync } = await import("node:fs");
  const readme = readFileSync(`${dir}README.md`, "utf8");
  for (const f of readdirSync(dir).filter((f) => f !== "README.md")) assert.ok(readme.includes(`\`${f}\``), f);
  assert.match(readme, /^## Where they come from$/m);
  assert.match(readme, /^## Licence$/m);
  // Its evidence that the rows are generated: the first question id, which it shows to be Python's random.Random(7).
  assert.ok(readme.includes(raw[0].question_id));
});
