import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { storedFilesOf } from "@/lib/db/infra/files";
import { getJob } from "@/lib/db/infra/jobs";
import { AppError } from "@/lib/errors";
import { jobParams, withRole } from "@/lib/server/api";

/** One job with its log, result and (for exports) its file. */
export const GET = withRole("ADMIN", { params: jobParams }, async (_req, { params: { id } }) => {
  const job = await getJob(db(), id);
  if (!job) throw new AppError("not_found", "There is no such job.");
  const files =
    job.kind === "export"
      ? (await storedFilesOf(db(), id, "export")).map((f) => ({ name: f.name, bytes: Number(f.bytes) }))
      : [];
  return NextResponse.json({ ...job, files });
});
