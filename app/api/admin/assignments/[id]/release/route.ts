import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { releaseAssignment } from "@/lib/db/judging";
import { withRole } from "@/lib/server/api";

export const POST = withRole("ADMIN", async (_req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  await releaseAssignment(db(), z.string().min(1).max(64).parse((await params).id), user.id);
  return NextResponse.json({ ok: true });
});
