/**
 * The constraint editor's data and changes as TanStack Query hooks (key from components/keys.ts), typed by
 * the server's answers (lib/platform/http/responses.ts). A save or stage change refreshes the editor's data.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Constraint, DslStage } from "@/lib/constraints/browser";
import type { ConstraintEditorAnswer, ConstraintsSavedAnswer, StageAnswer } from "@/lib/platform/browser";
import { api } from "../api";
import { KEYS } from "../keys";

/** A request, its constraint versions, its plans and POI table. */
export function useConstraintEditor(queryId: string) {
  return useQuery({
    queryKey: [...KEYS.dsl, queryId],
    queryFn: () => api<ConstraintEditorAnswer>(`/api/queries/${queryId}/constraints`),
  });
}

/** Saves a new version on top of `parentId` (refused with the newer version as `latest` when someone saved first). */
export function useSaveConstraints(queryId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: { parentId: string | null; constraints: Constraint[]; note: string }) =>
      api<ConstraintsSavedAnswer>(`/api/queries/${queryId}/constraints`, { method: "POST", json: draft }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEYS.dsl, queryId] }),
  });
}

/** Verifies or finalizes a version (admins). */
export function useSetStage(queryId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { versionId: string; stage: DslStage }) =>
      api<StageAnswer>(`/api/queries/${queryId}/constraints/stage`, { method: "POST", json: v }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEYS.dsl, queryId] }),
  });
}
