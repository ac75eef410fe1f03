import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { correctionSource } from "@/lib/corrections/store";
import { idParams, withRole } from "@/lib/platform/next";

/**
 * What the correction screen needs (lib/corrections runs in its worker): the plan's canonical itinerary, the
 * request, the destination's place table and the request's final constraints. Never the planner's name, the plan's
 * source id or its raw record (they can name the model).
 */
export const GET = withRole("ANY", { params: idParams }, async (_req, { user, params: { id } }) => {
  const s = await correctionSource(db(), id, user);
  return NextResponse.json({
    plan: { id: s.plan.id, itinerary: s.plan.itinerary },
    request: s.request,
    dataset: { name: s.dataset.name, format: s.dataset.format },
    places: s.places,
    dsl: s.dsl,
    weights: s.weights,
  });
});
