import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { getReviewSettings, updateReviewSettings } from "@/lib/review/store";
import { reviewSettingsPatch, type ReviewSettings } from "@/lib/review";
import { parseBody, withRole } from "@/lib/platform/next";

/** The review sample: a share of judgments (per dataset where set) and the experts reviewed whole. */
export const GET = withRole("ADMIN", async () =>
  NextResponse.json((await getReviewSettings(db())) satisfies ReviewSettings),
);

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const patch = await parseBody(req, reviewSettingsPatch, 128 * 1024);
  return NextResponse.json((await updateReviewSettings(db(), patch, user.id)) satisfies ReviewSettings);
});
