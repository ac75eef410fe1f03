import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/infra/client";
import { setFamiliarity } from "@/lib/db/judging/assignment-overview";
import { idParam, parseBody, withRole } from "@/lib/server/api";
import type { FamiliarityAnswer } from "@/lib/server/responses";

const input = z.object({
  userIds: z.array(idParam).min(1).max(1000),
  destinationIds: z.array(idParam).min(1).max(1000),
  /** 1–5 sets the familiarity; 0 removes the destination from the experts. */
  familiarity: z.number().int().min(0).max(5),
});

export const PUT = withRole("ADMIN", async (req, { user }) => {
  const { userIds, destinationIds, familiarity } = await parseBody(req, input, 256 * 1024);
  await setFamiliarity(db(), userIds, destinationIds, familiarity, user.id);
  return NextResponse.json({ ok: true, changed: userIds.length * destinationIds.length } satisfies FamiliarityAnswer);
});
