import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { promoteToGold } from "@/lib/quality/store";
import { parseBody, withRole } from "@/lib/platform/next";

/** Promotes a complete, unanimous real pair to gold (once: a second request returns the same gold pair). */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const { pairId } = await parseBody(req, z.strictObject({ pairId: z.string().min(1).max(64) }));
  const r = await promoteToGold(db(), pairId, user.id);
  return NextResponse.json(r, { status: r.created ? 201 : 200 });
});
