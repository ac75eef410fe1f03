import { AdminUsers } from "@/components/admin/AdminUsers";
import { db } from "@/lib/platform/db";
import { getSignInSettings, listDestinations } from "@/lib/accounts/store";
import { SignInSection } from "@/components/admin/SignInSection";
import { standingCounts } from "@/lib/quality/store";
import Link from "next/link";
import { requirePageUser, ssoProvider } from "@/lib/platform/next";

export default async function AdminHome() {
  // Reads the database itself: checks the role again (app/admin/(admin)/layout.tsx).
  const user = await requirePageUser("ADMIN");
  const [destinations, standing, signIn] = await Promise.all([
    listDestinations(db()),
    standingCounts(db()),
    getSignInSettings(db()),
  ]);
  return (
    <>
      <h1>Admin</h1>
      {standing.paused + standing.failed + standing.qualifying > 0 && (
        <p className="notice" role="status" data-testid="standing-notice">
          {standing.paused > 0 &&
            `${standing.paused} expert${standing.paused > 1 ? "s" : ""} paused by the gold test. `}
          {standing.failed > 0 &&
            `${standing.failed} expert${standing.failed > 1 ? "s" : ""} did not pass qualification. `}
          {standing.qualifying - standing.withoutGold > 0 &&
            `${standing.qualifying - standing.withoutGold} new expert${standing.qualifying - standing.withoutGold > 1 ? "s are" : " is"} qualifying on gold pairs of their destinations. `}
          {standing.withoutGold > 0 &&
            `${standing.withoutGold} new expert${standing.withoutGold > 1 ? "s have" : " has"} no gold pairs for their destinations and judge${standing.withoutGold > 1 ? "" : "s"} real pairs until there are (make gold pairs, or let them through). `}
          <Link href="/admin/quality">Review on the quality page</Link>
        </p>
      )}
      <AdminUsers currentUserId={user.id} />
      <SignInSection initial={signIn} ssoName={ssoProvider()?.name ?? null} />
      <section className="card">
        <h2>Destinations</h2>
        <table className="table" aria-label="Destinations">
          <thead>
            <tr>
              <th>Destination</th>
              <th className="num">Experts</th>
              <th className="num">Requests</th>
              <th className="num">Pairs</th>
              <th className="num">Complete</th>
            </tr>
          </thead>
          <tbody>
            {destinations.map((d) => (
              <tr key={d.id}>
                <td>
                  {d.name}, <span className="muted">{d.country}</span>
                </td>
                <td className="num">{d.experts}</td>
                <td className="num">{d.queries}</td>
                <td className="num">{d.pairs}</td>
                <td className="num">{d.completePairs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
