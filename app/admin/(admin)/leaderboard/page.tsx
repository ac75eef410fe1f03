import { LeaderboardPanel } from "@/components/admin/leaderboard/LeaderboardPanel";

export default function LeaderboardPage() {
  return (
    <>
      <h1>Planner leaderboard</h1>
      <LeaderboardPanel />
    </>
  );
}
