import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { evaluateRaw, parseJsonPy, planScope } from ".";
import { CORPUS } from "../testing/dsl-corpus";
import { randomSnippets } from "./random-snippets";
import { runReference } from "../testing/dsl-reference";
import { typed } from "./typed";

const planText = readFileSync(new URL("./fixtures/nanjing-3day-plan.json", import.meta.url), "utf8");
const pois = JSON.parse(readFileSync(new URL("./fixtures/nanjing-pois.json", import.meta.url), "utf8"));
const scope = planScope(parseJsonPy(planText), pois);

function compare(cases: { code: string; preference?: string }[]) {
  const ref = runReference(planText, pois, cases).results;
  const wrong: string[] = [];
  cases.forEach((c, i) => {
    const r = evaluateRaw(c.code, scope, { preference: c.preference });
    const got = {
      result: r.result,
      value: r.raw === undefined || r.error ? null : typed(r.raw),
      error: r.error?.type ?? null,
    };
    // Resource limits differ by design (TripJudge's are documented; CPython's are memory and a timer here).
    if (got.error === "LimitExceeded" || ref[i].error === "LimitExceeded") return;
    try {
      assert.deepEqual(got, ref[i]);
    } catch {
      wrong.push(
        `${JSON.stringify(c.code)}\n   python3: ${JSON.stringify(ref[i])}\n   TripJudge: ${JSON.stringify(got)}`,
      );
    }
  });
  assert.equal(wrong.length, 0, `${wrong.length} of ${cases.length} differ:\n${wrong.slice(0, 15).join("\n")}`);
}

test("differential: the corpus through python3 (live) and TripJudge agree", () => compare(CORPUS));

test("differential: 600 random snippets through python3 and TripJudge agree on results, values and error types", () => {
  const seed = Number(process.env.DSL_FUZZ_SEED ?? 20261122);
  compare(randomSnippets(600, seed).map((code) => ({ code })));
});
