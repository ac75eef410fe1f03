/// <reference lib="webworker" />
/**
 * The editor's evaluations, off the page's main thread: a snippet that runs long (up to its limits) never
 * freezes the editor, and the page can end this worker outright if an evaluation ever overruns them.
 * Results of unchanged snippets are kept until the plans change.
 */
import { evaluate, fromJs, planScope, type DslPoi, type DslResult, type PlanScope } from "@/lib/constraints/browser";

export type ToWorker =
  { kind: "setup"; plans: Record<string, unknown>[]; pois: DslPoi[] } | { kind: "eval"; run: number; codes: string[] };
export type FromWorker =
  { kind: "result"; run: number; index: number; results: DslResult[] } | { kind: "done"; run: number };

let scopes: PlanScope[] = [];
const cache = new Map<string, DslResult[]>();

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.kind === "setup") {
    scopes = m.plans.map((p) => planScope(fromJs(p), m.pois));
    cache.clear();
    return;
  }
  m.codes.forEach((code, index) => {
    let results = cache.get(code);
    if (!results) {
      results = scopes.map((s) => evaluate(code, s));
      if (cache.size > 500) cache.delete(cache.keys().next().value!);
      cache.set(code, results);
    }
    self.postMessage({ kind: "result", run: m.run, index, results } satisfies FromWorker);
  });
  self.postMessage({ kind: "done", run: m.run } satisfies FromWorker);
};
