import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { skipAssignment } from "@/lib/db/judging";
import { idParams, parseBody, withRole } from "@/lib/server/api";

export const POST = withRole("EXPERT", { params: idParams }, async (req, { user, params: { id: assignmentId } }) => {
  const { reason } = await parseBody(req, z.object({ reason: z.string().trim().min(1, "Say why you skip.").max(500) }));
  await skipAssignment(db(), user.id, assignmentId, reason);
  return NextResponse.json({ ok: true });
});
