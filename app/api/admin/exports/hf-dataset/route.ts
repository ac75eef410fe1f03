import { db } from "@/lib/platform/db";
import { exportQuery, filtersOf, optionsOf, checkSftOptions } from "@/lib/exports";
import { scopeProblem } from "@/lib/exports/store";
import { AppError } from "@/lib/kernel";
import { createJob } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

/**
 * A dataset repository (preference pairs, SFT rows and judgments as Parquet per split, with its README.md card) as a
 * background job: 202 with the job; its .zip is then at /api/admin/jobs/ID/download. The query is the exports' own
 * (dataset, destination, dates, target trl|openai, prompt, min_agreement, split, seed).
 */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const raw = Object.fromEntries(new URL(req.url).searchParams);
  const q = exportQuery.parse(raw);
  const refusal = checkSftOptions({ ...optionsOf(q).preference!, withMetadata: false });
  if (refusal) throw new AppError("invalid_request", refusal);
  const scope = await scopeProblem(db(), filtersOf(q));
  if (scope) throw new AppError("not_found", `Nothing to export: ${scope}.`);
  const jobId = await createJob(db(), {
    kind: "export",
    title: `Export a dataset repository (${q.target})`,
    input: { kind: "hf-dataset", query: raw },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});
