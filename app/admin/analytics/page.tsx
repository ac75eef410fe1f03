import { AppHeader } from "@/components/AppHeader";
import { AnalyticsPanel } from "@/components/admin/AnalyticsPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function AnalyticsPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Agreement and labels</h1>
        <AnalyticsPanel />
      </main>
    </>
  );
}
