import { getTranslations } from "next-intl/server";
import { AnalyticsPanel } from "@/components/admin/analytics/AnalyticsPanel";

export default async function AnalyticsPage() {
  const t = await getTranslations("Analytics");
  return (
    <>
      <h1>{t("pageTitle")}</h1>
      <AnalyticsPanel />
    </>
  );
}
