import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { reassignAssignment, getSettings } from "@/lib/judging/store";
import { type ReassignAnswer } from "@/lib/platform/http";
import { idParam, idParams, parseBody, withRole } from "@/lib/platform/next";

export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { userId } = await parseBody(req, z.object({ userId: idParam }));
  const assignmentId = await reassignAssignment(db(), id, userId, user.id, await getSettings(db()));
  return NextResponse.json({ ok: true, assignmentId } satisfies ReassignAnswer);
});
