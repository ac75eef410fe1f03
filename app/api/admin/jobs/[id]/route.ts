import { NextResponse } from "next/server";
import { db, storedFilesOf, getJob } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { jobParams, withRole } from "@/lib/platform/next";

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
