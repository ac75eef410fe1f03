import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { generateBundle } from "../../testing/generate-bundle";
import { closeDb, createDb, poolOf } from "../db/client";
import { storeFile } from "../db/files";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { exampleBundle, fileText, withFile } from "../../testing/bundles";
import type { BundleFiles } from "../../datasets/importers";
import { enqueue, queueFor, stopQueues } from "./queue";
import { waitForJob } from "../../testing/worker";

let t: TestDatabase;
const workers: ChildProcess[] = [];
before(async () => {
  t = await createTestDatabase();
});
after(async () => {
  for (const w of workers) w.kill("SIGKILL");
  await stopQueues();
  await t.drop();
});

/**
 * A worker process as `npm run worker` starts one, quick to notice dead peers: a worker silent for 6 s (three
 * missed 2 s heartbeats) is taken for dead — not less, or a live one on a loaded machine is taken over too.
 */
function startWorkerProcess(): ChildProcess {
  const w = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: t.url, TRIPJUDGE_SWEEP_MS: "500", TRIPJUDGE_JOB_STALE_SECONDS: "6" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(w);
  return w;
}

/** An import job as the web upload creates one: the files stored with the job, in one transaction. */
async function enqueueImport(
  db: typeof t.db,
  files: BundleFiles,
  input: Record<string, unknown> = { excludeInfeasible: false },
): Promise<string> {
  return enqueue(
    poolOf(db),
    await queueFor(t.url),
    { kind: "import", title: "test import", input, createdById: null },
    async (client, jobId) => {
      for (const [name, bytes] of files) {
        await storeFile(
          client,
          { id: randomUUID(), jobId, purpose: "upload", name, createdById: null },
          Readable.from([bytes]),
          { left: Infinity, tooLarge: () => new Error("too large") },
        );
      }
    },
  );
}

