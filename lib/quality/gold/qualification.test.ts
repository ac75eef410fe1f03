import assert from "node:assert/strict";
import { test } from "node:test";
import { qualificationDecision } from "./qualification";

const settings = { qualificationLength: 5, qualificationPassMark: 0.8 };

test("a qualification set is decided after its last pair: 4 of 5 passes, 3 of 5 fails", () => {
  assert.equal(qualificationDecision({ answered: 4, right: 4, held: 0, more: true }, settings), null);
  assert.deepEqual(qualificationDecision({ answered: 5, right: 4, held: 0, more: true }, settings), {
    passed: true,
    length: 5,
    note: "qualification: 4 of 5 right (pass mark 80 %)",
  });
  assert.equal(qualificationDecision({ answered: 5, right: 3, held: 0, more: false }, settings)?.passed, false);
  assert.equal(qualificationDecision({ answered: 0, right: 0, held: 0, more: false }, settings), null);
});

test("a short set is decided once no gold pair is left to give and none is held", () => {
  assert.equal(qualificationDecision({ answered: 2, right: 2, held: 1, more: false }, settings), null);
  assert.equal(qualificationDecision({ answered: 2, right: 2, held: 0, more: true }, settings), null);
  assert.deepEqual(qualificationDecision({ answered: 2, right: 2, held: 0, more: false }, settings), {
    passed: true,
    length: 2,
    note: "qualification: 2 of 2 right (pass mark 80 %) (a set of 2: no more gold pairs for the expert's destinations; passed: 2 right and the 3 missing from a set of 5 reach its pass mark of 4)",
  });
});

test("a short set fails only when the expert would fail the full set had every missing pair been right", () => {
  const decide = (answered: number, right: number) =>
    qualificationDecision({ answered, right, held: 0, more: false }, settings)!.passed;
  // Pass mark 80 % of 5: 4. A set of 2 with one slip passes (1 + 3 missing = 4); both wrong fails (0 + 3 = 3).
  assert.equal(decide(2, 1), true);
  assert.equal(decide(2, 0), false);
  assert.equal(decide(1, 0), true);
  assert.equal(decide(4, 2), false);
  assert.equal(decide(4, 3), true);
  assert.match(
    qualificationDecision({ answered: 2, right: 0, held: 0, more: false }, settings)!.note,
    /failed: 0 right and the 3 missing from a set of 5 cannot reach its pass mark of 4/,
  );
});
