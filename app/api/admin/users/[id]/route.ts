import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { setActive, UserError } from "@/lib/db/users";
import { parseBody, withRole } from "@/lib/server/api";

const idParam = z.string().min(1).max(64);

export const PATCH = withRole("ADMIN", async (req, { user, params }: { user: { id: string }; params: Promise<{ id: string }> }) => {
  const id = idParam.parse((await params).id);
  const { active } = await parseBody(req, z.object({ active: z.boolean() }));
  if (!(await db().user.findUnique({ where: { id } }))) throw new UserError("No such user.", 404);
  const u = await setActive(db(), id, active, user.id);
  return NextResponse.json({ id: u.id, active: u.active });
});
