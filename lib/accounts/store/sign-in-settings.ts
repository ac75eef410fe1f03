/** The sign-in settings kept in the Setting table (key "sign-in"): whether experts may still use passwords. */
import { ttlCache } from "../../kernel";
import type { Db } from "../../platform/db";
import { signInSettingsSchema, type SignInSettings } from "../sso";
import { audit } from "./users";

const KEY = "sign-in";

// Read on every password sign-in: cached briefly per process (other processes see a change within 5 s).
const cache = ttlCache("sign-in-settings", 5000, async (db: Db): Promise<SignInSettings> => {
  const row = await db.setting.findUnique({ where: { key: KEY } });
  const parsed = signInSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : signInSettingsSchema.parse({});
});

export function getSignInSettings(db: Db): Promise<SignInSettings> {
  return cache.get(db);
}

export async function updateSignInSettings(
  db: Db,
  patch: Partial<SignInSettings>,
  actorId: string,
): Promise<SignInSettings> {
  const before = await getSignInSettings(db);
  const next = signInSettingsSchema.parse({ ...before, ...patch });
  await db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: next }, update: { value: next } });
  cache.set(db, next);
  await audit(db, actorId, "settings.update", "Setting", KEY, { before, after: next });
  return next;
}
