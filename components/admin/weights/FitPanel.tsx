"use client";
/**
 * The weights page's sections: starting a fit and watching it, the report of the fit shown (adopting its
 * weights), every fit, and the weights in use with their history (restoring).
 */
import { useState } from "react";
import { DEFAULT_WEIGHTS } from "@/lib/results/features/browser";
import { useAdoptFit, useRestoreWeights } from "../mutations";
import { useFit, useFits } from "../queries";
import { FitReportSection } from "./FitReportSection";
import { FitsSection } from "./FitsSection";
import { StartFitSection } from "./StartFitSection";
import { WeightsInUseSection } from "./WeightsInUseSection";

const DEFAULTS: Record<string, number> = {
  ...DEFAULT_WEIGHTS.soft,
  ...DEFAULT_WEIGHTS.preference,
  w3: DEFAULT_WEIGHTS.w3,
  w4: DEFAULT_WEIGHTS.w4,
};

export function FitPanel() {
  const state = useFits();
  const [selected, setSelected] = useState<string | null>(null);
  const latestDone = state.data?.fits.find((f) => f.status === "DONE")?.id ?? null;
  const shown = selected ?? latestDone;
  const report = useFit(shown);
  const adopt = useAdoptFit();
  const restore = useRestoreWeights();
  const running = state.data?.fits.find((f) => f.status === "QUEUED" || f.status === "RUNNING");
  const r = report.data?.report ?? null;
  const inUse = state.data?.inUse;
  const current: Record<string, number> | null = inUse
    ? { ...inUse.weights.soft, ...inUse.weights.preference, w3: inUse.weights.w3, w4: inUse.weights.w4 }
    : null;
  const usingDefaults = !current || Object.entries(DEFAULTS).every(([k, v]) => current[k] === v);
  return (
    <>
      <StartFitSection running={running} onStarted={() => setSelected(null)} adopt={adopt} restore={restore} />
      {r && shown && (
        <FitReportSection
          r={r}
          shown={shown}
          latest={shown === latestDone}
          adopted={inUse?.adoption?.fitId ?? undefined}
          defaults={DEFAULTS}
          current={current}
          adopt={adopt}
        />
      )}
      <FitsSection fits={state.data?.fits} shown={shown} onShow={setSelected} />
      <WeightsInUseSection state={state.data} usingDefaults={usingDefaults} restore={restore} />
    </>
  );
}
