import { getTranslations } from "next-intl/server";
import { AssignPanel } from "@/components/admin/assign/AssignPanel";

export default async function AssignPage() {
  const t = await getTranslations("Assign");
  return (
    <>
      <h1>{t("title")}</h1>
      <AssignPanel />
    </>
  );
}
