/** Runs snippets through CPython with lib/constraints/reference.py (ChinaTravel's evaluator): for the differential tests and the benchmark. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CONCEPT_VALUE_ALIASES } from "../constraints";
import type { Case } from "./dsl-corpus";

export interface ReferenceResult {
  result: boolean;
  value: unknown;
  error: string | null;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "constraints", "reference.py");

export function python(): string | null {
  for (const p of ["/usr/bin/python3", "python3"]) if (spawnSync(p, ["--version"]).status === 0) return p;
  return null;
}

/** `plan` as JSON text, so that 279.0 stays a float for Python as it does for parseJsonPy. */
export function runReference(
  plan: string,
  pois: unknown,
  cases: Case[],
  bench = 0,
): { results: ReferenceResult[]; bench?: { compile_each_time_per_s: number; precompiled_per_s: number } } {
  const py = python();
  if (!py) throw new Error("python3 is needed for the reference evaluator (apt-get install python3)");
  const r = spawnSync(py, [script, JSON.stringify(CONCEPT_VALUE_ALIASES)], {
    input: `{"plan": ${plan}, "pois": ${JSON.stringify(pois)}, "cases": ${JSON.stringify(cases)}, "bench": ${bench}}`,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, PYTHONHASHSEED: "0" },
  });
  if (r.status !== 0) throw new Error(`reference.py failed: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout);
}
