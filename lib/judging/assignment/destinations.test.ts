import assert from "node:assert/strict";
import { test } from "node:test";
import { destinationsOffered } from "./destinations";

test("destinations without pairs are left out of the matrix and filters, unless experts are given them", () => {
  const experts = new Map([["rome", 2]]);
  const r = destinationsOffered(
    [
      { id: "nanjing", pairs: 0 },
      { id: "beijing", pairs: 4 },
      { id: "rome", pairs: 0 },
    ],
    (id) => experts.get(id) ?? 0,
  );
  assert.deepEqual(
    r.shown.map((d) => d.id),
    ["beijing", "rome"],
  );
  assert.equal(r.hiddenWithoutPairs, 1);
});
