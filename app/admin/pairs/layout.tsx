import { AppHeader } from "@/components/AppHeader";
import { REVIEW_ROLES } from "@/lib/accounts";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

/**
 * The pair browser and a pair's page: reviewers (their destinations: every read goes through lib/review's scope, a
 * pair outside it answers 404) and admins; experts go to /forbidden. The other admin pages keep admins only
 * (app/admin/(admin)/layout.tsx). A page that reads the database itself checks the role again.
 */
export default async function PairsLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageUser(REVIEW_ROLES);
  return (
    <>
      <AppHeader user={user} />
      <main className="page">{children}</main>
    </>
  );
}
