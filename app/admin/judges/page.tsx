import { AppHeader } from "@/components/AppHeader";
import { JudgesPanel } from "@/components/admin/JudgesPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function JudgesPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Judges and the reward against the experts</h1>
        <JudgesPanel />
      </main>
    </>
  );
}
