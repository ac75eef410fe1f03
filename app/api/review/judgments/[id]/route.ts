import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { REVIEW_ROLES } from "@/lib/accounts";
import { reviewJudgment } from "@/lib/review/store";
import { reviewActionInput, REVIEW_TEXT_MAX, type ReviewActionAnswer } from "@/lib/review";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** Accept, reject (with a reason) or comment one judgment: a reviewer on their destinations', an admin on any, never one's own. */
export const POST = withRole(REVIEW_ROLES, { params: idParams }, async (req, { user, params: { id } }) => {
  const input = await parseBody(req, reviewActionInput, 4 * REVIEW_TEXT_MAX + 1024);
  return NextResponse.json((await reviewJudgment(db(), user, id, input)) satisfies ReviewActionAnswer);
});
