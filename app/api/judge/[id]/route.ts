import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { assignmentView } from "@/lib/db/judging-view";
import { getSettings } from "@/lib/db/settings";
import { withRole } from "@/lib/server/api";

export const GET = withRole("EXPERT", async (_req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(64).parse((await params).id);
  const settings = await getSettings(db());
  return NextResponse.json({ assignment: await assignmentView(db(), id, user.id), rationaleMinLength: settings.rationaleMinLength });
});
