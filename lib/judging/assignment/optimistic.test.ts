import assert from "node:assert/strict";
import { test } from "node:test";
import { withDatasetChange, withFamiliarity } from "./optimistic";

const links = [
  { userId: "u1", destinationId: "d1", familiarity: 2 },
  { userId: "u2", destinationId: "d1", familiarity: 5 },
];

test("a familiarity change sets every expert × destination given, adds missing links and leaves the rest", () => {
  const next = withFamiliarity(links, { userIds: ["u1", "u3"], destinationIds: ["d1", "d2"], familiarity: 4 });
  const key = (l: { userId: string; destinationId: string; familiarity: number }) =>
    `${l.userId}|${l.destinationId}=${l.familiarity}`;
  assert.deepEqual(next.map(key).sort(), ["u1|d1=4", "u1|d2=4", "u2|d1=5", "u3|d1=4", "u3|d2=4"]);
  assert.deepEqual(links[0].familiarity, 2, "the cached list itself is not changed");
});

test("familiarity 0 takes the links away", () => {
  assert.deepEqual(withFamiliarity(links, { userIds: ["u1"], destinationIds: ["d1"], familiarity: 0 }), [links[1]]);
});

test("a dataset change shows on that dataset only; raters per pair as `raters`; absent settings stay", () => {
  const datasets = [
    { id: "a", raters: 3, showDiagnostics: false, preferenceStrength: false },
    { id: "b", raters: 3, showDiagnostics: true, preferenceStrength: false },
  ];
  assert.deepEqual(withDatasetChange(datasets, { id: "a", showDiagnostics: true, preferenceStrength: undefined }), [
    { id: "a", raters: 3, showDiagnostics: true, preferenceStrength: false },
    datasets[1],
  ]);
  assert.deepEqual(withDatasetChange(datasets, { id: "b", requiredRaters: 1 })[1].raters, 1);
  assert.deepEqual(withDatasetChange(datasets, { id: "a", dimensions: [] })[0], datasets[0]);
});
