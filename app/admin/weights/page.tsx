import { AppHeader } from "@/components/AppHeader";
import { FitPanel } from "@/components/admin/FitPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function WeightsPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Reward weights</h1>
        <FitPanel />
      </main>
    </>
  );
}