const named = (files: BundleFiles, name: string) =>
  withFile(files, "manifest.json", fileText(files, "manifest.json").replace(/"name":\s*"[^"]*"/, `"name": "${name}"`));

test("two app processes and two workers share one queue: every job runs once", async () => {
  startWorkerProcess();
  startWorkerProcess();
  // A second "app": its own connections to the same database.
  const other = createDb(t.url);
  const base = exampleBundle("chinatravel-nanjing");
  const ids = await Promise.all(
    Array.from({ length: 12 }, (_, i) => enqueueImport(i % 2 ? other : t.db, named(base, `copy ${i}`))),
  );
  const jobs = await Promise.all(ids.map((id) => waitForJob(t, id)));
  await closeDb(other);
  assert.deepEqual(
    jobs.map((j) => j.status),
    Array(12).fill("DONE"),
  );
  assert.deepEqual(
    jobs.map((j) => j.attempts),
    Array(12).fill(1),
  );
  for (const j of jobs)
    assert.equal((j.log as { message: string }[]).filter((l) => /^attempt \d+ started/.test(l.message)).length, 1);
  assert.equal(await t.db.dataset.count(), 12);
  assert.equal(new Set(jobs.map((j) => j.worker)).size, 2, "both workers took jobs");
  // Finished imports drop their uploaded files.
  assert.equal(await t.db.storedFile.count({ where: { purpose: "upload" } }), 0);
});

test("a new dataset gets gold pairs from a job queued by its import, unless the import says not to", async () => {
  if (!workers.some((w) => w.exitCode === null && w.signalCode === null)) startWorkerProcess();
  const importId = await enqueueImport(t.db, named(exampleBundle("tripscore-beijing"), "gold by default"));
  const imported = await waitForJob(t, importId);
  assert.equal(imported.status, "DONE", imported.error ?? "");
  const logText = (j: { log: unknown }) => (j.log as { message: string }[]).map((l) => l.message).join("\n");
  assert.match(logText(imported), /gold pairs queued/);
  const dataset = await t.db.dataset.findFirstOrThrow({ where: { name: "gold by default" } });
  const goldJob = await t.db.job.findFirstOrThrow({
    where: { kind: "gold", input: { path: ["datasetId"], equals: dataset.id } },
  });
  const done = await waitForJob(t, goldJob.id);
  assert.equal(done.status, "DONE", done.error ?? "");
  const made = (done.result as { made: number }).made;
  assert.equal(await t.db.goldPair.count({ where: { datasetId: dataset.id } }), made);
  assert.ok(made > 0, logText(done));
  const offId = await enqueueImport(t.db, named(exampleBundle("tripscore-beijing"), "no gold"), {
    excludeInfeasible: false,
    makeGold: false,
  });
  assert.equal((await waitForJob(t, offId)).status, "DONE");
  const off = await t.db.dataset.findFirstOrThrow({ where: { name: "no gold" } });
  assert.equal(await t.db.job.count({ where: { kind: "gold", input: { path: ["datasetId"], equals: off.id } } }), 0);
});

test("a refused bundle's job fails with its problems listed in the result", async () => {
  const base = exampleBundle("tripscore-beijing");
  const plans = JSON.parse(fileText(base, "plans.json"));
  plans[1].plan.dayInfos[0].scheduleDetail[0].period = "Dawn";
  const job = await waitForJob(t, await enqueueImport(t.db, withFile(base, "plans.json", JSON.stringify(plans))));
  assert.equal(job.status, "FAILED");
  assert.equal(job.error, "The bundle has 1 problem; nothing was imported.");
  const result = job.result as { problems: { file: string; record: number; path: string }[] };
  assert.deepEqual(
    result.problems.map((p) => `${p.file}:${p.record} ${p.path}`),
    ["plans.json:2 $.plan.dayInfos[0].scheduleDetail[0].period"],
  );
});

test("SIGKILL of the worker in the middle of a big import writes nothing; the job is retried and imports once", async () => {
  for (const w of workers.splice(0)) w.kill("SIGKILL");
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-big-")), "bundle");
  await generateBundle(dir, 6000);
  const files: BundleFiles = new Map(readdirSync(dir).map((n) => [n, new Uint8Array(readFileSync(path.join(dir, n)))]));
  const before = await t.db.dataset.count();
  const id = await enqueueImport(t.db, files);
  const first = startWorkerProcess();
  // Wait until plans are being written, then kill the worker without warning.
  for (let i = 0; ; i++) {
    const job = await t.db.job.findUniqueOrThrow({ where: { id } });
    if ((job.progress as { plansWritten?: number } | null)?.plansWritten) break;
    assert.ok(i < 600, "the import never started writing");
    await new Promise((r) => setTimeout(r, 100));
  }
  first.kill("SIGKILL");
  await new Promise((r) => first.once("exit", r));
  assert.equal(await t.db.dataset.count(), before, "nothing of the killed import is visible");
  assert.equal(await t.db.plan.count({ where: { query: { dataset: { name: "bench 6000" } } } }), 0);
  startWorkerProcess();
  const job = await waitForJob(t, id, 300_000);
  assert.equal(job.status, "DONE", job.error ?? "");
  assert.equal(job.attempts, 2);
  assert.ok(
    (job.log as { message: string }[]).some((l) => /stopped answering during attempt 1; retrying/.test(l.message)),
  );
  assert.equal(await t.db.dataset.count(), before + 1);
  assert.equal(await t.db.plan.count({ where: { query: { dataset: { name: "bench 6000" } } } }), 6000);
});

test("a running import cancelled by an admin stops and writes nothing", async () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "tj-cancel-")), "bundle");
  await generateBundle(dir, 6000, 11);
  const files: BundleFiles = named(
    new Map(readdirSync(dir).map((n) => [n, new Uint8Array(readFileSync(path.join(dir, n)))])),
    "to cancel",
  );
  const id = await enqueueImport(t.db, files);
  for (let i = 0; ; i++) {
    const job = await t.db.job.findUniqueOrThrow({ where: { id } });
    if (job.status === "RUNNING" && (job.progress as { plansRead?: number } | null)?.plansRead) break;
    assert.ok(i < 600, "the import never started");
    await new Promise((r) => setTimeout(r, 100));
  }
  const { requestCancel } = await import("../db/jobs");
  const admin = await t.db.user.create({ data: { email: `a-${randomUUID()}@t.test`, name: "a", role: "ADMIN" } });
  await requestCancel(t.db, id, admin.id);
  const job = await waitForJob(t, id);
  assert.equal(job.status, "CANCELLED");
  assert.equal(await t.db.dataset.count({ where: { name: "to cancel" } }), 0);
  // Its uploaded bundle goes with it.
  assert.equal(await t.db.storedFile.count({ where: { jobId: id } }), 0);
  // A queued one cancelled before any worker took it: its upload goes at once.
  for (const w of workers.splice(0)) w.kill("SIGKILL");
  const queued = await enqueueImport(t.db, named(exampleBundle("tripscore-beijing"), "cancelled while queued"));
  assert.ok((await t.db.storedFile.count({ where: { jobId: queued } })) > 0);
  await requestCancel(t.db, queued, admin.id);
  assert.equal((await t.db.job.findUniqueOrThrow({ where: { id: queued } })).status, "CANCELLED");
  assert.equal(await t.db.storedFile.count({ where: { jobId: queued } }), 0);
});

test("a worker at start removes the scratch folders of workers that died on this machine, and not a live one's", async () => {
  const root = path.join(tmpdir(), "tripjudge-jobs");
  const dead = spawn(process.execPath, ["-e", "0"]);
  await new Promise((r) => dead.once("exit", r));
  const deadDir = path.join(root, `w${dead.pid}`, "job-left");
  mkdirSync(deadDir, { recursive: true });
  writeFileSync(path.join(deadDir, "bundle.zip"), "materialized upload");
  const liveDir = path.join(root, `w${process.pid}`, "job-live");
  mkdirSync(liveDir, { recursive: true });
  const w = startWorkerProcess();
  for (let i = 0; existsSync(path.join(root, `w${dead.pid}`)); i++) {
    assert.ok(i < 200, "the dead worker's scratch is still there");
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(existsSync(liveDir), "a live process's scratch stays");
  rmSync(path.join(root, `w${process.pid}`), { recursive: true, force: true });
  w.kill("SIGKILL");
});
