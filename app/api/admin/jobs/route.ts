import { NextResponse } from "next/server";
import { z } from "zod";
import { isRealDate } from "@/lib/kernel";
import { db, JOB_KINDS, listJobs } from "@/lib/platform/db";
import { withRole } from "@/lib/platform/next";

const query = z.object({
  kind: z.enum(JOB_KINDS).optional(),
  before: z.iso
    .datetime()
    .refine((s) => isRealDate(s), "expected a date between 1900 and 2200")
    .optional(),
  take: z.coerce.number().int().min(1).max(100).default(20),
});

/** Background jobs, newest first (a page at a time: `before` = the last one's createdAt). */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json({
    jobs: await listJobs(db(), { kind: q.kind, take: q.take, before: q.before ? new Date(q.before) : undefined }),
  });
});
