/**
 * The gold job: gold pairs made from a dataset's feasible plans (lib/quality/store/gold-pairs.ts), run in the worker with its
 * progress (plans read, pairs made, of how many). The import job queues one after each new dataset unless the admin
 * turned it off, so that new experts have a qualification set on the first day with default settings; the Quality
 * page's "Make gold pairs" queues one too (the rule engine's work never runs on the web server).
 */
import { z } from "zod";
import { config } from "../../../kernel";
import { poolOf, type Db } from "../../db/client";
import { goldSummary, makeGoldPairs } from "../../../quality/store";
import { DEFECT_KINDS } from "../../../quality/gold";
import { enqueue, queueFor } from "../queue";
import type { JobHandler } from "../run";

export const goldInput = z.object({
  datasetId: z.string().min(1).max(64),
  /** Only requests of this destination. */
  destinationId: z.string().min(1).max(64).nullish(),
  /** Feasible plans tried (a seeded sample, read a batch at a time), each carrying one defect kind in rotation. */
  plans: z.number().int().min(1).max(1_000_000).default(200),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  kinds: z.array(z.enum(DEFECT_KINDS)).min(1).optional(),
});

export const goldJob: JobHandler = async (ctx) => {
  const input = goldInput.parse(ctx.input);
  ctx.progress({ phase: "making gold pairs", plans: 0, made: 0 });
  const r = await makeGoldPairs(
    ctx.db,
    input.datasetId,
    { ...input, onProgress: (p) => ctx.progress({ phase: "making gold pairs", ...p }) },
    ctx.createdById,
  );
  return { result: r, message: goldSummary(r) };
};

/** Queues the gold job for a dataset (after its import). */
export async function queueGoldJob(
  db: Db,
  datasetId: string,
  datasetName: string,
  createdById: string | null,
): Promise<string> {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return enqueue(poolOf(db), await queueFor(url), {
    kind: "gold",
    title: `Gold pairs for ${datasetName}`,
    input: { datasetId },
    createdById,
  });
}
