/** The correction editor's draft: stored as its operations, read back safely, replayed into the same history. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { edit, opsOf, startHistory, type OpInput } from ".";
import { chinaTravel } from "../testing/real-plans";
import { correctionDraftKey, parseCorrectionDraft, replayDraft } from "./draft";

test("a draft's edits, stored and read back, rebuild the very history they were made in (undo included)", async () => {
  const p = await chinaTravel();
  const why = { kind: "route" } as const;
  const made: OpInput[] = [
    { type: "retime", day: 2, item: 1, start: "09:40", end: "11:00", reason: { kind: "opening_hours" } },
    {
      type: "replace",
      day: 1,
      item: 1,
      poiId: p.id("Three-Step Ladder Old Hotpot - Authentic Chongqing Flavor"),
      reason: why,
    },
    { type: "delete", day: 6, item: 1, reason: { kind: "other", text: "closed that day" } },
  ];
  let h = startHistory(p.itinerary);
  for (const op of made) {
    const r = edit(h, op, p.places);
    assert.ok(r.ok);
    h = r.value;
  }
  const stored = JSON.stringify({ ops: opsOf(h), elapsedMs: 42_000, requestId: "req-12345678" });
  const draft = parseCorrectionDraft(stored);
  assert.ok(draft);
  assert.equal(draft.elapsedMs, 42_000);
  const back = replayDraft(p.itinerary, draft.ops, p.places);
  assert.ok(back.ok);
  assert.deepEqual(back.value.current, h.current);
  assert.deepEqual(opsOf(back.value), opsOf(h));
  assert.deepEqual(back.value.past, h.past, "each step's inverse too, so undo works after a reload");
});

test("a stored draft that is not one is ignored; one whose edits no longer apply is refused with the lib's reason", async () => {
  const p = await chinaTravel();
  for (const junk of [null, "", "{", "[]", '{"ops":"x","elapsedMs":1,"requestId":"req-12345678"}', '{"ops":[]}'])
    assert.equal(parseCorrectionDraft(junk), null, String(junk));
  const r = replayDraft(p.itinerary, [{ type: "delete", day: 40, item: 0, reason: { kind: "route" } }], p.places);
  assert.equal(r.ok, false);
});

test("drafts are kept per expert and plan", () => {
  assert.notEqual(correctionDraftKey("u1", "p1"), correctionDraftKey("u2", "p1"));
  assert.notEqual(correctionDraftKey("u1", "p1"), correctionDraftKey("u1", "p2"));
});
