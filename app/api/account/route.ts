import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { localeSetting } from "@/lib/accounts";
import { setAccountLocale } from "@/lib/accounts/store";
import { parseBody, withRole } from "@/lib/platform/next";

/** The signed-in account's own language: "en", "zh-CN", or null to follow the browser (docs/languages.md). */
export const PATCH = withRole("ANY", async (req, { user }) => {
  const { locale } = await parseBody(req, localeSetting, 1024);
  await setAccountLocale(db(), user.id, locale);
  return NextResponse.json({ locale });
});
