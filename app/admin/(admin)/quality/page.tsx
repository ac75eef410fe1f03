import { getTranslations } from "next-intl/server";
import { QualityPanel } from "@/components/admin/quality/QualityPanel";

export default async function QualityPage() {
  const t = await getTranslations("Quality");
  return (
    <>
      <h1>{t("pageTitle")}</h1>
      <QualityPanel />
    </>
  );
}
