import { NextResponse } from "next/server";
import { db } from "@/lib/db/infra/client";
import { createInvite } from "@/lib/db/accounts/users";
import { idParams, withRole } from "@/lib/server/api";
import { inviteUrl } from "@/lib/server/urls";
import type { InviteAnswer } from "@/lib/server/responses";

export const POST = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const token = await createInvite(db(), id, user.id);
  return NextResponse.json({ inviteUrl: inviteUrl(req, token) } satisfies InviteAnswer, { status: 201 });
});
