import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { removeJudgments } from "@/lib/quality/store";
import { offload } from "@/lib/platform/offload";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** What removing the expert's judgments would do to agreement: before and after, and how many pairs reopen. */
export const GET = withRole("ADMIN", { params: idParams }, async (_req, { params: { id } }) =>
  NextResponse.json(await offload("removalPreview", { userId: id })),
);

/** Removes the expert's judgments (their pairs reopen for other experts); the body must confirm it. */
export const DELETE = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  await parseBody(req, z.strictObject({ confirm: z.literal(true) }));
  return NextResponse.json(await removeJudgments(db(), id, user.id));
});
