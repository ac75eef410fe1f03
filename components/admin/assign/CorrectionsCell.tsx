"use client";
/**
 * A dataset's correction settings on the Assign page: who may correct its plans, whether a correction is offered
 * after a verdict, and how many of the verification raters must prefer a correction. Each change is saved at once
 * (PATCH /api/admin/datasets/ID); the cell starts from what the overview reports.
 */
import { useState } from "react";

export type Correctors = "experts" | "admins" | "nobody";
export type CorrectionVotes = "two_of_two" | "two_of_three";
export interface CorrectionSettings {
  correctors: Correctors;
  correctAfterVerdict: boolean;
  correctionVotes: CorrectionVotes;
}
export const DEFAULT_CORRECTION_SETTINGS: CorrectionSettings = {
  correctors: "experts",
  correctAfterVerdict: true,
  correctionVotes: "two_of_two",
};

export function CorrectionsCell(props: {
  name: string;
  settings: Partial<CorrectionSettings>;
  onSave: (change: Partial<CorrectionSettings>) => void;
}) {
  const [s, setS] = useState<CorrectionSettings>(() => {
    const { correctors, correctAfterVerdict, correctionVotes } = { ...DEFAULT_CORRECTION_SETTINGS, ...props.settings };
    return { correctors, correctAfterVerdict, correctionVotes };
  });
  const change = (c: Partial<CorrectionSettings>) => {
    setS({ ...s, ...c });
    props.onSave(c);
  };
  return (
    <div className="corrections-cell small" role="group" aria-label={`Corrections of ${props.name}`}>
      <label>
        who corrects{" "}
        <select
          aria-label={`Who may correct ${props.name}`}
          value={s.correctors}
          onChange={(e) => change({ correctors: e.target.value as Correctors })}
        >
          <option value="experts">experts and admins</option>
          <option value="admins">admins only</option>
          <option value="nobody">nobody</option>
        </select>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          aria-label={`Offer corrections after a verdict for ${props.name}`}
          checked={s.correctAfterVerdict}
          disabled={s.correctors === "nobody"}
          onChange={(e) => change({ correctAfterVerdict: e.target.checked })}
        />
        offer after a verdict
      </label>
      <label>
        verified by{" "}
        <select
          aria-label={`Votes that verify a correction of ${props.name}`}
          value={s.correctionVotes}
          onChange={(e) => change({ correctionVotes: e.target.value as CorrectionVotes })}
        >
          <option value="two_of_two">2 of 2 raters</option>
          <option value="two_of_three">2 of 3 raters</option>
        </select>
      </label>
    </div>
  );
}
