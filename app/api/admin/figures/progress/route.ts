import { NextResponse } from "next/server";
import { z } from "zod";
import { db, figuresProgress } from "@/lib/platform/db";
import { type FiguresProgressAnswer } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

/**
 * Where a heavy page's computation is (decision 017): the stage and rows read of the newest computation of that
 * page's figures, from any app process; null when none runs. A read: nothing changes.
 */
export const GET = withRole("ADMIN", async (req) => {
  const { page } = z
    .object({ page: z.enum(["quality", "judges", "leaderboard", "dimensions"]) })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json({ progress: await figuresProgress(db(), page) } satisfies FiguresProgressAnswer);
});
