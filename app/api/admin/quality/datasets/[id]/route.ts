import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { setGoldRate } from "@/lib/quality/store";
import { setAdaptiveRaters } from "@/lib/judging/store";
import { type QualityDatasetAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

const input = z
  .strictObject({
    /** The share of served pairs that are gold, 0–50 %. */
    goldRate: z.number().min(0).max(0.5).optional(),
    /** Two raters first, the third only on disagreement; the calibration share always gets three. */
    adaptiveRaters: z.boolean().optional(),
    calibrationShare: z.number().min(0.05).max(1).default(0.15),
  })
  .refine((x) => x.goldRate !== undefined || x.adaptiveRaters !== undefined, "Send goldRate or adaptiveRaters.");

/** A dataset's quality settings: gold rate, adaptive raters with their calibration share. */
export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, input);
  if (body.goldRate !== undefined) {
    await setGoldRate(db(), id, body.goldRate, user.id);
  }
  const changed =
    body.adaptiveRaters === undefined
      ? 0
      : await setAdaptiveRaters(db(), id, body.adaptiveRaters, body.calibrationShare, user.id);
  return NextResponse.json({ id, ...body, pairsChanged: changed } satisfies QualityDatasetAnswer);
});
