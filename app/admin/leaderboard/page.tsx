import { AppHeader } from "@/components/AppHeader";
import { LeaderboardPanel } from "@/components/admin/LeaderboardPanel";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

export default async function LeaderboardPage() {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">
        <h1>Planner leaderboard</h1>
        <LeaderboardPanel />
      </main>
    </>
  );
}
