import { getTranslations } from "next-intl/server";
import { JudgesPanel } from "@/components/admin/judges/JudgesPanel";

export default async function JudgesPage() {
  const t = await getTranslations("Judges");
  return (
    <>
      <h1>{t("pageTitle")}</h1>
      <JudgesPanel />
    </>
  );
}
