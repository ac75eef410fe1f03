import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { storedFilesOf } from "@/lib/db/files";
import { getJob } from "@/lib/db/jobs";
import { UserError } from "@/lib/db/users";
import { withRole } from "@/lib/server/api";

/** One job with its log, result and (for exports) its file. */
export const GET = withRole("ADMIN", async (_req, { params }: { params: Promise<{ id: string }> }) => {
  const id = z.uuid().parse((await params).id);
  const job = await getJob(db(), id);
  if (!job) throw new UserError("There is no such job.", 404);
  const files = job.kind === "export" ? (await storedFilesOf(db(), id, "export")).map((f) => ({ name: f.name, bytes: Number(f.bytes) })) : [];
  return NextResponse.json({ ...job, files });
});
