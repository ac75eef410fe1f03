import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { setFamiliarity } from "@/lib/db/progress";
import { UserError } from "@/lib/db/users";
import { parseBody, withRole } from "@/lib/server/api";

const input = z.object({
  userIds: z.array(z.string().min(1).max(64)).min(1).max(1000),
  destinationIds: z.array(z.string().min(1).max(64)).min(1).max(1000),
  /** 1–5 sets the familiarity; 0 removes the destination from the experts. */
  familiarity: z.number().int().min(0).max(5),
});

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const { userIds, destinationIds, familiarity } = await parseBody(req, input, 256 * 1024);
  if ((await db().destination.count({ where: { id: { in: destinationIds } } })) !== new Set(destinationIds).size) throw new UserError("Unknown destination.", 400);
  try {
    await setFamiliarity(db(), userIds, destinationIds, familiarity, user.id);
  } catch (e) {
    throw new UserError((e as Error).message, 400);
  }
  return NextResponse.json({ ok: true, changed: userIds.length * destinationIds.length });
});
