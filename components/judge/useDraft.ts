"use client";
/** The expert's draft for one assignment (choice, strength, dimensions, rationale, time on task, request id), kept across reloads. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Choice } from "@/lib/assignment/policy";
import type { DimensionDraft } from "./DimensionsPanel";

export interface Draft {
  choice: Choice | null;
  /** How much better the chosen plan is (1–3), on datasets that ask; null otherwise or not yet given. */
  strength: 1 | 2 | 3 | null;
  /** Per-dimension answers by key, where the pair asks for them. */
  dimensions: Record<string, DimensionDraft>;
  rationale: string;
  elapsedMs: number;
  requestId: string;
}

const keyOf = (assignmentId: string) => `tripjudge.draft.${assignmentId}`;

function load(assignmentId: string): Draft {
  try {
    const raw = localStorage.getItem(keyOf(assignmentId));
    if (raw) {
      const d = JSON.parse(raw) as Draft;
      if (typeof d.rationale === "string" && typeof d.requestId === "string")
        return { ...d, strength: d.strength ?? null, dimensions: d.dimensions ?? {} };
    }
  } catch {
    /* storage unavailable or corrupt: start fresh */
  }
  return {
    choice: null,
    strength: null,
    dimensions: {},
    rationale: "",
    elapsedMs: 0,
    requestId: crypto.randomUUID(),
  };
}

export function clearDraft(assignmentId: string) {
  try {
    localStorage.removeItem(keyOf(assignmentId));
  } catch {
    /* ignore */
  }
}

export function useDraft(assignmentId: string | null) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const visibleSince = useRef<number | null>(null);
  // The latest draft for timers and unload handlers (kept in step by every write below).
  const draftRef = useRef<Draft | null>(null);

  const persist = useCallback(() => {
    const d = draftRef.current;
    if (!assignmentId || !d) return;
    const now = performance.now();
    const elapsed = d.elapsedMs + (visibleSince.current !== null ? now - visibleSince.current : 0);
    if (visibleSince.current !== null) visibleSince.current = now;
    const next = { ...d, elapsedMs: elapsed };
    draftRef.current = next;
    setDraft((cur) => (cur ? { ...cur, elapsedMs: elapsed } : cur));
    try {
      localStorage.setItem(keyOf(assignmentId), JSON.stringify(next));
    } catch {
      /* storage full or blocked: the draft lives in memory only */
    }
    return next;
  }, [assignmentId]);

  useEffect(() => {
    if (!assignmentId) return;
    const loaded = load(assignmentId);
    draftRef.current = loaded;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft comes from storage, outside React
    setDraft(loaded);
    visibleSince.current = document.visibilityState === "visible" ? performance.now() : null;
    // Time on task counts only while the page is visible.
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        persist();
        visibleSince.current = null;
      } else visibleSince.current = performance.now();
    };
    const tick = setInterval(persist, 5000);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", persist);
    return () => {
      persist();
      clearInterval(tick);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", persist);
    };
  }, [assignmentId, persist]);

  const update = useCallback(
    (patch: Partial<Draft>) => {
      setDraft((d) => {
        if (!d) return d;
        const next = { ...d, ...patch };
        draftRef.current = next;
        if (assignmentId) {
          try {
            localStorage.setItem(keyOf(assignmentId), JSON.stringify(next));
          } catch {
            /* ignore */
          }
        }
        return next;
      });
    },
    [assignmentId],
  );

  /** Time on task so far, including the current visible stretch. */
  const elapsed = useCallback(() => persist()?.elapsedMs ?? 0, [persist]);
  return { draft, update, elapsed };
}
