/** Writes lib/dsl/fixtures/corpus-expected.json: what CPython (reference.py) gives for each corpus snippet. */
import { readFileSync, writeFileSync } from "node:fs";
import { CORPUS } from "../lib/dsl/corpus";
import { runReference } from "../lib/dsl/reference";

const plan = readFileSync("lib/dsl/fixtures/nanjing-3day-plan.json", "utf8");
const pois = JSON.parse(readFileSync("lib/dsl/fixtures/nanjing-pois.json", "utf8"));
const { results } = runReference(plan, pois, CORPUS);
writeFileSync(
  "lib/dsl/fixtures/corpus-expected.json",
  JSON.stringify(
    CORPUS.map((c, i) => ({ ...c, expected: results[i] })),
    null,
    1,
  ) + "\n",
);
console.log(`wrote ${results.length} expectations`);
