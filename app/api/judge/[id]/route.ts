import { db } from "@/lib/db/infra/client";
import { assignmentViewJson } from "@/lib/db/judging/judging-view";
import { ownGoldViewJson } from "@/lib/db/judging/gold-judging";
import { getSettings } from "@/lib/db/judging/settings";
import { idParams, withRole } from "@/lib/server/api";

export const GET = withRole("EXPERT", { params: idParams }, async (_req, { user, params: { id } }) => {
  const settings = await getSettings(db());
  const view = (await ownGoldViewJson(db(), id, user.id)) ?? (await assignmentViewJson(db(), id, user.id));
  return new Response(`{"assignment":${view},"rationaleMinLength":${settings.rationaleMinLength}}`, {
    headers: { "content-type": "application/json" },
  });
});
