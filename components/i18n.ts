/**
 * Translating what the server says (docs/languages.md): refusals keep their codes, and the client shows a known code
 * in the reader's language; in English, or for a code without a message, the server's own sentence (more specific).
 */
import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "./api";

/** The key under which `text` is in `table` (a table of the server's fixed sentences), or null. */
export function keyOf<K extends string>(table: Readonly<Record<K, string>>, text: string | null | undefined): K | null {
  if (!text) return null;
  for (const [k, v] of Object.entries(table) as [K, string][]) if (v === text) return k;
  return null;
}

/** An error as a sentence for people, in the page's language where its code has one. */
export function useErrorText(): (e: unknown) => string {
  const t = useTranslations("Errors");
  const locale = useLocale();
  return useCallback(
    (e: unknown) => {
      const message = e instanceof Error ? e.message : String(e);
      if (locale === "en" || !(e instanceof ApiError)) return message;
      return t.has(e.code) ? t(e.code) : message;
    },
    [t, locale],
  );
}

/** A sign-in refusal (lib/accounts/messages.ts SIGN_IN_MESSAGES, or the throttle's) in the page's language. */
export function signInText(
  t: (key: string, values?: Record<string, number>) => string,
  message: string,
  table: Readonly<Record<string, string>>,
): string {
  const key = keyOf(table, message);
  if (key) return t(`errors.${key}`);
  const locked = /^Too many failed sign-ins\. Try again in (\d{1,3}) minute\(s\)\.$/.exec(message);
  return locked ? t("errors.locked", { minutes: Number(locked[1]) }) : message;
}
