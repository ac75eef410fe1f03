"use client";
/**
 * The agreement page's sections: agreement with intervals (and per dimension and on the signed preference), progress, raters, the calibration share under
 * adaptive raters, position bias, anomaly flags, the splits to adjudicate, exports.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAnalytics } from "../queries";
import { AdaptiveCalibration } from "./AdaptiveCalibration";
import { AdjudicationSection } from "./AdjudicationSection";
import { AgreementSection } from "./AgreementSection";
import { AnomalyFlags } from "./AnomalyFlags";
import { ExportPanel } from "./ExportPanel";
import { PositionBias } from "./PositionBias";
import { ProgressChart } from "./ProgressChart";
import { RatersSection } from "./RatersSection";
import { ScaleAgreementSection } from "./ScaleAgreementSection";

export function AnalyticsPanel() {
  const t = useTranslations("Analytics");
  const [minShared, setMinShared] = useState(5);
  const report = useAnalytics(minShared);
  const r = report.data;
  return (
    <>
      <AgreementSection r={r} failed={report.isError} />
      {r && <ScaleAgreementSection scales={r.scales} />}
      {r && (
        <section className="card">
          <h2>{t("progress")}</h2>
          <ProgressChart days={r.progress} />
        </section>
      )}
      {r && <RatersSection r={r} minShared={minShared} setMinShared={setMinShared} />}
      {r?.adaptive && <AdaptiveCalibration adaptive={r.adaptive} />}
      {r && <PositionBias position={r.position} />}
      <AnomalyFlags />
      <AdjudicationSection />
      <ExportPanel />
    </>
  );
}
