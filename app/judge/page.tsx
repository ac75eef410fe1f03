import { AppHeader } from "@/components/AppHeader";
import { JudgeScreen } from "@/components/judge/JudgeScreen";
import { mapTiles, requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function JudgePage({ searchParams }: { searchParams: Promise<{ destination?: string }> }) {
  const user = await requirePageUser("EXPERT");
  const { destination } = await searchParams;
  return (
    <>
      <AppHeader user={user} />
      <JudgeScreen destination={destination && destination.length < 64 ? destination : null} tiles={mapTiles()} />
    </>
  );
}
