import { PairPage } from "@/components/review/pair/PairPage";
import { REVIEW_ROLES } from "@/lib/accounts";
import { mapTiles, requirePageUser } from "@/lib/platform/next";

/**
 * A pair's page, for reviewers and admins (app/admin/pairs/layout.tsx): its data come through
 * GET /api/admin/pairs/<id>, which checks the asker's scope on every read. Experts' names: admins only.
 */
export default async function PairDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, { names }, user] = await Promise.all([params, searchParams, requirePageUser(REVIEW_ROLES)]);
  return (
    <PairPage
      id={id}
      names={typeof names === "string" ? names : null}
      mayName={user.role === "ADMIN"}
      tiles={mapTiles()}
    />
  );
}
