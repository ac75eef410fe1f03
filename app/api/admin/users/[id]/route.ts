import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { setActive } from "@/lib/accounts/store";
import { type ActiveAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { active } = await parseBody(req, z.object({ active: z.boolean() }));
  const u = await setActive(db(), id, active, user.id);
  return NextResponse.json({ id: u.id, active: u.active } satisfies ActiveAnswer);
});
