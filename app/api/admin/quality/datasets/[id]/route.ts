import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { setGoldRate } from "@/lib/quality/store";
import { EXPLORATION_MAX, SERVING_ORDERS } from "@/lib/judging";
import { setAdaptiveRaters, setServingOrder } from "@/lib/judging/store";
import { requestServingPriorities, type QualityDatasetAnswer } from "@/lib/platform/http";
import { idParams, parseBody, withRole } from "@/lib/platform/next";

const input = z
  .strictObject({
    /** The share of served pairs that are gold, 0–50 %. */
    goldRate: z.number().min(0).max(0.5).optional(),
    /** Two raters first, the third only on disagreement; the calibration share always gets three. */
    adaptiveRaters: z.boolean().optional(),
    calibrationShare: z.number().min(0.05).max(1).default(0.15),
    /** The order its open pairs are served in (docs/serving-order.md). */
    servingOrder: z.enum(SERVING_ORDERS).optional(),
    /** With "informative": the share of ranks drawn uniformly among the planner pairs, 0–0.5. */
    explorationShare: z.number().min(0).max(EXPLORATION_MAX).optional(),
  })
  .refine(
    (x) => [x.goldRate, x.adaptiveRaters, x.servingOrder, x.explorationShare].some((v) => v !== undefined),
    "Send goldRate, adaptiveRaters, servingOrder or explorationShare.",
  );

/** A dataset's quality settings: gold rate, adaptive raters with their calibration share, serving order. */
export const PATCH = withRole("ADMIN", { params: idParams }, async (req, { user, params: { id } }) => {
  const body = await parseBody(req, input);
  if (body.goldRate !== undefined) {
    await setGoldRate(db(), id, body.goldRate, user.id);
  }
  const changed =
    body.adaptiveRaters === undefined
      ? 0
      : await setAdaptiveRaters(db(), id, body.adaptiveRaters, body.calibrationShare, user.id);
  let prioritiesRequested = false;
  if (body.servingOrder !== undefined || body.explorationShare !== undefined) {
    const serving = await setServingOrder(
      db(),
      id,
      { servingOrder: body.servingOrder, explorationShare: body.explorationShare },
      user.id,
    );
    // The change is made: if the queue cannot be reached, the worker's look-out sees the change within seconds.
    if (serving.changed)
      prioritiesRequested = await requestServingPriorities(id).then(
        () => true,
        (e) => (console.error(`serving priorities of ${id}: ${(e as Error).message}`), false),
      );
  }
  return NextResponse.json({
    id,
    ...body,
    pairsChanged: changed,
    prioritiesRequested,
  } satisfies QualityDatasetAnswer);
});
