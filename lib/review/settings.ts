/**
 * The review sample (issue 46, docs/reviewers.md): which judgments the review queue serves. A share of every dataset's
 * judgments (or a dataset's own share), and every judgment of the experts named. Kept in the Setting table (key
 * "review") as the judging settings are; the database draws a judgment into the share by a hash of its id
 * (tj_review_draw), as reviewDraw computes it here.
 */
import { createHash } from "node:crypto";
import { z } from "zod";

const share = z.number().min(0, "a share is 0 to 1").max(1, "a share is 0 to 1");

export const reviewSettingsSchema = z
  .object({
    /** Share of judgments drawn for review, every dataset without a share of its own. */
    share: share.default(0.1),
    /** A dataset's own share, by its id. */
    datasets: z.record(z.string().min(1).max(64), share).default({}),
    /** Experts every judgment of whom is reviewed, whatever the shares ("all of one expert's"). */
    experts: z.array(z.string().min(1).max(64)).max(1000).default([]),
  })
  .strict();

export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/** What an admin sends to change them (every field optional; a dataset's share null removes it). */
export const reviewSettingsPatch = z
  .object({
    share: share.optional(),
    datasets: z.record(z.string().min(1).max(64), share.nullable()).optional(),
    experts: z.array(z.string().min(1).max(64)).max(1000).optional(),
  })
  .strict();
export type ReviewSettingsPatch = z.infer<typeof reviewSettingsPatch>;

/** The settings after a patch (a dataset's null share removed). */
export function patchedReviewSettings(s: ReviewSettings, p: ReviewSettingsPatch): ReviewSettings {
  const datasets = { ...s.datasets };
  for (const [id, v] of Object.entries(p.datasets ?? {})) {
    if (v === null) delete datasets[id];
    else datasets[id] = v;
  }
  return reviewSettingsSchema.parse({
    share: p.share ?? s.share,
    datasets,
    experts: p.experts ? [...new Set(p.experts)] : s.experts,
  });
}

/** Where a judgment falls in [0, 1) for the review sample: the first 32 bits of md5("review:" + id), as tj_review_draw. */
export function reviewDraw(judgmentId: string): number {
  return parseInt(createHash("md5").update(`review:${judgmentId}`).digest("hex").slice(0, 8), 16) / 4294967296;
}

/** Whether a judgment is in the review sample. */
export function inReviewSample(s: ReviewSettings, j: { id: string; expertId: string; datasetId: string }): boolean {
  return s.experts.includes(j.expertId) || reviewDraw(j.id) < (s.datasets[j.datasetId] ?? s.share);
}
