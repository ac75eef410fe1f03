import { PairPage } from "@/components/review/pair/PairPage";
import { mapTiles } from "@/lib/platform/next";

/** A pair's page: its data come through GET /api/admin/pairs/<id>, which checks the asker's scope on every read. */
export default async function PairDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, { names }] = await Promise.all([params, searchParams]);
  return <PairPage id={id} names={typeof names === "string" ? names : null} tiles={mapTiles()} />;
}
