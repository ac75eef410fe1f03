import { AppHeader } from "@/components/AppHeader";
import { CorrectionScreen } from "@/components/corrections/CorrectionScreen";
import { mapTiles, requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

export default async function CorrectPlanPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  return (
    <>
      <AppHeader user={user} />
      <CorrectionScreen planId={id} userId={user.id} tiles={mapTiles()} />
    </>
  );
}
