/**
 * The expert's queue on the comparison screen: the current pair, the one behind it (claimed in advance
 * so that it shows at once after a submit), submitting with retries, and skipping.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import type { Choice } from "@/lib/judging/verdict/browser";
import type { NextPairAnswer, SubmitAnswer } from "@/lib/judging/browser";
import type { DimensionChoices } from "@/lib/results/dimensions/browser";
import { api, ApiError } from "../api";
import { useErrorText } from "../i18n";
import { KEYS } from "../keys";
import { clearDraft } from "./useDraft";

const fetchNext = (destination: string | null, exclude: string[] = []) =>
  api<NextPairAnswer>(
    `/api/judge/next?${new URLSearchParams({ ...(destination ? { destination } : {}), ...(exclude.length ? { exclude: exclude.join(",") } : {}) })}`,
    { method: "POST" },
  );

export interface Submission {
  choice: Choice;
  /** 1–3 with left or right where the pair asks (askStrength); null otherwise. */
  strength: 1 | 2 | 3 | null;
  /** Per dimension of the pair's set (screen sides), with a strength where asked; null where none is asked. */
  dimensions: DimensionChoices | null;
  rationale: string;
  timeOnTaskMs: number;
  /** The draft's request id: a retry after a network error stores one judgment, not two. */
  clientRequestId: string;
}

export function useJudgingQueue(destination: string | null, onAdvance: () => void) {
  const qc = useQueryClient();
  const t = useTranslations("Judge");
  const errorText = useErrorText();
  const currentKey = [...KEYS.judge, "current", destination ?? "all"];
  const current = useQuery({
    queryKey: currentKey,
    queryFn: () => fetchNext(destination),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const assignment = current.data?.assignment ?? null;
  const next = useQuery({
    queryKey: [...KEYS.judge, "next", assignment?.assignmentId],
    queryFn: () => fetchNext(destination, [assignment!.assignmentId]),
    enabled: !!assignment,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** While qualifying: the right answer to the pair just submitted, shown until the expert moves on. */
  const [feedback, setFeedback] = useState<NonNullable<SubmitAnswer["feedback"]> | null>(null);
  /** The pair whose verdict was submitted last (offered for correction after the verdict, never before). */
  const [judgedPair, setJudgedPair] = useState<string | null>(null);

  const advance = useCallback(async () => {
    const nextData = next.data?.assignment ? next.data : await fetchNext(destination);
    qc.setQueryData(currentKey, nextData);
    onAdvance();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentKey derives from destination
  }, [next.data, destination, qc, onAdvance]);

  const submit = useCallback(
    async (s: Submission) => {
      if (!assignment || busy) return;
      setBusy(true);
      setError(null);
      try {
        // Only a request that got no answer is retried (the request id keeps it to one judgment).
        let answer: SubmitAnswer | null = null;
        for (let attempt = 0; ; attempt++) {
          try {
            answer = await api<SubmitAnswer>(`/api/judge/${assignment.assignmentId}/submit`, {
              method: "POST",
              json: s,
            });
            break;
          } catch (e) {
            const unanswered = e instanceof ApiError && e.code === "network";
            if (!unanswered) throw e;
            if (attempt === 2) throw new Error(t("draftKept"));
            await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
          }
        }
        clearDraft(assignment.assignmentId);
        setJudgedPair(assignment.pairId);
        if (answer?.feedback) setFeedback(answer.feedback);
        // Paused by the gold test: the pairs held were given back, so nothing is shown until an admin resumes.
        else if (answer?.standing)
          qc.setQueryData(currentKey, {
            assignment: null,
            rationaleMinLength: current.data?.rationaleMinLength ?? 20,
            standing: answer.standing,
          });
        else await advance();
      } catch (e) {
        // The standing changed meanwhile (paused, asked to qualify again): the next-pair answer says why.
        if (e instanceof ApiError && e.code === "not_active")
          qc.setQueryData(currentKey, await fetchNext(destination).catch(() => current.data));
        else setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentKey derives from destination
    [assignment, busy, advance, qc, current.data, t, errorText],
  );

  const dismissFeedback = useCallback(async () => {
    setFeedback(null);
    // Asked afresh rather than taken from the look-ahead: it resumes the pair held behind this one with the
    // set's count as it is now, and after the last pair of the set it brings real pairs.
    qc.setQueryData(currentKey, await fetchNext(destination));
    onAdvance();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currentKey derives from destination
  }, [destination, qc, onAdvance]);

  const skip = useCallback(
    async (reason: string) => {
      if (!assignment) return false;
      try {
        await api(`/api/judge/${assignment.assignmentId}/skip`, { method: "POST", json: { reason } });
        clearDraft(assignment.assignmentId);
        await advance();
        return true;
      } catch (e) {
        setError(errorText(e));
        return false;
      }
    },
    [assignment, advance, errorText],
  );

  return {
    current,
    assignment,
    rationaleMinLength: current.data?.rationaleMinLength ?? 20,
    rewardWeights: current.data?.rewardWeights,
    standing: current.data?.standing ?? null,
    qualification: current.data?.qualification ?? null,
    submit,
    skip,
    busy,
    error,
    feedback,
    dismissFeedback,
    judgedPair,
    dismissJudged: () => setJudgedPair(null),
  };
}
