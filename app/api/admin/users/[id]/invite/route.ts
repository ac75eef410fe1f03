import { NextResponse } from "next/server";
import { db } from "@/lib/db/client";
import { createInvite } from "@/lib/db/users";
import { idParams, withRole } from "@/lib/server/api";
import { inviteUrl } from "@/lib/server/urls";

export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const token = await createInvite(db(), id, user.id);
  return NextResponse.json({ inviteUrl: inviteUrl(req, token) }, { status: 201 });
});
