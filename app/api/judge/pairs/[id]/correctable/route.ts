import { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { correctablePlans } from "@/lib/corrections/store";
import { idParams, withRole } from "@/lib/platform/next";

/**
 * After a verdict: the plans of the pair the expert just judged, as they saw them (left, right), when its dataset
 * offers corrections after a verdict and they may correct them; 404 for a pair they have not judged.
 */
export const GET = withRole("EXPERT", { params: idParams }, async (_req, { user, params: { id } }) =>
  NextResponse.json(await correctablePlans(db(), id, user)),
);
