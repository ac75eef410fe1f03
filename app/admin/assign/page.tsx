import { AppHeader } from "@/components/AppHeader";
import { AssignPanel } from "@/components/admin/AssignPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function AssignPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Assignments and progress</h1>
        <AssignPanel />
      </main>
    </>
  );
}
