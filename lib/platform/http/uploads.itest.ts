/**
 * Slow uploads and the judging calls: an upload holds a connection in one transaction for as long as the client
 * takes to send it, so uploads run on a pool of their own, and each admin may have only so many at once.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DEFAULT_SETTINGS } from "../../judging";
import { reloadConfig, AppError } from "../../kernel";
import { closeDb, createDb, type Db } from "../db/client";
import { claimNext } from "../../judging/store";
import { seed } from "../db/seed";
import { createTestDatabase, createTestExpert, type TestDatabase } from "../../testing/database";
import { stopQueues } from "../worker/queue";
import { createImportJob } from "./jobs";

let t: TestDatabase;
let db: Db;
const saved = { ...process.env };
before(async () => {
  t = await createTestDatabase();
  await seed(t.db, { demo: true, demoPassword: "pw-for-tests-1" });
  // The judging calls' pool as small as the slow uploads are many.
  Object.assign(process.env, {
    DATABASE_URL: t.url,
    DATABASE_POOL_SIZE: "3",
    UPLOAD_POOL_SIZE: "2",
    UPLOADS_PER_ADMIN: "2",
  });
  reloadConfig();
  db = createDb(t.url);
});
after(async () => {
  await closeDb(db);
  await stopQueues();
  process.env = saved;
  reloadConfig();
  await t.drop();
});

/** A multipart upload whose body stops half-way until `finish` is called. */
function slowUpload() {
  const boundary = "----tj" + Math.random().toString(36).slice(2);
  const enc = new TextEncoder();
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(
        enc.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="plans.json"\r\nContent-Type: application/json\r\n\r\n[`,
        ),
      );
      await done;
      c.enqueue(enc.encode(`]\r\n--${boundary}--\r\n`));
      c.close();
    },
  });
  const req = new Request("http://localhost/api/admin/datasets", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { req, finish };
}

test("slow uploads never take the judging calls' connections; an admin has at most UPLOADS_PER_ADMIN at once", async () => {
  const admins = await Promise.all(
    [0, 1, 2].map((i) => db.user.create({ data: { email: `up${i}@t.test`, name: `Up ${i}`, role: "ADMIN" } })),
  );
  // Five uploads held open (more than both pools have connections), from three admins.
  const held = [0, 0, 1, 1, 2].map((a) => ({ admin: admins[a].id, ...slowUpload() }));
  const jobs = held.map((h) => createImportJob(db, h.req, h.admin));
  await new Promise((r) => setTimeout(r, 300));
  // A third upload of the first admin is refused at once.
  const third = slowUpload();
  await assert.rejects(
    createImportJob(db, third.req, admins[0].id),
    (e: AppError) => e.code === "rate_limited" && /2 uploads in progress/.test(e.message),
  );
  // Judging goes on meanwhile, well within a second.
  const expert = await createTestExpert(db, "judge-during-uploads@t.test", ["Paris"]);
  const t0 = Date.now();
  const claim = await claimNext(db, expert, { ...DEFAULT_SETTINGS }, {});
  assert.ok(claim, "a pair to judge");
  assert.ok(Date.now() - t0 < 1000, `the claim waited ${Date.now() - t0} ms`);
  for (const h of held) h.finish();
  const ids = await Promise.all(jobs);
  assert.equal(new Set(ids).size, 5);
  assert.equal(await db.job.count({ where: { id: { in: ids }, kind: "import" } }), 5);
});
