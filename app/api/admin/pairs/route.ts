import { NextResponse } from "next/server";
import { REVIEW_ROLES } from "@/lib/accounts";
import { db } from "@/lib/platform/db";
import { pairQuerySchema, paramsObject } from "@/lib/review";
import { pairPage, reviewScope } from "@/lib/review/store";
import { withRole } from "@/lib/platform/next";

/**
 * The pair browser's pages (docs/api.md): the filter, sort, columns and page of /admin/pairs's address, parsed by the
 * same schema (lib/review/pair-filter.ts); answers the rows, the next and previous pages' cursors and the count.
 */
export const GET = withRole(REVIEW_ROLES, async (req, { user }) => {
  const q = pairQuerySchema.parse(paramsObject(new URL(req.url).searchParams));
  return NextResponse.json(await pairPage(db(), q, await reviewScope(db(), user)));
});
