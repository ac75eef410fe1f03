import { AppHeader } from "@/components/AppHeader";
import { ConstraintEditor } from "@/components/dsl/ConstraintEditor";
import { getTranslations } from "next-intl/server";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function ConstraintsPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const t = await getTranslations("Dsl");
  return (
    <>
      <AppHeader user={user} />
      <main className="page page-wide">
        <h1>{t("pageTitle")}</h1>
        <ConstraintEditor queryId={id} role={user.role} />
      </main>
    </>
  );
}
