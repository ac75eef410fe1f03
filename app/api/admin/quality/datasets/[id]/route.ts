import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { setGoldRate } from "@/lib/db/gold";
import { forgetGoldRate } from "@/lib/db/gold-judging";
import { idParams, parseBody, withRole } from "@/lib/server/api";

/** Sets a dataset's gold rate (the share of served pairs that are gold, 0–50 %). */
export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const { goldRate } = await parseBody(req, z.strictObject({ goldRate: z.number().min(0).max(0.5) }));
  await setGoldRate(db(), id, goldRate, user.id);
  forgetGoldRate(db());
  return NextResponse.json({ id, goldRate });
});
