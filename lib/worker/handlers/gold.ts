/**
 * The gold job: gold pairs made from a dataset's feasible plans (lib/db/quality/gold.ts), run in the worker. The import
 * job queues one after each new dataset unless the admin turned it off, so that new experts have a
 * qualification set on the first day with default settings.
 */
import { z } from "zod";
import { config } from "../../config";
import { poolOf, type Db } from "../../db/infra/client";
import { makeGoldPairs } from "../../db/quality/gold";
import { DEFECT_KINDS } from "../../gold";
import { enqueue, queueFor } from "../queue";
import type { JobHandler } from "../run";

export const goldInput = z.object({
  datasetId: z.string().min(1).max(64),
  /** Feasible plans tried (a seeded sample), each carrying one defect kind in rotation. */
  plans: z.number().int().min(1).max(2000).default(200),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
});

export const goldJob: JobHandler = async (ctx) => {
  const input = goldInput.parse(ctx.input);
  ctx.progress({ phase: "making gold pairs" });
  const r = await makeGoldPairs(ctx.db, input.datasetId, input, ctx.createdById);
  const kinds = DEFECT_KINDS.filter((k) => r.byKind[k] > 0).map((k) => `${r.byKind[k]} ${k.replace(/_/g, " ")}`);
  return {
    result: r,
    message: `${r.made} gold pairs made from ${r.tried} plans${kinds.length ? ` (${kinds.join(", ")})` : ""}; ${r.discarded} candidates discarded`,
  };
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
