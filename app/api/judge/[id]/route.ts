import { z } from "zod";
import { db } from "@/lib/db/client";
import { assignmentViewJson } from "@/lib/db/judging-view";
import { getSettings } from "@/lib/db/settings";
import { withRole } from "@/lib/server/api";

export const GET = withRole("EXPERT", async (_req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(64).parse((await params).id);
  const settings = await getSettings(db());
  const view = await assignmentViewJson(db(), id, user.id);
  return new Response(`{"assignment":${view},"rationaleMinLength":${settings.rationaleMinLength}}`, { headers: { "content-type": "application/json" } });
});
