import { NextResponse } from "next/server";
import { REVIEW_ROLES } from "@/lib/accounts";
import { pairDetailQuery, type PairDetail } from "@/lib/review";
import { pairDetail, recordNameReveal, reviewScope } from "@/lib/review/store";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { idParams, withRole } from "@/lib/platform/next";

/**
 * A pair's page as JSON (lib/review/pair-detail.ts), for reviewers (their destinations) and admins: 404 for a pair
 * outside the asker's scope as for none at all; `?names=1` names the experts (admins only: reviewers read
 * pseudonyms, 403), and is recorded (an audit event) as an export with names is.
 */
export const GET = withRole(REVIEW_ROLES, { params: idParams }, async (req, { user, params: { id } }) => {
  const q = pairDetailQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  const names = q.names === "1";
  if (names && user.role !== "ADMIN")
    throw new AppError("forbidden", "Experts' names are for admins: reviewers read pseudonyms.");
  const detail = await pairDetail(db(), id, await reviewScope(db(), user), { names });
  if (names) await recordNameReveal(db(), user.id, id);
  return NextResponse.json(detail satisfies PairDetail);
});
