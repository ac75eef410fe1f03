import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { createInvite } from "@/lib/accounts/store";
import { inviteUrl, type InviteAnswer } from "@/lib/platform/http";
import { idParams, withRole } from "@/lib/platform/next";

export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const token = await createInvite(db(), id, user.id);
  return NextResponse.json({ inviteUrl: inviteUrl(req, token) } satisfies InviteAnswer, { status: 201 });
});
