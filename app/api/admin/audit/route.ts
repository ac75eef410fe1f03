import { NextResponse } from "next/server";
import { auditPageQuery } from "@/lib/audit";
import { auditPage } from "@/lib/audit/store";
import { db } from "@/lib/platform/db";
import { withRole } from "@/lib/platform/next";

/** A page of the audit log, newest first: the filters and `after` (the last page's `next`) from the address. */
export const GET = withRole("ADMIN", async (req) => {
  const { after, limit, ...filters } = auditPageQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(await auditPage(db(), filters, after, limit));
});
