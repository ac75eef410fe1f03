import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { createInvite, UserError } from "@/lib/db/users";
import { withRole } from "@/lib/server/api";
import { inviteUrl } from "@/lib/server/urls";

export const POST = withRole("ADMIN", async (req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = z.string().min(1).max(64).parse((await params).id);
  const target = await db().user.findUnique({ where: { id } });
  if (!target) throw new UserError("No such user.", 404);
  if (!target.active) throw new UserError("Reactivate the account before inviting it.", 409);
  const token = await createInvite(db(), id, user.id);
  return NextResponse.json({ inviteUrl: inviteUrl(req, token) }, { status: 201 });
});
