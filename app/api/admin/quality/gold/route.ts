import { z } from "zod";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { DEFECT_KINDS } from "@/lib/quality/gold";
import { createJob } from "@/lib/platform/http";
import { parseBody, withRole } from "@/lib/platform/next";

const input = z.strictObject({
  datasetId: z.string().min(1).max(64),
  /** Only requests of this destination. */
  destinationId: z.string().min(1).max(64).optional(),
  /** Feasible plans tried (a seeded sample), each carrying one defect kind in rotation. */
  plans: z.number().int().min(1).max(1_000_000).default(200),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  kinds: z.array(z.enum(DEFECT_KINDS)).min(1).optional(),
});

/**
 * Makes gold pairs from a dataset's feasible plans as a background job (the rule engine's work never runs on the
 * web server): 202 with the job, whose progress says plans tried and pairs made and whose result is the count by
 * kind. The same request again adds only what is new.
 */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const body = await parseBody(req, input);
  const ds = await db().dataset.findUnique({ where: { id: body.datasetId }, select: { name: true } });
  if (!ds) throw new AppError("not_found", "There is no such dataset.");
  if (body.destinationId) {
    const q = await db().query.findFirst({
      where: { datasetId: body.datasetId, destinationId: body.destinationId },
      select: { id: true },
    });
    if (!q) throw new AppError("not_found", "The dataset has no request of that destination.");
  }
  const jobId = await createJob(db(), {
    kind: "gold",
    title: `Gold pairs for ${ds.name}`,
    input: body,
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});
