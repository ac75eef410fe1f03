import { AppHeader } from "@/components/AppHeader";
import { JudgeScreen } from "@/components/judge/JudgeScreen";
import { requirePageUser } from "@/lib/server/auth";

export const dynamic = "force-dynamic";

/** Tiles from TILE_URL (OpenStreetMap by default); TILE_URL=none shows markers and routes on a plain background. */
function tiles() {
  const url = process.env.TILE_URL ?? "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
  if (!url || url === "none") return null;
  return { url, attribution: process.env.TILE_ATTRIBUTION ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' };
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
