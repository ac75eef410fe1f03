/** An account's language setting (User.locale): null follows the browser's Accept-Language (docs/languages.md). */
import type { Locale } from "../locale";
import type { Db } from "../../platform/db";

/** The account's setting, or null (none, or no such account). */
export async function accountLocale(db: Db, userId: string): Promise<string | null> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { locale: true } });
  return u?.locale ?? null;
}

export async function setAccountLocale(db: Db, userId: string, locale: Locale | null): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { locale } });
}
