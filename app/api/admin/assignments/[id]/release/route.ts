import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { releaseAssignment } from "@/lib/db/judging";
import { idParams, withRole } from "@/lib/server/api";

export const POST = withRole("ADMIN", { params: idParams }, async (_req, { user, params: { id } }) => {
  await releaseAssignment(db(), id, user.id);
  return NextResponse.json({ ok: true });
});
