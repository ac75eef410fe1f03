import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/infra/client";
import { reassignAssignment } from "@/lib/db/judging/judging";
import { getSettings } from "@/lib/db/judging/settings";
import { idParam, idParams, parseBody, withRole } from "@/lib/server/api";
import type { ReassignAnswer } from "@/lib/server/responses";

export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { userId } = await parseBody(req, z.object({ userId: idParam }));
  const assignmentId = await reassignAssignment(db(), id, userId, user.id, await getSettings(db()));
  return NextResponse.json({ ok: true, assignmentId } satisfies ReassignAnswer);
});
