"use client";
/** The account's language (PATCH /api/account): saved, then the page is rendered again in it. */
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "@/lib/accounts/browser";
import { api } from "./api";
import { useErrorText } from "./i18n";

export function LanguageSwitcher() {
  const t = useTranslations("Header");
  const locale = useLocale();
  const router = useRouter();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const choose = async (value: string) => {
    if (!isLocale(value)) return;
    setError(null);
    try {
      await api("/api/account", { method: "PATCH", json: { locale: value } });
      startTransition(() => router.refresh());
    } catch (e) {
      setError(t("languageFailed", { error: errorText(e) }));
    }
  };
  return (
    <label className="language">
      <select
        value={locale}
        disabled={pending}
        onChange={(e) => void choose(e.target.value)}
        aria-label={t("language")}
        data-testid="language"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="error small">
          {error}
        </span>
      )}
    </label>
  );
}
