/**
 * The correction editor's draft (issue 43, item 3): the edits made so far, kept by the browser per plan and expert
 * until saved or discarded, as the judging screen keeps its verdict draft. Only the operations are kept; the
 * history is rebuilt by replaying them on the plan (plans never change: a correction is a new plan, decision 012).
 */
import { z } from "zod";
import { edit, startHistory, type History } from "./history";
import type { Itinerary } from "../datasets/browser";
import type { Result } from "./apply";
import { opSchema } from "./ops";
import type { PlaceLookup } from "./places";

export const correctionDraftSchema = z.object({
  ops: z.array(opSchema),
  /** Time on task so far (ms), counted while the editor was open. */
  elapsedMs: z.number().int().min(0),
  /** The save's request id: a save retried after a reload stores one correction, not two. */
  requestId: z.string().min(8).max(100),
});
export type CorrectionDraft = z.infer<typeof correctionDraftSchema>;

/** The storage key of an expert's draft of a plan: another expert signing in on the same browser never sees it. */
export const correctionDraftKey = (userId: string, planId: string) => `tripjudge.correction.${userId}.${planId}`;

/** A stored draft read back: null when there is none or it is not a draft (corrupt, an older shape). */
export function parseCorrectionDraft(text: string | null): CorrectionDraft | null {
  if (!text) return null;
  try {
    const r = correctionDraftSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The history the draft's edits make on the plan, each replayed as it was made; the first that fails refuses it. */
export function replayDraft(source: Itinerary, ops: CorrectionDraft["ops"], places: PlaceLookup): Result<History> {
  let h = startHistory(source);
  for (const op of ops) {
    const r = edit(h, op, places);
    if (!r.ok) return r;
    h = r.value;
  }
  return { ok: true, value: h };
}
