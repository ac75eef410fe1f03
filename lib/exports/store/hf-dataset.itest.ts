/**
 * A dataset repository from a real PostgreSQL: the files a researcher pushes as they are (Parquet per split of each
 * configuration, read back by arrow-rs), rows equal to the single exports, no request across splits, and the card.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { exportQuery, optionsOf } from "../kinds";
import { readParquetRows } from "../../testing/export-records";
import { seedHistory } from "../../testing/history";
import { HANDLERS } from "../../platform/worker";
import { poolOf, readStoredFile, storedFilesOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { preferencePairRecords, sftRecords } from "./exports";
import { writeHfDataset } from "./hf-dataset";

let t: TestDatabase;
let dir: string;
before(async () => {
  t = await createTestDatabase();
  await seedHistory(t.db, 240, { experts: 5 });
  await poolOf(t.db).query(`UPDATE "Query" SET split = NULL`);
  await poolOf(t.db).query(`UPDATE "Dataset" SET license = 'cc-by-4.0'`);
  // A dataset with no pair (one plan per request, as planners publish): in scope, but it gives no row.
  await poolOf(t.db).query(
    `INSERT INTO "Dataset" (id, name, format, "contentHash", counts, license)
     VALUES ('ds-empty', 'empty planner outputs', 'CANONICAL', 'empty-hash', '{}', 'cc-by-4.0')`,
  );
  dir = await mkdtemp(path.join(tmpdir(), "hf-dataset-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.drop();
});

async function all<T>(g: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
}

test("hf-dataset writes each configuration's splits as Parquet, equal to the single exports, and a card that names them", async () => {
  const o = optionsOf(exportQuery.parse({ split: "train,validation,test=0.6,0.2,0.2", seed: "3" })).preference!;
  const out = path.join(dir, "repo");
  const r = await writeHfDataset(t.db, out, {}, o, { version: "9.9.9", now: new Date("2026-11-24T12:00:00Z") });
  assert.deepEqual((await readdir(out)).sort(), ["README.md", "data", "judgments", "sft"]);
  const splitOfQuery = new Map<string, string>();
  const seen = (q: string, s: string, where: string) => {
    assert.equal(splitOfQuery.get(q) ?? s, s, `${where}: request ${q} in one split`);
    splitOfQuery.set(q, s);
  };
  const read = async (folder: string) => {
    const rows: Record<string, unknown>[] = [];
    for (const f of (await readdir(path.join(out, folder))).sort()) {
      assert.match(f, /^(train|validation|test)-00000-of-00001\.parquet$/);
      const split = f.split("-")[0];
      for (const row of readParquetRows(await readFile(path.join(out, folder, f))).rows) {
        seen(row.query_id as string, split, folder);
        assert.equal(row.split, split);
        rows.push(row);
      }
    }
    return rows;
  };
  const pairs = await read("data");
  const sft = await read("sft");
  const judgments = await read("judgments");
  // The same rows as the single exports with metadata (TRL: its trainers ignore the extra columns).
  const withMeta = { ...o, withMetadata: true };
  assert.equal(pairs.length, (await all(preferencePairRecords(t.db, {}, withMeta))).length);
  assert.equal(sft.length, (await all(sftRecords(t.db, {}, withMeta))).length);
  const { rows: complete } = await poolOf(t.db).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Judgment" j JOIN "Pair" p ON p.id = j."pairId" WHERE p.status = 'COMPLETE'`,
  );
  assert.equal(judgments.length, complete[0].n);
  assert.ok(pairs.length > 50 && sft.length > 10);
  assert.deepEqual(
    r.configs.map((c) => [c.name, Object.values(c.splits).reduce((a, b) => a + b, 0)]),
    [
      ["preference_pairs", pairs.length],
      ["sft", sft.length],
      ["judgments", judgments.length],
    ],
  );
  const card = await readFile(path.join(out, "README.md"), "utf8");
  const yaml = card.split("---")[1];
  assert.match(yaml, /^license: cc-by-4\.0$/m);
  // The card is named by the datasets whose pairs it holds, not by every dataset in scope (a new user's finding).
  assert.match(yaml, /^pretty_name: "TripJudge expert preferences: history"$/m);
  assert.match(yaml, /^task_categories:\n- text-generation$/m);
  for (const [config, folder] of [
    ["preference_pairs", "data"],
    ["sft", "sft"],
    ["judgments", "judgments"],
  ])
    for (const split of ["train", "validation", "test"])
      assert.ok(
        yaml.includes(`- config_name: ${config}`) &&
          yaml.includes(`  - split: ${split}\n    path: ${folder}/${split}-*`),
        `${config} ${split}`,
      );
  assert.match(card, /judged blind by 3 different travel experts/);
  assert.match(card, /Fleiss' kappa: -?\d\.\d{3} \(95 % CI -?\d\.\d{3}–-?\d\.\d{3}\)/);
  assert.match(card, /Dawid–Skene's label differs from the majority on \d+ of \d+ labelled pairs/);
  assert.match(card, /TripJudge version: 9\.9\.9/);
  assert.match(card, /no\s+request crosses splits/);
  assert.match(card, /\| preference_pairs \| \d+ \| \d+ \| \d+ \|/);
});

test("hf-dataset refuses a folder that is not empty and a target trainers of SFT rows cannot load", async () => {
  const o = optionsOf(exportQuery.parse({})).preference!;
  await assert.rejects(writeHfDataset(t.db, path.join(dir, "repo"), {}, o, { version: "1" }), /is not empty/);
  await assert.rejects(
    writeHfDataset(t.db, path.join(dir, "kto"), {}, { ...o, target: "kto" }, { version: "1" }),
    /SFT rows are for trl and openai/,
  );
});

test("the command line writes the same repository (tripjudge export hf-dataset --out DIR), and refuses without --out", async () => {
  const out = path.join(dir, "cli");
  const { stderr } = await run(["export", "hf-dataset", "--out", out, "--target", "openai", "--min-agreement", "3"]);
  assert.match(stderr, /wrote a dataset repository to/);
  const files = (await readdir(out, { recursive: true })).sort();
  assert.ok(
    files.includes("README.md") && files.includes(path.join("sft", "train-00000-of-00001.parquet")),
    `${files}`,
  );
  // OpenAI's rows carry its keys alone (its API refuses others), so the card's split is in the folder, not a column.
  const [row] = readParquetRows(await readFile(path.join(out, "sft", "train-00000-of-00001.parquet"))).rows;
  assert.deepEqual(Object.keys(row), ["messages"]);
  assert.match(await readFile(path.join(out, "README.md"), "utf8"), /min_agreement=3/);
  await assert.rejects(run(["export", "hf-dataset"]), /give --out DIR/);
});

test("the panel's job stores the repository as one .zip, each file whole", async () => {
  const query = { target: "trl" };
  const job = await t.db.job.create({
    data: { id: "job-hf", kind: "export", title: "Export", input: { kind: "hf-dataset", query } },
  });
  const scratch = await mkdtemp(path.join(dir, "scratch-"));
  const out = await HANDLERS.export({
    db: t.db,
    jobId: job.id,
    input: { kind: "hf-dataset", query },
    createdById: null,
    signal: new AbortController().signal,
    checkCancel: async () => {},
    progress: () => {},
    log: async () => {},
    scratch,
  });
  const [file] = await storedFilesOf(t.db, job.id, "export");
  assert.match(file.name, /^tripjudge-hf-dataset-.*\.zip$/);
  const parts: Uint8Array[] = [];
  for await (const c of readStoredFile(t.db, file.id)) parts.push(c);
  const zip = unzipSync(Buffer.concat(parts));
  assert.ok(new TextDecoder().decode(zip["README.md"]).startsWith("---\n"));
  const train = readParquetRows(zip["data/train-00000-of-00001.parquet"]).rows;
  assert.ok(train.length > 0 && train.every((r) => r.split === "train"));
  assert.ok((out.result as { rows: number }).rows > train.length);
});

const exec = promisify(execFile);
const run = (args: string[]) =>
  exec(process.execPath, ["--import", "tsx", "scripts/tripjudge.ts", ...args], {
    env: { ...process.env, DATABASE_URL: t.url },
  });

test("--out DIR writes preference pairs and SFT rows a file per split (JSONL and Parquet), other kinds one file", async () => {
  const out = await mkdtemp(path.join(dir, "splits-"));
  await run(["export", "preference-pairs", "--with-metadata", "--split", "train,test=0.5,0.5", "--out", out]);
  await run(["export", "sft", "--format", "parquet", "--out", out]);
  await run(["export", "judgments", "--out", out]);
  const files = (await readdir(out)).sort();
  assert.ok(
    files.includes("train.jsonl") && files.includes("test.jsonl") && files.includes("judgments.jsonl"),
    `${files}`,
  );
  assert.ok(
    files.some((f) => f.endsWith(".parquet")),
    `${files}`,
  );
  const seen = new Map<string, string>();
  let n = 0;
  for (const split of ["train", "test"])
    for (const line of (await readFile(path.join(out, `${split}.jsonl`), "utf8")).trimEnd().split("\n")) {
      const r = JSON.parse(line) as { query_id: string; split: string };
      assert.equal(r.split, split);
      assert.equal(seen.get(r.query_id) ?? split, split, "a request in one split");
      seen.set(r.query_id, split);
      n++;
    }
  const o = optionsOf(exportQuery.parse({ split: "train,test=0.5,0.5" })).preference!;
  assert.equal(n, (await all(preferencePairRecords(t.db, {}, o))).length);
});

test("--out FILE never overwrites a file and never follows a symbolic link, dangling or not (exit 2, said)", async () => {
  const out = await mkdtemp(path.join(dir, "out-"));
  const existing = path.join(out, "judgments.jsonl");
  await writeFile(existing, "keep me\n");
  const refused = await run(["export", "judgments", "--out", existing]).then(
    () => null,
    (e: { code: number; stderr: string }) => e,
  );
  assert.equal(refused?.code, 2);
  assert.match(refused!.stderr, /already exists: it is never overwritten/);
  assert.equal(await readFile(existing, "utf8"), "keep me\n");
  // A dangling link: following it would create its target.
  const target = path.join(out, "elsewhere.jsonl");
  const link = path.join(out, "link.jsonl");
  await symlink(target, link);
  const viaLink = await run(["export", "judgments", "--out", link]).then(
    () => null,
    (e: { code: number }) => e,
  );
  assert.equal(viaLink?.code, 2);
  await assert.rejects(readFile(target), /ENOENT/);
  // A new name is written.
  const { stderr } = await run(["export", "judgments", "--out", path.join(out, "new.jsonl")]);
  assert.match(stderr, /wrote \d+ judgments? to /);
});
