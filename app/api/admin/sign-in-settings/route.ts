import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { getSignInSettings, updateSignInSettings } from "@/lib/accounts/store";
import { signInSettingsPatchSchema, type SignInSettings } from "@/lib/accounts";
import { parseBody, withRole } from "@/lib/platform/next";

/** Sign-in: whether experts must use single sign-on (docs/decisions/023). */
export const GET = withRole("ADMIN", async () =>
  NextResponse.json((await getSignInSettings(db())) satisfies SignInSettings),
);

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const patch = await parseBody(req, signInSettingsPatchSchema, 4 * 1024);
  return NextResponse.json((await updateSignInSettings(db(), patch, user.id)) satisfies SignInSettings);
});
