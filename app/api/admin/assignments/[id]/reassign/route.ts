import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { reassignAssignment } from "@/lib/db/judging";
import { getSettings } from "@/lib/db/settings";
import { parseBody, withRole } from "@/lib/server/api";

export const POST = withRole("ADMIN", async (req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(64).parse((await params).id);
  const { userId } = await parseBody(req, z.object({ userId: z.string().min(1).max(64) }));
  const assignmentId = await reassignAssignment(db(), id, userId, user.id, await getSettings(db()));
  return NextResponse.json({ ok: true, assignmentId });
});
