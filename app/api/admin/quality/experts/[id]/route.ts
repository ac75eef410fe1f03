import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { setStanding } from "@/lib/quality/store";
import { type StandingAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

/** An admin's decision on an expert: resume after a pause, pass or fail qualification, or ask them to qualify again. */
export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { action } = await parseBody(req, z.strictObject({ action: z.enum(["resume", "pass", "fail", "requalify"]) }));
  await setStanding(db(), id, action, user.id);
  return NextResponse.json({ id, action } satisfies StandingAnswer);
});
