import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { requestCancel } from "@/lib/db/jobs";
import { withRole } from "@/lib/server/api";
import { cancelQueued } from "@/lib/server/jobs";

/** Cancels a job: at once while queued, at its next heartbeat (≤ 2 s) while running; nothing it did is kept. */
export const POST = withRole("ADMIN", async (_req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.uuid().parse((await params).id);
  const kind = await requestCancel(db(), id, user.id);
  await cancelQueued(kind, id);
  return NextResponse.json({ ok: true });
});
