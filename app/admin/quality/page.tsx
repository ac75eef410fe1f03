import { AppHeader } from "@/components/AppHeader";
import { QualityPanel } from "@/components/admin/QualityPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function QualityPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Quality control of experts</h1>
        <QualityPanel />
      </main>
    </>
  );
}
