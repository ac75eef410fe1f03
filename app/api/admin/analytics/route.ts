import { NextResponse } from "next/server";
import { z } from "zod";
import { agreementFigures } from "@/lib/results/http";
import { withRole } from "@/lib/platform/next";

/**
 * Agreement overall, per destination and per dataset (bootstrap 95 % intervals), confusion per slot pair,
 * experts, progress, and per dimension and for the signed preference: from the tallies the database keeps
 * (docs/decisions/008); computed in an admin process and stored once a pair has an extra rater (lib/results/http/analytics.ts).
 */
export const GET = withRole("ADMIN", async (req) => {
  const { minShared } = z
    .object({ minShared: z.coerce.number().int().min(1).max(10_000).default(5) })
    .parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(await agreementFigures(minShared));
});
