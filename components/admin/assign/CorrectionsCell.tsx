"use client";
/**
 * A dataset's correction settings on the Assign page: who may correct its plans, whether a correction is offered
 * after a verdict, and how many of the verification raters must prefer a correction. Each change is saved at once
 * (PATCH /api/admin/datasets/ID); the cell starts from what the overview reports.
 */
import { useTranslations } from "next-intl";
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
  const t = useTranslations("Assign.corrections");
  const [s, setS] = useState<CorrectionSettings>(() => {
    const { correctors, correctAfterVerdict, correctionVotes } = { ...DEFAULT_CORRECTION_SETTINGS, ...props.settings };
    return { correctors, correctAfterVerdict, correctionVotes };
  });
  const change = (c: Partial<CorrectionSettings>) => {
    setS({ ...s, ...c });
    props.onSave(c);
  };
  return (
    <div className="corrections-cell small" role="group" aria-label={t("group", { name: props.name })}>
      <label>
        {t("who")}{" "}
        <select
          aria-label={t("whoLabel", { name: props.name })}
          value={s.correctors}
          onChange={(e) => change({ correctors: e.target.value as Correctors })}
        >
          <option value="experts">{t("experts")}</option>
          <option value="admins">{t("admins")}</option>
          <option value="nobody">{t("nobody")}</option>
        </select>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          aria-label={t("offerLabel", { name: props.name })}
          checked={s.correctAfterVerdict}
          disabled={s.correctors === "nobody"}
          onChange={(e) => change({ correctAfterVerdict: e.target.checked })}
        />
        {t("offer")}
      </label>
      <label>
        {t("verified")}{" "}
        <select
          aria-label={t("votesLabel", { name: props.name })}
          value={s.correctionVotes}
          onChange={(e) => change({ correctionVotes: e.target.value as CorrectionVotes })}
        >
          <option value="two_of_two">{t("twoOfTwo")}</option>
          <option value="two_of_three">{t("twoOfThree")}</option>
        </select>
      </label>
    </div>
  );
}
