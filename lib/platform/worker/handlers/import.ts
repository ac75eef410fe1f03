/** The import job: the uploaded files (stored in the database) → a scratch folder → a streamed, all-or-nothing import. */
import path from "node:path";
import { z } from "zod";
import { config } from "../../../kernel";
import { deleteStoredFiles, materializeUploads } from "../../db/files";
import { importBundle } from "../../../datasets/store";
import { progressView, ImportRefused, folderSource, zipSource } from "../../../datasets/importers";
import { JobFailure, type JobHandler } from "../run";
import { queueGoldJob } from "./gold";

export const importInput = z.object({
  excludeInfeasible: z.boolean().default(false),
  /** Queue a gold job for the new dataset (qualification sets and checks); on unless the admin turns it off. */
  makeGold: z.boolean().default(true),
  /** Add the plans to this dataset (another planner's plans for its requests) instead of making a new one. */
  intoDatasetId: z.string().min(1).max(64).optional(),
});

export const importJob: JobHandler = async (ctx) => {
  const input = importInput.parse(ctx.input);
  const maxBytes = config().IMPORT_MAX_BYTES;
  const names = await materializeUploads(ctx.db, ctx.jobId, ctx.scratch);
  if (!names.length)
    throw new JobFailure("The job has no uploaded files (were they removed?). Upload the bundle again.");
  const zip = names.find((n) => n.toLowerCase().endsWith(".zip"));
  let source;
  try {
    source = zip ? await zipSource(path.join(ctx.scratch, zip), maxBytes) : folderSource(ctx.scratch, maxBytes);
  } catch (e) {
    // A bundle that cannot be read at all (a broken archive, over the limit): trying again would not help.
    if (!(e instanceof ImportRefused)) throw e;
    await deleteStoredFiles(ctx.db, ctx.jobId, "upload");
    throw new JobFailure(e.message, e.outcome);
  }
  const t0 = Date.now();
  const r = await importBundle(ctx.db, source, {
    excludeInfeasible: input.excludeInfeasible,
    intoDatasetId: input.intoDatasetId,
    maxBytes,
    actorId: ctx.createdById,
    signal: ctx.signal,
    beforeCommit: () => ctx.checkCancel(),
    onProgress: (p) => ctx.progress(progressView(p, Date.now() - t0)),
  });
  // Finished either way (imported, or refused with its problems): the upload is no longer needed.
  await deleteStoredFiles(ctx.db, ctx.jobId, "upload");
  if (!r.ok) throw new JobFailure(r.message, r);
  const seconds = (Date.now() - t0) / 1000;
  let gold = "";
  // An add gets the gold pairs a new dataset gets once it has new pairs (gold pairs are made from paired requests).
  if (r.created && input.makeGold && (!r.added || r.added.pairs > 0)) {
    // A failure to queue it must not undo a finished import: the admin can make gold pairs on the quality page.
    try {
      const goldJobId = await queueGoldJob(ctx.db, r.datasetId, r.name, ctx.createdById);
      gold = "; gold pairs queued";
      await ctx.log(`gold pairs queued (job ${goldJobId})`);
    } catch (e) {
      await ctx.log(`gold pairs could not be queued (${(e as Error).message}): make them on the quality page`);
    }
  }
  if (r.note) await ctx.log(r.note);
  return {
    result: r,
    message: r.added
      ? `added to “${r.name}”: ${r.added.plans} plans (${r.added.matched} of ${r.added.requests} requests matched), ${r.added.pairs} new pairs in ${seconds.toFixed(1)} s${gold}`
      : r.created
        ? `imported “${r.name}”: ${r.counts.plans} plans, ${r.counts.pairs} pairs in ${seconds.toFixed(1)} s${gold}`
        : `“${r.name}” was imported before; nothing changed`,
  };
};
