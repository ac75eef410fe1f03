import { AppHeader } from "@/components/AppHeader";
import { CorrectionScreen } from "@/components/corrections/CorrectionScreen";
import { config } from "@/lib/kernel";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

/** Tiles as on the judging screen (TILE_URL=none: markers and routes on a plain background). */
function tiles() {
  const url = config().TILE_URL;
  if (!url || url === "none") return null;
  return { url, attribution: config().TILE_ATTRIBUTION };
}

export default async function CorrectPlanPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  return (
    <>
      <AppHeader user={user} />
      <CorrectionScreen planId={id} userId={user.id} tiles={tiles()} />
    </>
  );
}
