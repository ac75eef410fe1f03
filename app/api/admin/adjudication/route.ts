import { NextResponse } from "next/server";
import { z } from "zod";
import { adjudicationQueue } from "@/lib/results/store";
import { db } from "@/lib/platform/db";
import { adminFigures } from "@/lib/platform/http";
import { withRole } from "@/lib/platform/next";

const query = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Split pairs waiting for a decision, oldest first, a page at a time (`next` names the following page). */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json(
    await adminFigures(`adjudication:${q.limit}:${q.after ?? ""}`, () => adjudicationQueue(db(), q)),
  );
});
