/** The review sample's settings, kept in the Setting table (key "review") and changed by admins with an audit event. */
import { AppError } from "../../kernel";
import type { Db } from "../../platform/db";
import {
  patchedReviewSettings,
  reviewSettingsSchema,
  type ReviewSettings,
  type ReviewSettingsPatch,
} from "../settings";

const KEY = "review";
/** The Setting that says up to when the review queue's table was filled (pending.ts; absent: to fill afresh). */
export const PENDING_MARK = "review-pending";

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
  const datasets = Object.entries(patch.datasets ?? {})
    .filter(([, v]) => v !== null)
    .map(([id]) => id);
  if ((await db.dataset.count({ where: { id: { in: datasets } } })) !== datasets.length)
    throw new AppError("invalid_request", "A share was given for a dataset that does not exist.");
  const experts = [...new Set(patch.experts ?? [])];
  if ((await db.user.count({ where: { id: { in: experts }, role: "EXPERT" } })) !== experts.length)
    throw new AppError(
      "invalid_request",
      "Only experts' judgments are reviewed whole: one of the accounts named is not an expert.",
    );
  const before = await getReviewSettings(db);
  const next = patchedReviewSettings(before, patch);
  await db.$transaction([
    db.setting.upsert({ where: { key: KEY }, create: { key: KEY, value: next }, update: { value: next } }),
    // Another sample: the queue's table is filled afresh at its next look.
    db.reviewPending.deleteMany({}),
    db.setting.deleteMany({ where: { key: PENDING_MARK } }),
    db.auditEvent.create({
      data: { actorId, action: "settings.review", targetType: "Setting", targetId: KEY, data: { before, after: next } },
    }),
  ]);
  return next;
}
