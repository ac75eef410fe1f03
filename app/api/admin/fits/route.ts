import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { createFit, fitsOverview } from "@/lib/results/store";
import { createJob, type FitStartedAnswer } from "@/lib/platform/http";
import { parseBody, withRole } from "@/lib/platform/next";

const startSchema = z.object({
  datasetId: z.string().min(1).max(100).optional(),
  destinationId: z.string().min(1).max(100).optional(),
  folds: z.union([z.literal(0), z.number().int().min(2).max(20)]).default(5),
  bootstrap: z.number().int().min(0).max(10_000).default(1000),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
});

/** Fits (newest first, without their reports), the weights in use and the history of changes. */
export const GET = withRole("ADMIN", async () => NextResponse.json(await fitsOverview(db())));

export const POST = withRole("ADMIN", async (req, { user }) => {
  const b = await parseBody(req, startSchema);
  const fit = await createFit(
    db(),
    { datasetId: b.datasetId, destinationId: b.destinationId },
    { folds: b.folds, bootstrap: b.bootstrap, seed: b.seed },
    user.id,
  );
  // Runs on the job queue (a worker process, off the web server's event loop).
  const jobId = await createJob(db(), {
    kind: "fit",
    title: `Weight fit (${b.datasetId ? "one dataset" : "all datasets"})`,
    input: { fitId: fit.id },
    createdById: user.id,
  });
  return NextResponse.json({ id: fit.id, jobId } satisfies FitStartedAnswer, { status: 202 });
});
