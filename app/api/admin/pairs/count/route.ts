import { NextResponse } from "next/server";
import { REVIEW_ROLES } from "@/lib/accounts";
import { db } from "@/lib/platform/db";
import { filterOf, pairQuerySchema, paramsObject } from "@/lib/review";
import { pairCount, reviewScope } from "@/lib/review/store";
import { withRole } from "@/lib/platform/next";

/**
 * How many pairs the pair browser's filter matches, up to 1,000 (`more`: at least that many): apart from the page,
 * which it would slow down on a common word (a count walks up to 1,000 pairs, a page 50).
 */
export const GET = withRole(REVIEW_ROLES, async (req, { user }) => {
  const q = pairQuerySchema.parse(paramsObject(new URL(req.url).searchParams));
  return NextResponse.json(await pairCount(db(), filterOf(q), await reviewScope(db(), user)));
});
