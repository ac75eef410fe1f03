import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { evaluateRaw, parseJsonPy, planScope } from ".";
import { typed } from "./typed";

const fixture = (f: string) => readFileSync(new URL(`./fixtures/${f}`, import.meta.url), "utf8");
const scope = planScope(parseJsonPy(fixture("nanjing-3day-plan.json")), JSON.parse(fixture("nanjing-pois.json")));
const corpus: {
  code: string;
  preference?: string;
  expected: { result: boolean; value: unknown; error: string | null };
}[] = JSON.parse(fixture("corpus-expected.json"));

export function outcome(code: string, preference?: string) {
  const r = evaluateRaw(code, scope, { preference });
  return {
    result: r.result,
    value: r.raw === undefined || r.error ? null : typed(r.raw),
    error: r.error?.type ?? null,
  };
}

test(`the conformance corpus (${corpus.length} snippets) gives CPython's results, values and error types`, () => {
  const wrong = corpus.flatMap((c) => {
    const got = outcome(c.code, c.preference);
    try {
      assert.deepEqual(got, c.expected);
      return [];
    } catch {
      return [
        `${JSON.stringify(c.code)}\n   CPython: ${JSON.stringify(c.expected)}\n   TripJudge: ${JSON.stringify(got)}`,
      ];
    }
  });
  assert.equal(wrong.length, 0, `${wrong.length} differ:\n${wrong.join("\n")}`);
});
