import { NextResponse } from "next/server";
import { db, requestCancel } from "@/lib/platform/db";
import { cancelQueued, type OkAnswer } from "@/lib/platform/http";
import { jobParams, withRole } from "@/lib/platform/next";

/** Cancels a job: at once while queued, at its next heartbeat (≤ 2 s) while running; nothing it did is kept. */
export const POST = withRole("ADMIN", { params: jobParams }, async (_req, { user, params: { id } }) => {
  const kind = await requestCancel(db(), id, user.id);
  await cancelQueued(kind, id);
  return NextResponse.json({ ok: true } satisfies OkAnswer);
});
