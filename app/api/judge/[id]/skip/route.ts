import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { skipAssignment } from "@/lib/db/judging";
import { parseBody, withRole } from "@/lib/server/api";

export const POST = withRole("EXPERT", async (req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const assignmentId = z.string().min(1).max(64).parse((await params).id);
  const { reason } = await parseBody(req, z.object({ reason: z.string().trim().min(1, "Say why you skip.").max(500) }));
  await skipAssignment(db(), user.id, assignmentId, reason);
  return NextResponse.json({ ok: true });
});
