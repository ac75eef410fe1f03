import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { releaseAssignment } from "@/lib/judging/store";
import { type OkAnswer } from "@/lib/platform/http";
import { idParams, withRole } from "@/lib/platform/next";

export const POST = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await releaseAssignment(db(), id, user.id);
  return NextResponse.json({ ok: true } satisfies OkAnswer);
});
