/**
 * The languages TripJudge speaks and how one is chosen (docs/languages.md): the account's setting, else the
 * browser's Accept-Language, else English. Pure: the request config (lib/platform/next/i18n-request.ts) and
 * the language switcher share it.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export const isLocale = (v: unknown): v is Locale => (LOCALES as readonly unknown[]).includes(v);

/** The language a tag falls to: any Chinese to Simplified Chinese (the one Chinese there is), any English to English. */
function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split("-")[0];
  return primary === "zh" ? "zh-CN" : primary === "en" ? "en" : null;
}

/** The best language of an Accept-Language header by its q-values (RFC 9110 §12.5.4), or null when none is spoken. */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  // A header is short; one past 4 KB is not a browser's, and only its start is read.
  for (const part of header.slice(0, 4096).split(",")) {
    const [tag, ...params] = part.split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const locale = localeOfTag(tag);
    if (!locale || !(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale ?? null;
}

/** The language for a request: the account's setting, else the browser's, else English. */
export function chooseLocale(setting: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(setting)) return setting;
  return localeOfAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
