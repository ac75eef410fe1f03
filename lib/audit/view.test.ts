import assert from "node:assert/strict";
import { test } from "node:test";
import { auditCsvLine, auditJsonLine } from "./format";
import { auditChanges, auditQueryString, auditTargetHref, auditValueText, type AuditRow } from "./view";

test("changes: only the fields that differ as before → after, other fields as they are", () => {
  assert.deepEqual(auditChanges({ before: { a: 1, b: [1] }, after: { a: 2, b: [1] }, count: 3 }), [
    { key: "a", before: 1, after: 2 },
    { key: "count", value: 3 },
  ]);
  assert.deepEqual(auditChanges({ before: null, after: { on: true } }), [
    { key: "", before: null, after: { on: true } },
  ]);
  assert.deepEqual(auditChanges(null), []);
  assert.equal(auditValueText("x".repeat(100), 10), "xxxxxxxxx…");
});

test("targets link where a page exists; filters write back in a fixed order without blanks", () => {
  assert.equal(auditTargetHref("Pair", "p/1"), "/admin/pairs/p%2F1");
  assert.equal(auditTargetHref("Job", "j"), null);
  assert.equal(auditQueryString({ to: "2026-01-02", action: "settings", actor: "" }), "action=settings&to=2026-01-02");
});

test("CSV quotes and defuses formulas; JSON Lines is one event a line", () => {
  const r: AuditRow = {
    id: "e1",
    at: "2026-01-02T03:04:05.006Z",
    action: "user.create",
    targetType: "User",
    targetId: "u1",
    targetName: "Li Na <li@x.org>",
    data: { note: "a,b" },
    actor: { id: "a", name: "=cmd()", email: "a@x.org" },
  };
  assert.equal(
    auditCsvLine(r),
    `e1,2026-01-02T03:04:05.006Z,a@x.org,'=cmd(),user.create,User,u1,Li Na <li@x.org>,"{""note"":""a,b""}"\r\n`,
  );
  assert.deepEqual(JSON.parse(auditJsonLine(r)), r);
  assert.ok(auditJsonLine(r).endsWith("}\n"));
});
