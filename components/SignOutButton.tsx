"use client";
import { useTranslations } from "next-intl";

export function SignOutButton() {
  const t = useTranslations("Header");
  return (
    <button
      type="button"
      className="btn-link"
      // next-auth's client is loaded on the click, not with every page (40 KB of first-load JavaScript).
      onClick={async () => (await import("next-auth/react")).signOut({ callbackUrl: "/signin" })}
    >
      {t("signOut")}
    </button>
  );
}
