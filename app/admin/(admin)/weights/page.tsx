import { getTranslations } from "next-intl/server";
import { DimensionsSection } from "@/components/admin/weights/DimensionsSection";
import { FitPanel } from "@/components/admin/weights/FitPanel";

export default async function WeightsPage() {
  const t = await getTranslations("Weights");
  return (
    <>
      <h1>{t("pageTitle")}</h1>
      <FitPanel />
      <DimensionsSection />
    </>
  );
}
