"use client";
/**
 * Pass / fail / error of every constraint on every plan, computed in a Web Worker (evaluate.worker.ts).
 * Each evaluation stops itself at its limits (1 s, 2,000,000 units of work); should the worker still stay
 * silent past that, it is terminated, the snippets not yet evaluated are shown as stopped, and a new worker
 * takes over — so no snippet, not even a saved hostile one, can freeze the editor.
 */
import { useEffect, useRef, useState } from "react";
import { DEFAULT_LIMITS, type DslPoi, type DslResult } from "@/lib/constraints/browser";
import type { FromWorker, ToWorker } from "./evaluate.worker";

const stopped = (ms: number): DslResult => ({
  result: false,
  value: null,
  error: {
    severity: "error",
    type: "LimitExceeded",
    message: `the evaluation was stopped after ${ms} ms`,
    line: null,
    column: null,
    hint: "the snippet does too much work; loops over the plan's activities take well under a millisecond",
  },
});

export function useDslResults(
  plans: Record<string, unknown>[] | undefined,
  pois: DslPoi[] | undefined,
  codes: string[],
): (DslResult[] | undefined)[] {
  const [results, setResults] = useState<(DslResult[] | undefined)[]>([]);
  const worker = useRef<Worker | null>(null);
  const setup = useRef<ToWorker | null>(null);
  const run = useRef(0);
  const key = JSON.stringify(codes);

  const spawn = () => {
    const w = new Worker(new URL("./evaluate.worker.ts", import.meta.url), { type: "module" });
    if (setup.current) w.postMessage(setup.current);
    worker.current = w;
    return w;
  };

  useEffect(() => {
    if (!plans || !pois) return;
    setup.current = { kind: "setup", plans, pois };
    (worker.current ?? spawn()).postMessage(setup.current);
  }, [plans, pois]);

  useEffect(() => () => worker.current?.terminate(), []);

  useEffect(() => {
    if (!plans || !pois) return;
    const w = worker.current ?? spawn();
    const id = ++run.current;
    const limit = DEFAULT_LIMITS.timeMs * Math.max(1, plans.length) + 1000;
    let watchdog: ReturnType<typeof setTimeout>;
    const seen = new Set<number>();
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        // Silent past every limit: end this worker, say so for what is left, start a fresh one.
        w.terminate();
        worker.current = null;
        setResults((prev) => codes.map((_, i) => (seen.has(i) ? prev[i] : plans.map(() => stopped(limit)))));
        spawn();
      }, limit);
    };
    const onMessage = (e: MessageEvent<FromWorker>) => {
      if (e.data.run !== id) return;
      if (e.data.kind === "done") return void clearTimeout(watchdog);
      const { index, results: r } = e.data;
      seen.add(index);
      setResults((prev) => {
        const next = prev.slice(0, codes.length);
        next[index] = r;
        return next;
      });
      arm();
    };
    w.addEventListener("message", onMessage);
    w.postMessage({ kind: "eval", run: id, codes } satisfies ToWorker);
    arm();
    return () => {
      clearTimeout(watchdog);
      w.removeEventListener("message", onMessage);
    };
    // `key` stands for `codes`, whose array changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, plans, pois]);

  return results.slice(0, codes.length);
}
