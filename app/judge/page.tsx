import { AppHeader } from "@/components/AppHeader";
import { JudgeScreen } from "@/components/judge/JudgeScreen";
import { requirePageUser } from "@/lib/platform/next";
import { config } from "@/lib/kernel";

export const dynamic = "force-dynamic";

/** Tiles from TILE_URL (OpenStreetMap by default); TILE_URL=none shows markers and routes on a plain background. */
function tiles() {
  const url = config().TILE_URL;
  if (!url || url === "none") return null;
  return { url, attribution: config().TILE_ATTRIBUTION };
}

export default async function JudgePage({ searchParams }: { searchParams: Promise<{ destination?: string }> }) {
  const user = await requirePageUser("EXPERT");
  const { destination } = await searchParams;
  return (
    <>
      <AppHeader user={user} />
      <JudgeScreen destination={destination && destination.length < 64 ? destination : null} tiles={tiles()} />
    </>
  );
}
