import { getTranslations } from "next-intl/server";
import { LeaderboardPanel } from "@/components/admin/leaderboard/LeaderboardPanel";

export default async function LeaderboardPage() {
  const t = await getTranslations("Leaderboard");
  return (
    <>
      <h1>{t("pageTitle")}</h1>
      <LeaderboardPanel />
    </>
  );
}
