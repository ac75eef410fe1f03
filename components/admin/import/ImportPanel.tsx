"use client";
/** The import page's sections: the upload form, the outcome of the last import (its problems, or its counts), the datasets. */
import { useState } from "react";
import type { ImportOutcome } from "@/lib/platform/browser";
import { DatasetsSection } from "./DatasetsSection";
import { ImportForm } from "./ImportForm";
import { ImportProblems, ImportSummary } from "./ImportOutcome";

export function ImportPanel() {
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  return (
    <>
      <ImportForm onOutcome={setOutcome} />
      {outcome && !outcome.ok && <ImportProblems outcome={outcome} />}
      {outcome && outcome.ok && <ImportSummary outcome={outcome} />}
      <DatasetsSection />
    </>
  );
}
