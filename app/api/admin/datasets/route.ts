import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { listDatasets } from "@/lib/db/datasets/imports";
import { withRole } from "@/lib/server/api";
import { createImportJob } from "@/lib/server/jobs";
import type { ImportStartedAnswer } from "@/lib/server/responses";

export const GET = withRole("ADMIN", async () => NextResponse.json({ datasets: await listDatasets(db()) }));

/**
 * multipart/form-data: one .zip, or the files of a bundle folder (manifest.json, pois.json, …). The upload is
 * streamed into the database and imported by a worker: 202 with the job to follow (GET /api/admin/jobs/ID).
 */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const jobId = await createImportJob(db(), req, user.id);
  return NextResponse.json({ jobId } satisfies ImportStartedAnswer, { status: 202 });
});
