import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { cachedWeights } from "@/lib/db/fits";
import { claimNext } from "@/lib/db/judging";
import { renderView } from "@/lib/db/judging-view";
import { getSettings } from "@/lib/db/settings";
import { withSession } from "@/lib/server/api";

const params = z.object({
  destination: z.string().max(64).optional(),
  exclude: z.string().max(400).optional(),
});

/** The expert's current pair (resumed after a reload), or a new claim; `exclude` asks for the one behind it. */
export const GET = withSession("EXPERT", async (req, { session }) => {
  const url = new URL(req.url);
  const p = params.parse(Object.fromEntries(url.searchParams));
  const settings = await getSettings(db());
  const claim = await claimNext(db(), session.userId, settings, { destinationId: p.destination || null, exclude: p.exclude?.split(",").filter(Boolean), session });
  if (!claim) return NextResponse.json({ assignment: null, rationaleMinLength: settings.rationaleMinLength });
  const [view, weights] = await Promise.all([renderView(db(), claim.view), cachedWeights(db())]);
  return new Response(`{"assignment":${view},"rationaleMinLength":${settings.rationaleMinLength},"rewardWeights":${JSON.stringify(weights)}}`, { headers: { "content-type": "application/json" } });
});
