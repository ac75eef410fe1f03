"use client";
/**
 * The assignment page's sections: destinations of experts, progress (with raters per pair), claims in
 * progress, judging settings. A change shows at once; if the server refuses it, it is undone and the error shows
 * above them all, until a change succeeds.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorText } from "../../i18n";
import type { Then } from "../mutations";
import { useOverview } from "../queries";
import { ClaimsSection } from "./ClaimsSection";
import { FamiliaritySection } from "./FamiliaritySection";
import { ProgressSection } from "./ProgressSection";
import { SettingsSection } from "./SettingsSection";

export function AssignPanel() {
  const t = useTranslations("Assign");
  const errorText = useErrorText();
  const overview = useOverview({ refetchInterval: 15_000 });
  const [error, setError] = useState<string | null>(null);
  const then: Then<unknown, unknown> = {
    onSuccess: () => setError(null),
    onError: (e) => setError(t("notSaved", { error: errorText(e) })),
  };
  const o = overview.data;
  if (!o) return <p>{overview.isError ? t("loadFailed") : t("loading")}</p>;
  const fam = new Map(o.familiarity.map((f) => [`${f.userId}|${f.destinationId}`, f.familiarity]));
  return (
    <>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <FamiliaritySection o={o} fam={fam} then={then} />
      <ProgressSection o={o} then={then} />
      <ClaimsSection o={o} fam={fam} then={then} />
      <SettingsSection settings={o.settings} then={then} />
    </>
  );
}
