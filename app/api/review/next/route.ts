import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { REVIEW_ROLES } from "@/lib/accounts";
import { nextForReview } from "@/lib/review/store";
import type { ReviewNextAnswer } from "@/lib/review";
import { idParam, parseBody, withRole } from "@/lib/platform/next";

/** The judgments the reviewer passed this session ("Next"), not served again now. */
const input = z.object({ exclude: z.array(idParam).max(500).default([]) }).strict();

/** The reviewer's next judgment, claimed for them a few minutes (a state change: POST). */
export const POST = withRole(REVIEW_ROLES, async (req, { user }) => {
  const { exclude } = await parseBody(req, input);
  return NextResponse.json((await nextForReview(db(), user, exclude)) satisfies ReviewNextAnswer);
});
