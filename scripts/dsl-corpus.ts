/** Writes lib/constraints/fixtures/corpus-expected.json: what CPython (reference.py) gives for each corpus snippet. */
import { readFileSync, writeFileSync } from "node:fs";
import { CORPUS } from "../lib/testing/dsl-corpus";
import { runReference } from "../lib/testing/dsl-reference";

const plan = readFileSync("lib/constraints/fixtures/nanjing-3day-plan.json", "utf8");
const pois = JSON.parse(readFileSync("lib/constraints/fixtures/nanjing-pois.json", "utf8"));
const { results } = runReference(plan, pois, CORPUS);
writeFileSync(
  "lib/constraints/fixtures/corpus-expected.json",
  JSON.stringify(
    CORPUS.map((c, i) => ({ ...c, expected: results[i] })),
    null,
    1,
  ) + "\n",
);
console.log(`wrote ${results.length} expectations`);
