import { db } from "@/lib/platform/db";
import { assignmentViewJson, getSettings } from "@/lib/judging/store";
import { ownGoldViewJson } from "@/lib/quality/store";
import { idParams, withRole } from "@/lib/platform/next";

export const GET = withRole("EXPERT", { params: idParams }, async (_req, { user, params: { id } }) => {
  const settings = await getSettings(db());
  const view = (await ownGoldViewJson(db(), id, user.id)) ?? (await assignmentViewJson(db(), id, user.id));
  return new Response(`{"assignment":${view},"rationaleMinLength":${settings.rationaleMinLength}}`, {
    headers: { "content-type": "application/json" },
  });
});
