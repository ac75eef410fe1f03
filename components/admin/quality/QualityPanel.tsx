"use client";
/**
 * Quality control of experts: the paused notice, then one section each for the experts' standing and
 * figures, the review sample, gold pairs per dataset, strength calibration (where experts give strengths), and qualification with
 * promotion.
 */
import { useTranslations } from "next-intl";
import { useErrorText } from "../../i18n";
import { KEYS } from "../../keys";
import { FiguresAge } from "../FiguresAge";
import { FiguresProgress } from "../FiguresProgress";
import { useQuality } from "../queries";
import { CorrectionsSection } from "./CorrectionsSection";
import { ExpertsSection } from "./ExpertsSection";
import { GoldSection } from "./GoldSection";
import { QualificationSection } from "./QualificationSection";
import { ReviewSampleSection } from "./ReviewSampleSection";
import { StrengthSection } from "./StrengthSection";

export function QualityPanel() {
  const t = useTranslations("Quality");
  const errorText = useErrorText();
  const quality = useQuality();
  const q = quality.data;
  if (quality.error)
    return (
      <p className="error" role="alert">
        {errorText(quality.error)}
      </p>
    );
  if (!q) return <FiguresProgress page="quality" />;
  const paused = q.experts.filter((e) => e.standing === "PAUSED").length;
  return (
    <div className="stack">
      <FiguresAge computedAt={q.computedAt} updating={q.updating} queryKey={KEYS.quality} />
      {quality.isFetching && <FiguresProgress page="quality" />}
      {paused > 0 && (
        <p className="notice" role="status" data-testid="paused-notice">
          {t("paused", { count: paused })}
        </p>
      )}
      <ExpertsSection q={q} />
      <ReviewSampleSection q={q} />
      <GoldSection q={q} />
      <StrengthSection q={q} />
      <QualificationSection />
      <CorrectionsSection />
    </div>
  );
}
