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
    note: "qualification: 2 of 2 right (pass mark 80 %) (a set of 2, not 5: no more gold pairs for the expert's destinations; the pass mark is 2 of the 2)",
  });
});

test("a short set's pass mark is of the pairs it had: pairs that never came do not count as right", () => {
  const decide = (answered: number, right: number) =>
    qualificationDecision({ answered, right, held: 0, more: false }, settings)!.passed;
  // 80 % of 2 is 2: one slip in a set of two fails (it passed while the 3 missing of 5 counted as right).
  assert.equal(decide(2, 1), false);
  assert.equal(decide(2, 2), true);
  assert.equal(decide(2, 0), false);
  assert.equal(decide(1, 0), false);
  assert.equal(decide(1, 1), true);
  // 80 % of 4 is 3.2: 4 needed.
  assert.equal(decide(4, 3), false);
  assert.equal(decide(4, 4), true);
  assert.equal(
    qualificationDecision({ answered: 2, right: 1, held: 0, more: false }, settings)!.note,
    "qualification: 1 of 2 right (pass mark 80 %) (a set of 2, not 5: no more gold pairs for the expert's destinations; the pass mark is 2 of the 2)",
  );
  // A lower mark: 50 % of 2 is 1.
  assert.equal(
    qualificationDecision({ answered: 2, right: 1, held: 0, more: false }, { ...settings, qualificationPassMark: 0.5 })!
      .passed,
    true,
  );
});
