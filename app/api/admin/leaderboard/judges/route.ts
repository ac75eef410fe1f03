import { NextResponse } from "next/server";
import { z } from "zod";
import { scopeProblem } from "@/lib/exports/store";
import { judgesInScope } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { AppError } from "@/lib/kernel";
import { withRole } from "@/lib/platform/next";

const query = z.object({
  dataset: z.string().min(1).max(64).optional(),
  destination: z.string().min(1).max(64).optional(),
  days: z.coerce.number().int().min(1).max(60).optional(),
  gates: z.enum(["0", "1"]).default("0"),
});

/**
 * The uploaded judges with verdicts on pairs in scope: one short query, read apart from the stored leaderboard so a
 * judge just uploaded is offered at once, while the figures are still being recomputed.
 */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const filters = {
    datasetId: q.dataset ?? null,
    destinationId: q.destination ?? null,
    days: q.days ?? null,
    bothGates: q.gates === "1",
  };
  const scope = await scopeProblem(db(), filters);
  if (scope) throw new AppError("not_found", `No judges: ${scope}.`);
  return NextResponse.json({ judges: await judgesInScope(db(), filters) });
});
