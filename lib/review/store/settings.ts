/** The review sample's settings, kept in the Setting table (key "review") and changed by admins with an audit event. */
import type { Db } from "../../platform/db";
import {
  patchedReviewSettings,
  reviewSettingsSchema,
  type ReviewSettings,
  type ReviewSettingsPatch,
} from "../settings";

const KEY = "review";

export async function getReviewSettings(db: Db): Promise<ReviewSettings> {
  const row = await db.setting.findUnique({ where: { key: KEY } });
  const parsed = reviewSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : reviewSettingsSchema.parse({});
}

export async function updateReviewSettings(
  db: Db,
  patch: ReviewSettingsPatch,
  actorId: string,
): Promise<ReviewSettings> {
  const next = patchedReviewSettings(await getReviewSettings(db), patch);
  await db.$transaction([
    db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: next }, update: { value: next } }),
    db.auditEvent.create({
      data: { actorId, action: "settings.review", targetType: "Setting", targetId: KEY, data: patch },
    }),
  ]);
  return next;
}
