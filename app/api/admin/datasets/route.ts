import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { listDatasets } from "@/lib/datasets/store";
import { createImportJob, type ImportStartedAnswer } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

export const GET = withRole("ADMIN", async () => NextResponse.json({ datasets: await listDatasets(db()) }));

/**
 * multipart/form-data: one .zip, or the files of a bundle folder (manifest.json, pois.json, …). The upload is
 * streamed into the database and imported by a worker: 202 with the job to follow (GET /api/admin/jobs/ID).
 */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const jobId = await createImportJob(db(), req, user.id);
  return NextResponse.json({ jobId } satisfies ImportStartedAnswer, { status: 202 });
});
