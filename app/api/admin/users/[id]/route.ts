import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/infra/client";
import { setActive } from "@/lib/db/accounts/users";
import { idParams, parseBody, withRole } from "@/lib/server/api";
import type { ActiveAnswer } from "@/lib/server/responses";

export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { active } = await parseBody(req, z.object({ active: z.boolean() }));
  const u = await setActive(db(), id, active, user.id);
  return NextResponse.json({ id: u.id, active: u.active } satisfies ActiveAnswer);
});
