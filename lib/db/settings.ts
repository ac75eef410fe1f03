/** Judging settings kept in the Setting table (key "judging"), parsed with their schema and defaults. */
import { processCache } from "../cache";
import { randomBytes } from "node:crypto";
import { settingsSchema, type JudgingSettings } from "../assignment/policy";
import type { Db } from "./client";

// Read on every claim and submit: cached briefly per process (changes apply within CACHE_MS in
// other processes, at once in this one).
const CACHE_MS = 5000;
const cache = processCache("judging-settings", () => new WeakMap<Db, { at: number; value: JudgingSettings }>());

export async function getSettings(db: Db): Promise<JudgingSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const row = await db.setting.findUnique({ where: { key: "judging" } });
  const parsed = settingsSchema.safeParse(row?.value ?? {});
  const value = parsed.success ? parsed.data : settingsSchema.parse({});
  cache.set(db, { at: Date.now(), value });
  return value;
}

export async function updateSettings(
  db: Db,
  patch: Partial<JudgingSettings>,
  actorId: string,
): Promise<JudgingSettings> {
  const next = settingsSchema.parse({ ...(await getSettings(db)), ...patch });
  await db.setting.upsert({
    where: { key: "judging" },
    create: { key: "judging", value: next },
    update: { value: next },
  });
  cache.set(db, { at: Date.now(), value: next });
  await db.auditEvent.create({
    data: { actorId, action: "settings.update", targetType: "Setting", targetId: "judging", data: patch },
  });
  return next;
}

/**
 * The salt of export pseudonyms: random, made once per database and kept in it, so that the web and the
 * command line give an expert the same pseudonym, and the e-mail list alone cannot re-identify anyone.
 */
export async function pseudonymSalt(db: Db): Promise<string> {
  const key = "pseudonym-salt";
  await db.setting.createMany({ data: [{ key, value: randomBytes(32).toString("base64url") }], skipDuplicates: true });
  const row = await db.setting.findUniqueOrThrow({ where: { key } });
  return String(row.value);
}
