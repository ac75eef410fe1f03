import { AppHeader } from "@/components/AppHeader";
import { ReviewScreen } from "@/components/review/queue/ReviewScreen";
import { REVIEW_ROLES } from "@/lib/accounts";
import { requirePageUser } from "@/lib/platform/next";
import { config } from "@/lib/kernel";

export const dynamic = "force-dynamic";

/** Tiles as the judging screen has them (TILE_URL; none: markers and routes on a plain background). */
function tiles() {
  const url = config().TILE_URL;
  if (!url || url === "none") return null;
  return { url, attribution: config().TILE_ATTRIBUTION };
}

/** The review queue: reviewers (their destinations) and admins (every destination). */
export default async function ReviewPage() {
  const user = await requirePageUser(REVIEW_ROLES);
  return (
    <>
      <AppHeader user={user} />
      <ReviewScreen tiles={tiles()} />
    </>
  );
}
