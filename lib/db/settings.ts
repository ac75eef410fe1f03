/** Judging settings kept in the Setting table (key "judging"), parsed with their schema and defaults. */
import { settingsSchema, type JudgingSettings } from "../assignment/policy";
import type { Db } from "./client";

export async function getSettings(db: Db): Promise<JudgingSettings> {
  const row = await db.setting.findUnique({ where: { key: "judging" } });
  const parsed = settingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : settingsSchema.parse({});
}

export async function updateSettings(db: Db, patch: Partial<JudgingSettings>, actorId: string): Promise<JudgingSettings> {
  const next = settingsSchema.parse({ ...(await getSettings(db)), ...patch });
  await db.setting.upsert({ where: { key: "judging" }, create: { key: "judging", value: next }, update: { value: next } });
  await db.auditEvent.create({ data: { actorId, action: "settings.update", targetType: "Setting", targetId: "judging", data: patch } });
  return next;
}
