"use client";
/** Agreement overall, per destination and per dataset, as of the figures' computation. */
import { useTranslations } from "next-intl";
import type { AnalyticsAnswer } from "@/lib/platform/browser";
import { useFormat } from "../../format";
import { StatsTable } from "./StatsTable";

export function AgreementSection({ r, failed }: { r: AnalyticsAnswer | undefined; failed: boolean }) {
  const t = useTranslations("Analytics.agreement");
  const { clock } = useFormat();
  return (
    <section className="card">
      <h2>{t("title")}</h2>
      {r && <p className="muted">{t("asOf", { time: clock(r.computedAt) })}</p>}
      {!r ? (
        <p>{failed ? t("failed") : t("computing")}</p>
      ) : (
        <div className="table-scroll">
          <StatsTable
            label={t("title")}
            sections={[
              { label: t("overall"), rows: [[t("allComplete"), r.overall]] },
              { label: t("destination"), rows: Object.entries(r.byDestination) },
              { label: t("dataset"), rows: Object.entries(r.byDataset) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
