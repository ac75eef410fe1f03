import { NextResponse } from "next/server";
import { settingsPatchSchema } from "@/lib/assignment/policy";
import { db } from "@/lib/db/infra/client";
import { getSettings, updateSettings } from "@/lib/db/judging/settings";
import { parseBody, withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json(await getSettings(db())));

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const patch = await parseBody(req, settingsPatchSchema);
  return NextResponse.json(await updateSettings(db(), patch, user.id));
});
