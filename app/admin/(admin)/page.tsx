import { AdminUsers } from "@/components/admin/AdminUsers";
import { db } from "@/lib/platform/db";
import { getSignInSettings, listDestinations } from "@/lib/accounts/store";
import { SignInSection } from "@/components/admin/SignInSection";
import { standingCounts } from "@/lib/quality/store";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requirePageUser, ssoProvider } from "@/lib/platform/next";

export default async function AdminHome() {
  // Reads the database itself: checks the role again (app/admin/(admin)/layout.tsx).
  const user = await requirePageUser("ADMIN");
  const [destinations, standing, signIn] = await Promise.all([
    listDestinations(db()),
    standingCounts(db()),
    getSignInSettings(db()),
  ]);
  const t = await getTranslations("Admin");
  const qualifying = standing.qualifying - standing.withoutGold;
  return (
    <>
      <h1>{t("title")}</h1>
      {standing.paused + standing.failed + standing.qualifying > 0 && (
        <p className="notice" role="status" data-testid="standing-notice">
          {standing.paused > 0 && t("standing.paused", { count: standing.paused })}
          {standing.failed > 0 && t("standing.failed", { count: standing.failed })}
          {qualifying > 0 && t("standing.qualifying", { count: qualifying })}
          {standing.withoutGold > 0 && t("standing.withoutGold", { count: standing.withoutGold })}
          <Link href="/admin/quality">{t("standing.review")}</Link>
        </p>
      )}
      <AdminUsers currentUserId={user.id} />
      <SignInSection initial={signIn} ssoName={ssoProvider()?.name ?? null} />
      <section className="card">
        <h2>{t("destinations.title")}</h2>
        <table className="table" aria-label={t("destinations.title")}>
          <thead>
            <tr>
              <th>{t("destinations.destination")}</th>
              <th className="num">{t("destinations.experts")}</th>
              <th className="num">{t("destinations.requests")}</th>
              <th className="num">{t("destinations.pairs")}</th>
              <th className="num">{t("destinations.complete")}</th>
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
