import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { setFamiliarity } from "@/lib/judging/store";
import { type FamiliarityAnswer } from "@/lib/platform/http";
import { idParam, parseBody, withRole } from "@/lib/platform/next";

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
