import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { restoreWeights } from "@/lib/results/store";
import { parseBody, withRole } from "@/lib/platform/next";

/** Restores earlier weights (an adoption's id) or TripScore's defaults, as a new recorded change. */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const { restore } = await parseBody(
    req,
    z.object({ restore: z.union([z.literal("defaults"), z.string().min(1).max(100)]) }),
  );
  return NextResponse.json(await restoreWeights(db(), restore, user.id));
});
