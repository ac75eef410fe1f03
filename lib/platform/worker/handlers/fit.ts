/** The weight-fit job: reads the training pairs, fits (on worker threads), writes progress and the report to the fit's row. */
import { availableParallelism } from "node:os";
import { z } from "zod";
import { trainingPairs } from "../../../exports/store";
import {
  currentWeights,
  failFit,
  finishFit,
  getFit,
  reportProgress,
  startRunning,
  type FitFilters,
  type FitParams,
} from "../../../results/store";
import { DEFAULT_WEIGHTS } from "../../../results/features";
import { fitWeights, toFitPair, trainingPairSchema } from "../../../results/fitting";
import { JobFailure, type JobHandler } from "../run";

export const fitInput = z.object({ fitId: z.string().min(1) });

export const fitJob: JobHandler = async (ctx) => {
  const { fitId } = fitInput.parse(ctx.input);
  if (!(await startRunning(ctx.db, fitId))) throw new JobFailure("The fit is no longer waiting to run.");
  const fit = (await getFit(ctx.db, fitId))!;
  const pairs = [];
  for await (const t of trainingPairs(ctx.db, fit.filters as FitFilters))
    pairs.push(toFitPair(trainingPairSchema.parse(t)));
  if (!pairs.length) {
    await failFit(ctx.db, fitId, "There are no labelled pairs for these filters yet.");
    throw new JobFailure("There are no labelled pairs for these filters yet.");
  }
  await ctx.log(`fitting on ${pairs.length} labelled pairs`);
  let done = 0;
  const timer = setInterval(() => void reportProgress(ctx.db, fitId, done).catch(() => {}), 1000);
  try {
    const inUse = await currentWeights(ctx.db);
    const report = await fitWeights(pairs, {
      ...(fit.options as unknown as FitParams),
      // Scored on the same pairs, for the page to show what adopting would change.
      compare: [
        { name: inUse.adoption ? "in use" : "in use (TripScore's defaults)", weights: inUse.weights },
        ...(inUse.adoption ? [{ name: "TripScore's defaults", weights: DEFAULT_WEIGHTS }] : []),
      ],
      // Leave a core to the web server.
      threads: Math.max(1, availableParallelism() - 1),
      signal: ctx.signal,
      onProgress: (d) => {
        done = d;
        ctx.progress({ share: d });
      },
    });
    clearInterval(timer);
    await finishFit(ctx.db, fitId, report);
    return {
      result: { fitId, trainAccuracy: report.train_accuracy },
      message: `fit done: train accuracy ${(100 * report.train_accuracy).toFixed(1)} %`,
    };
  } finally {
    // On any other end the fit's row follows its job (retried, or failed: see syncFitsWithJobs).
    clearInterval(timer);
  }
};
