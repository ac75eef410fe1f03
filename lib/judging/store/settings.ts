/** Judging settings kept in the Setting table (key "judging"), parsed with their schema and defaults. */
import { ttlCache } from "../../kernel";
import { randomBytes } from "node:crypto";
import { settingsSchema, type JudgingSettings } from "../assignment/policy";
import type { Db } from "../../platform/db";

// Read on every claim and submit: cached briefly per process (changes apply within 5 s in other processes,
// at once in this one).
async function readSettings(db: Db): Promise<JudgingSettings> {
  const row = await db.setting.findUnique({ where: { key: "judging" } });
  const parsed = settingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : settingsSchema.parse({});
}
const cache = ttlCache("judging-settings", 5000, readSettings);

export function getSettings(db: Db): Promise<JudgingSettings> {
  return cache.get(db);
}

export async function updateSettings(
  db: Db,
  patch: Partial<JudgingSettings>,
  actorId: string,
): Promise<JudgingSettings> {
  // Read afresh, not from the cache: the audit event's "before" is what was stored.
  const before = await readSettings(db);
  const next = settingsSchema.parse({ ...before, ...patch });
  await db.setting.upsert({
    where: { key: "judging" },
    create: { key: "judging", value: next },
    update: { value: next },
  });
  cache.set(db, next);
  await db.auditEvent.create({
    data: {
      actorId,
      action: "settings.update",
      targetType: "Setting",
      targetId: "judging",
      data: { before, after: next },
    },
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
