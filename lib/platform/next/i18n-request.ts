/**
 * next-intl's request configuration (next.config.js names this file; docs/decisions/024-next-intl.md): the language
 * is the signed-in account's setting, else the browser's Accept-Language, else English — no locale in the URL.
 */
import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { chooseLocale } from "../../accounts";
import { accountLocale } from "../../accounts/store";
import { db } from "../db/client";
import { currentUser } from "./auth";

export default getRequestConfig(async () => {
  const user = await currentUser();
  const setting = user ? await accountLocale(db(), user.id) : null;
  const locale = chooseLocale(setting, (await headers()).get("accept-language"));
  return { locale, messages: (await import(`../../../messages/${locale}.json`)).default };
});
