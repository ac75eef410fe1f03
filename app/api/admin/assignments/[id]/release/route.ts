import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { releaseAssignment } from "@/lib/db/judging/judging";
import { idParams, withRole } from "@/lib/server/api";
import type { OkAnswer } from "@/lib/server/responses";

export const POST = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await releaseAssignment(db(), id, user.id);
  return NextResponse.json({ ok: true } satisfies OkAnswer);
});
