import Link from "next/link";
import { useTranslations } from "next-intl";
import type { SessionUser } from "@/lib/accounts/browser";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { SignOutButton } from "./SignOutButton";

export function AppHeader({ user }: { user: SessionUser }) {
  const t = useTranslations("Header");
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        TripJudge
      </Link>
      <nav>
        {user.role === "ADMIN" ? (
          <>
            <Link href="/admin">{t("nav.users")}</Link>
            <Link href="/admin/assign">{t("nav.assign")}</Link>
            <Link href="/admin/import">{t("nav.import")}</Link>
            <Link href="/admin/pairs">{t("nav.pairs")}</Link>
            <Link href="/admin/analytics">{t("nav.agreement")}</Link>
            <Link href="/admin/leaderboard">{t("nav.leaderboard")}</Link>
            <Link href="/admin/judges">{t("nav.judges")}</Link>
            <Link href="/admin/quality">{t("nav.quality")}</Link>
            <Link href="/review">{t("nav.review")}</Link>
            <Link href="/admin/queries">{t("nav.constraints")}</Link>
            <Link href="/admin/weights">{t("nav.weights")}</Link>
            <Link href="/admin/audit">{t("nav.audit")}</Link>
          </>
        ) : user.role === "REVIEWER" ? (
          <>
            <Link href="/review">{t("nav.reviewQueue")}</Link>
            <Link href="/admin/pairs">{t("nav.pairs")}</Link>
          </>
        ) : (
          <Link href="/expert">{t("nav.myPairs")}</Link>
        )}
      </nav>
      <div className="who">
        <span>
          {user.name} <span className="role">{t(`roles.${user.role}`)}</span>
        </span>
        <LanguageSwitcher />
        <SignOutButton />
      </div>
    </header>
  );
}
