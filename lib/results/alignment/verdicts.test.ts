import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJudgeVerdicts } from "./verdicts";

const file = (...lines: object[]) =>
  parseJudgeVerdicts(lines.map((l) => JSON.stringify({ pair_id: "p1", judge: "j", ...l })).join("\n"), "v.jsonl");
/** The one problem of a one-line file, without its "v.jsonl:1: ". */
const refused = (line: object) => {
  const r = file(line);
  assert.equal(r.lines.length, 0, JSON.stringify(line));
  assert.equal(r.problems.length, 1);
  return r.problems[0].message.replace(/^v\.jsonl:1: /, "");
};

test("probabilities or samples give the verdict when it is left out, and are kept as given", () => {
  const r = file(
    { p_a: 0.7, p_b: 0.3 },
    { p_a: 0.2, p_b: 0.3, p_neither: 0.5, verdict: "NEITHER", order: "ba" },
    { samples: ["b", " B ", "A"] },
    { p_a: 0.5, p_b: 0.5 },
    { p_a: 0.333, p_b: 0.333, p_neither: 0.333 },
    { samples: ["NEITHER"], verdict: "NEITHER" },
    { verdict: "B" },
    // null is "not given", as for scores and order.
    { verdict: "B", p_a: null, p_b: null, p_neither: null, samples: null },
    { p_a: 0.4, p_b: 0.6, p_neither: null },
  );
  assert.deepEqual(r.problems, []);
  assert.deepEqual(
    r.lines.map((l) => l.verdict),
    ["A", "NEITHER", "B", "A", "A", "NEITHER", "B", "B", "B"],
  );
  assert.deepEqual([r.lines[0].p_a, r.lines[0].p_b, r.lines[0].p_neither], [0.7, 0.3, undefined]);
  assert.equal(r.lines[1].p_neither, 0.5);
  assert.deepEqual(r.lines[2].samples, ["B", "B", "A"]);
  assert.equal(r.lines[6].samples, undefined);
});

test("a verdict that is not what its probabilities or samples make most likely is refused, saying which", () => {
  assert.equal(refused({ verdict: "B", p_a: 0.7, p_b: 0.3 }), "verdict B, but the probabilities make A most likely");
  assert.equal(
    refused({ verdict: "A", p_a: 0.2, p_b: 0.3, p_neither: 0.5 }),
    "verdict A, but the probabilities make NEITHER most likely",
  );
  assert.equal(refused({ verdict: "A", samples: ["A", "B", "B"] }), "verdict A, but the samples make B most likely");
  // A tie goes to the first of A, B, NEITHER, as escalation reads it: said as a tie, not as "more likely".
  assert.equal(
    refused({ verdict: "B", p_a: 0.5, p_b: 0.5 }),
    "verdict B, but the probabilities tie it with A, and a tie goes to the first of A, B, NEITHER: say A or leave verdict out",
  );
  assert.match(refused({ verdict: "NEITHER", samples: ["B", "NEITHER"] }), /samples tie it with B/);
});

test("each malformed probability or sample list is refused by its line", () => {
  assert.equal(
    refused({ p_a: 0.7, p_b: 0.3, samples: ["A"] }),
    "give probabilities (p_a, p_b, p_neither) or samples, not both",
  );
  assert.equal(refused({ p_a: 0.7 }), "p_a and p_b come together (p_b missing)");
  assert.equal(refused({ p_neither: 1 }), "p_a and p_b come together (p_a and p_b missing)");
  assert.equal(refused({ p_a: 0.7, p_b: 0.5 }), "p_a + p_b is 1.2, not 1");
  assert.equal(refused({ p_a: 0.3, p_b: 0.3, p_neither: 0.3 }), "p_a + p_b + p_neither is 0.8999999999999999, not 1");
  assert.match(refused({ p_a: 1.5, p_b: -0.5 }), /^p_a: .*<=1; p_b: .*>=0/);
  assert.match(refused({ p_a: "0.7", p_b: 0.3 }), /^p_a: .*expected number/);
  assert.match(refused({ samples: [] }), /^samples: .*>=1/);
  assert.match(refused({ samples: Array(1001).fill("A") }), /^samples: .*<=1000/);
  assert.match(refused({ samples: ["A", "maybe"] }), /^samples\.1: must be one of A, B, NEITHER/);
  assert.equal(refused({}), "verdict: missing (A, B or NEITHER), unless p_a and p_b or samples give it");
  // Every problem of a file at once, by line, with the lines that parsed beside them.
  const r = file({ verdict: "A" }, { p_a: 0.9 }, { samples: ["A"] }, { verdict: "B", p_a: 1, p_b: 0 });
  assert.deepEqual(
    r.problems.map((p) => p.line),
    [2, 4],
  );
  assert.deepEqual(r.at, [1, 3]);
});
