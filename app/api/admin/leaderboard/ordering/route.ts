import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { orderingByPlanner } from "@/lib/corrections/store";
import { withRole } from "@/lib/platform/next";

const query = z.object({ dataset: z.string().max(64).optional() });

/** TripCraft's Ordering Score per planner against the experts' verified corrections (reference plans). */
export const GET = withRole("ADMIN", async (req) => {
  const q = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  return NextResponse.json({ planners: await orderingByPlanner(db(), q.dataset ?? null) });
});
