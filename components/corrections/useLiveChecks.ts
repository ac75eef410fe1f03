"use client";
/**
 * The live checks of the plan being corrected, from a Web Worker (check.worker.ts): set up once with the source,
 * then one check per edit. A worker silent past WATCHDOG_MS is terminated and replaced (set up again), so a slow
 * check never freezes the screen; its result is then shown as unavailable, never as "ok".
 */
import { useEffect, useRef, useState } from "react";
import type { LiveCheck } from "@/lib/corrections/browser";
import type { Itinerary } from "@/lib/datasets/browser";
import type { CheckSetup, FromCheckWorker, ToCheckWorker } from "./check.worker";

const WATCHDOG_MS = 10_000;

export interface LiveState {
  /** The checks of the plan as it is now; null until the first answer. */
  check: LiveCheck | null;
  /** True while the shown checks are not those of the current plan yet. */
  pending: boolean;
  error: string | null;
  /** How long the last check took, edit to answer (ms). */
  latencyMs: number | null;
}

export function useLiveChecks(setup: CheckSetup | null, plan: Itinerary | null): LiveState {
  const [state, setState] = useState<LiveState>({ check: null, pending: true, error: null, latencyMs: null });
  const worker = useRef<Worker | null>(null);
  const run = useRef(0);

  const spawn = (s: CheckSetup) => {
    const w = new Worker(new URL("./check.worker.ts", import.meta.url), { type: "module" });
    w.postMessage({ kind: "setup", setup: s } satisfies ToCheckWorker);
    worker.current = w;
    return w;
  };

  useEffect(() => {
    if (!setup) return;
    spawn(setup);
    return () => {
      worker.current?.terminate();
      worker.current = null;
    };
  }, [setup]);

  useEffect(() => {
    if (!setup || !plan) return;
    const w = worker.current ?? spawn(setup);
    const id = ++run.current;
    const t0 = performance.now();
    // Only what the worker answers (or a failure) updates the state; until then the shown checks are stale.
    queueMicrotask(() => setState((s) => (s.pending ? s : { ...s, pending: true })));
    const watchdog = setTimeout(() => {
      w.terminate();
      worker.current = null;
      spawn(setup);
      if (run.current === id)
        setState((s) => ({ ...s, pending: false, error: `The checks did not answer within ${WATCHDOG_MS / 1000} s.` }));
    }, WATCHDOG_MS);
    const onMessage = (e: MessageEvent<FromCheckWorker>) => {
      if (e.data.run !== id) return;
      clearTimeout(watchdog);
      const latencyMs = performance.now() - t0;
      if (e.data.kind === "failed")
        setState((s) => ({ ...s, pending: false, error: (e.data as { message: string }).message }));
      else {
        const check = e.data.check;
        setState({ check, pending: false, error: null, latencyMs });
      }
    };
    w.addEventListener("message", onMessage);
    w.postMessage({ kind: "check", run: id, plan } satisfies ToCheckWorker);
    return () => {
      clearTimeout(watchdog);
      w.removeEventListener("message", onMessage);
    };
  }, [setup, plan]);

  return state;
}
