import { AppHeader } from "@/components/AppHeader";
import { requirePageUser } from "@/lib/platform/next";

export const dynamic = "force-dynamic";

/**
 * Every admin page but the pair browser and a pair's page (app/admin/pairs/layout.tsx, reviewers too): admins only
 * (others go to sign-in or /forbidden), under the app's header. A layout is not
 * rendered again when the browser moves between its pages, so a page that reads the database itself checks
 * the role again (requirePageUser); the other pages' data come through the API, which checks every request.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageUser("ADMIN");
  return (
    <>
      <AppHeader user={user} />
      <main className="page">{children}</main>
    </>
  );
}
