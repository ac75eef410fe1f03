"use client";
/** The expert's draft for one assignment (choice, strength, dimensions, rationale, time on task, request id), kept across reloads. */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Choice } from "@/lib/judging/verdict/browser";
import type { DimensionDraft } from "./DimensionsPanel";

export interface Draft {
  choice: Choice | null;
  /** How much better the chosen plan is (1–3), on datasets that ask; null otherwise or not yet given. */
  strength: 1 | 2 | 3 | null;
  /** Per-dimension answers by key, where the pair asks for them. */
  dimensions: Record<string, DimensionDraft>;
  /** The active row where the pair asks dimensions (dimensions.length = the overall verdict); absent = first open. */
  active?: number;
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

/** A change to the draft: fields to set, or a function of the draft as it stands when the change applies. */
export type DraftChange = Partial<Draft> | ((d: Draft) => Partial<Draft>);

export function useDraft(assignmentId: string | null) {
  // The draft is loaded while rendering the assignment's first frame, never an effect later: a key pressed as the
  // pair appears must find its own draft, not nothing or the previous pair's (CI saw a first key lost that way).
  const [held, setHeld] = useState<{ id: string; draft: Draft } | null>(null);
  let draft: Draft | null = null;
  if (assignmentId) {
    if (held?.id === assignmentId) draft = held.draft;
    else {
      draft = load(assignmentId);
      setHeld({ id: assignmentId, draft });
    }
  }
  const visibleSince = useRef<number | null>(null);
  // The latest draft and its assignment, for timers and unload handlers.
  const latest = useRef<{ id: string; draft: Draft } | null>(null);
  useLayoutEffect(() => {
    latest.current = assignmentId && draft ? { id: assignmentId, draft } : null;
  }, [assignmentId, draft]);

  const persist = useCallback(() => {
    const l = latest.current;
    // Only this assignment's draft: after a switch, the ref already holds the next pair's.
    if (!assignmentId || !l || l.id !== assignmentId) return;
    const now = performance.now();
    const elapsed = l.draft.elapsedMs + (visibleSince.current !== null ? now - visibleSince.current : 0);
    if (visibleSince.current !== null) visibleSince.current = now;
    const next = { ...l.draft, elapsedMs: elapsed };
    latest.current = { id: l.id, draft: next };
    setHeld((h) => (h && h.id === l.id ? { id: h.id, draft: { ...h.draft, elapsedMs: elapsed } } : h));
    save(l.id, next);
    return next;
  }, [assignmentId]);

  useEffect(() => {
    if (!assignmentId) return;
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

  // Changes apply to the draft as it stands then, so two keys pressed before a render both count.
  const update = useCallback(
    (change: DraftChange) => {
      setHeld((h) => {
        if (!h || h.id !== assignmentId) return h;
        const next = { ...h.draft, ...(typeof change === "function" ? change(h.draft) : change) };
        latest.current = { id: h.id, draft: next };
        save(h.id, next);
        return { id: h.id, draft: next };
      });
    },
    [assignmentId],
  );

  /** Time on task so far, including the current visible stretch. */
  const elapsed = useCallback(() => persist()?.elapsedMs ?? 0, [persist]);
  return { draft, update, elapsed };
}

function save(assignmentId: string, d: Draft) {
  try {
    localStorage.setItem(keyOf(assignmentId), JSON.stringify(d));
  } catch {
    /* storage full or blocked: the draft lives in memory only */
  }
}
