import { NextResponse } from "next/server";
import { settingsPatchSchema } from "@/lib/judging";
import { db } from "@/lib/platform/db";
import { getSettings, updateSettings } from "@/lib/judging/store";
import { parseBody, withRole } from "@/lib/platform/next";

export const GET = withRole("ADMIN", async () => NextResponse.json(await getSettings(db())));

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const patch = await parseBody(req, settingsPatchSchema);
  return NextResponse.json(await updateSettings(db(), patch, user.id));
});
