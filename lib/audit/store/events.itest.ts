import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { AppError } from "../../kernel";
import { poolOf } from "../../platform/db";
import { createTestDatabase, type TestDatabase } from "../../testing/database";
import { auditFilters, decodeAuditCursor } from "../query";
import { auditEvents, auditPage, recordAudit } from "./events";

let t: TestDatabase;
let ana: string;
let bo: string;
before(async () => {
  t = await createTestDatabase();
  ana = (await t.db.user.create({ data: { email: "ana@example.org", name: "Ana", role: "ADMIN" } })).id;
  bo = (await t.db.user.create({ data: { email: "bo@example.org", name: "Bo", role: "ADMIN" } })).id;
  // 250 events at one instant (ties broken by id), then a few on other days.
  await poolOf(t.db).query(
    `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", "createdAt")
     SELECT 'tie' || lpad(g::text, 4, '0'), $1, 'settings.update', 'Setting', 'judging', '2026-03-02 10:00:00' FROM generate_series(1, 250) g`,
    [ana],
  );
  await poolOf(t.db).query(
    `INSERT INTO "AuditEvent" (id, "actorId", action, "targetType", "targetId", data, "createdAt") VALUES
       ('p1', $1, 'pair.names', 'Pair', 'pair-1', NULL, '2026-03-01 23:59:59.999'),
       ('r1', $1, 'settings.review', 'Setting', 'review', '{"before":{"share":0.1},"after":{"share":0.2}}', '2026-03-03 00:00:00'),
       ('x1', $2, 'export.judgments', NULL, NULL, '{"count":3}', '2026-03-04 12:00:00')`,
    [ana, bo],
  );
});
after(async () => t.drop());

const f = (x: object) => auditFilters.parse(x);

test("pages by key newest first, ties by id, with no event twice or left out", async () => {
  const seen: string[] = [];
  let after = null;
  for (let i = 0; i < 10; i++) {
    const page = await auditPage(t.db, f({}), after, 100);
    seen.push(...page.rows.map((r) => r.id));
    if (!page.next) break;
    after = decodeAuditCursor(page.next);
  }
  assert.equal(seen.length, 253);
  assert.equal(new Set(seen).size, 253);
  assert.deepEqual(seen.slice(0, 3), ["x1", "r1", "tie0250"]);
  assert.equal(seen[252], "p1");
  const streamed = [];
  for await (const r of auditEvents(t.db, f({}), 7)) streamed.push(r.id);
  assert.deepEqual(streamed, seen);
});

test("filters: action prefix, actor by e-mail or id, target, days (both included)", async () => {
  const ids = async (x: object) => (await auditPage(t.db, f(x), null, 500)).rows.map((r) => r.id);
  assert.equal((await ids({ action: "settings" })).length, 251);
  assert.deepEqual(await ids({ action: "settings.rev" }), ["r1"]);
  assert.deepEqual(await ids({ action: "settings_" }), [], "an underscore is a character, not a wildcard");
  assert.deepEqual(await ids({ actor: "BO@example.org" }), ["x1"]);
  assert.deepEqual(await ids({ actor: bo }), ["x1"]);
  assert.deepEqual(await ids({ targetType: "Pair", targetId: "pair-1" }), ["p1"]);
  assert.deepEqual(await ids({ from: "2026-03-03", to: "2026-03-04" }), ["x1", "r1"]);
  assert.deepEqual(await ids({ to: "2026-03-01" }), ["p1"]);
  const page = await auditPage(t.db, f({ action: "export" }), null);
  assert.deepEqual(page.rows[0], {
    id: "x1",
    at: "2026-03-04T12:00:00.000Z",
    action: "export.judgments",
    targetType: null,
    targetId: null,
    targetName: null,
    data: { count: 3 },
    actor: { id: bo, name: "Bo", email: "bo@example.org" },
  });
  await assert.rejects(
    auditPage(t.db, f({ actor: "nobody@example.org" }), null),
    (e: unknown) => e instanceof AppError && /No account has the e-mail or id "nobody@example.org"/.test(e.message),
  );
  assert.throws(() => f({ from: "2026-02-30" }), /YYYY-MM-DD/);
  assert.throws(() => f({ from: "2026-03-04", to: "2026-03-01" }), /after/);
  assert.throws(() => f({ action: "a%" }), /letters, digits/);
});

test("the log is append-only: UPDATE, DELETE and TRUNCATE raise; a deleted account's events only lose their actor", async () => {
  const pool = poolOf(t.db);
  await assert.rejects(pool.query(`UPDATE "AuditEvent" SET action = 'forged' WHERE id = 'r1'`), /append-only: UPDATE/);
  await assert.rejects(pool.query(`UPDATE "AuditEvent" SET "actorId" = NULL WHERE id = 'r1'`), /append-only/);
  await assert.rejects(pool.query(`DELETE FROM "AuditEvent" WHERE id = 'r1'`), /append-only: DELETE/);
  await assert.rejects(pool.query(`TRUNCATE "AuditEvent"`), /append-only: TRUNCATE/);
  await assert.rejects(t.db.auditEvent.deleteMany({}), /append-only/);
  assert.equal(await t.db.auditEvent.count(), 253);
  const gone = (await t.db.user.create({ data: { email: "gone@example.org", name: "Gone", role: "ADMIN" } })).id;
  await recordAudit(t.db, { actorId: gone, action: "user.create", targetType: "User", targetId: "u9", data: { a: 1 } });
  await t.db.user.delete({ where: { id: gone } });
  const e = await t.db.auditEvent.findFirstOrThrow({ where: { targetId: "u9" } });
  assert.equal(e.actorId, null);
  assert.deepEqual(e.data, { a: 1 });
  assert.equal(await t.db.auditEvent.count(), 254);
});

test("an event's target is named where it is an account, a dataset or a destination", async () => {
  await recordAudit(t.db, { actorId: ana, action: "user.deactivate", targetType: "User", targetId: bo });
  await recordAudit(t.db, { actorId: ana, action: "user.deactivate", targetType: "User", targetId: "gone-user" });
  const page = await auditPage(t.db, f({ action: "user.deactivate" }));
  assert.deepEqual(
    page.rows.map((r) => [r.targetId, r.targetName]),
    [
      ["gone-user", null],
      [bo, "Bo <bo@example.org>"],
    ],
  );
});
