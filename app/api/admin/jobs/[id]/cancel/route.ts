import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { requestCancel } from "@/lib/db/infra/jobs";
import { jobParams, withRole } from "@/lib/server/api";
import { cancelQueued } from "@/lib/server/jobs";
import type { OkAnswer } from "@/lib/server/responses";

/** Cancels a job: at once while queued, at its next heartbeat (≤ 2 s) while running; nothing it did is kept. */
export const POST = withRole("ADMIN", { params: jobParams }, async (_req, { user, params: { id } }) => {
  const kind = await requestCancel(db(), id, user.id);
  await cancelQueued(kind, id);
  return NextResponse.json({ ok: true } satisfies OkAnswer);
});
