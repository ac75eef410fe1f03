/// <reference lib="webworker" />
/**
 * The correction screen's live checks, off the main thread: the source plan's side is computed once (setup), then
 * every edit sends the corrected plan and gets its before → after (lib/corrections liveChecker). Stale runs are
 * dropped by their run number on the page's side.
 */
import { liveChecker, type LiveCheck, type Place } from "@/lib/corrections/browser";
import type { DslPoi } from "@/lib/constraints/browser";
import type { QueryFacts, Weights } from "@/lib/results/features/browser";
import type { Itinerary } from "@/lib/datasets/browser";

export interface CheckSetup {
  source: Itinerary;
  request: QueryFacts & { destination: string; people: number };
  places: Place[];
  dsl: { codes: string[]; pois: DslPoi[] } | null;
  weights: Weights;
}
export type ToCheckWorker = { kind: "setup"; setup: CheckSetup } | { kind: "check"; run: number; plan: Itinerary };
export type FromCheckWorker =
  { kind: "result"; run: number; check: LiveCheck; ms: number } | { kind: "failed"; run: number; message: string };

let checker: ReturnType<typeof liveChecker> | null = null;

self.onmessage = (e: MessageEvent<ToCheckWorker>) => {
  const m = e.data;
  if (m.kind === "setup") {
    const s = m.setup;
    const byId = new Map(s.places.map((p) => [p.sourceId, p]));
    checker = liveChecker(s.source, {
      request: s.request,
      places: (id) => byId.get(id) ?? null,
      dsl: s.dsl ? { ...s.dsl, destination: s.request.destination, people: s.request.people } : undefined,
      weights: s.weights,
    });
    return;
  }
  const t0 = performance.now();
  try {
    if (!checker) throw new Error("the checks are not set up yet");
    const check = checker.check(m.plan);
    self.postMessage({ kind: "result", run: m.run, check, ms: performance.now() - t0 } satisfies FromCheckWorker);
  } catch (err) {
    self.postMessage({ kind: "failed", run: m.run, message: (err as Error).message } satisfies FromCheckWorker);
  }
};
